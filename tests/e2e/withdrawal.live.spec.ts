import { E2E } from "../../playwright.config.ts";
import { uniqueEmail } from "./buy.ts";
import { expect, test } from "./fixtures.ts";
import { mailTo } from "./mailbox.ts";

/**
 * The withdrawal function in a live store (Stripe keys, the fake Stripe run as a process): the
 * refund goes to Stripe's refunds API as the admin's refund does, and the confirmation names it.
 */

const control = `http://127.0.0.1:${E2E.live.controlPort}`;

test("a live store's buyer who has not downloaded withdraws: refunded at Stripe, confirmed, access ended @phone", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("live-withdraw");
  // Stripe's hosted Checkout, stood in for (the fake's session URLs are Stripe's own form, never fetched).
  await page.route("https://checkout.stripe.com/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>Stripe</title><h1>Stripe Checkout</h1>",
    }),
  );
  await page.goto("/checkout");
  await page.waitForSelector("html[data-js]");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("checkbox", { name: /I want immediate access to the download/ }).check();
  await page.getByRole("button", { name: "Complete Purchase - $47.00" }).click();
  await expect(page.getByRole("heading", { name: "Stripe Checkout" })).toBeVisible();
  const sessionId = new URL(page.url()).pathname.split("/").pop()!;
  const paid = (await (await fetch(`${control}/sessions/${sessionId}/pay`, { method: "POST" })).json()) as {
    webhookStatus: number;
  };
  expect(paid.webhookStatus).toBe(200);
  const delivery = await mailTo(E2E.live.dataDir, email, /is ready to download/);
  const reference = delivery.text!.match(/LCT-[0-9A-F]{10}/)![0];

  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Withdraw from contract here" }).click();
  await page.getByLabel("Order reference or the e-mail you bought with").fill(reference);
  await page.getByLabel("Your name").fill("Live Buyer");
  await page.getByLabel("Your e-mail, for the confirmation").fill(email);
  await page.getByRole("button", { name: "Review withdrawal" }).click();
  await page.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(page.getByRole("heading", { name: "Withdrawal statement received" })).toBeVisible();

  const confirmation = await mailTo(E2E.live.dataDir, email, /We received your withdrawal/);
  expect(confirmation.text).toMatch(/made by Live Buyer on \d{1,2} \w+ \d{4} at \d{2}:\d{2}:\d{2} UTC/);
  expect(confirmation.text).toContain("We have refunded $47.00 in full");
  await page.goto(`/${E2E.successPath}?session_id=${sessionId}`);
  await expect(page.getByRole("heading", { name: "Looking for your download?" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Download Now" })).toHaveCount(0);
});
