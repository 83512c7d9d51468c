/**
 * A live store's public promotion is the price for everyone (ADR 039): while it runs, every price
 * the landing page shows (the hero and its button, the header, the closing call to action, the
 * sticky bar, the exit dialog) and the checkout are the promotion's, and the checkout charges it
 * with no dialog, at desktop width and at 390 px, with JavaScript and without. The exit dialog
 * names the promotion and its real end with a neutral "No thanks". The amounts charged are read
 * from what the fake Stripe received. Screenshots go to /tmp/price-shots/.
 */
import { mkdirSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { dateToRomeInput } from "#app/lib/pricing/rome-time.ts";
import { E2E } from "../../playwright.config.ts";
import { uniqueEmail } from "./buy.ts";
import { expect, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });

const adminUrl = `/${E2E.adminPath}`;
const control = `http://127.0.0.1:${E2E.live.controlPort}`;
const SHOTS = "/tmp/price-shots";
/** 50 % off the regular $47.00: the price every buyer pays while the promotion runs. */
const PRICE = "$23.50";
const PRICE_CENTS = 2350;

async function owner(browser: Browser, act: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${adminUrl}/promozioni`);
  await page.getByLabel("Password").fill(E2E.adminPassword);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page.getByRole("button", { name: "Esci" })).toBeVisible();
  await page.goto(`${adminUrl}/promozioni`);
  await act(page);
  await context.close();
}

const WIDTHS = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "390px", viewport: { width: 390, height: 844 } },
];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  await owner(browser, async (page) => {
    // One public promotion at a time: one left running by another spec ends first.
    const running = page.getByRole("button", { name: "Termina ora" });
    if (await running.count()) {
      await running.first().click();
      await expect(page.getByTestId("promotion-answer")).toHaveText(/Promozione terminata in anticipo/);
    }
    await page.getByLabel("Sconto (%)").fill("50");
    await page.getByLabel("Fine (ora italiana)").fill(dateToRomeInput(new Date(Date.now() + 2 * 3_600_000)));
    await page.getByRole("button", { name: "Programma la promozione" }).click();
    await expect(page.getByTestId("promotion-answer")).toHaveText(/Promozione programmata/);
  });
});

test.afterAll(async ({ browser }) => {
  test.setTimeout(90_000);
  await owner(browser, async (page) => {
    await page.getByRole("button", { name: "Termina ora" }).click();
    await expect(page.getByTestId("promotion-answer")).toHaveText(/Promozione terminata in anticipo/);
  });
});

for (const { name, viewport } of WIDTHS) {
  for (const javaScriptEnabled of [true, false]) {
    const label = `${name}, ${javaScriptEnabled ? "with" : "without"} JavaScript`;
    test(`during a public promotion every button and the checkout show and charge its price (${label})`, async ({
      browser,
    }) => {
      test.setTimeout(90_000);
      const context = await browser.newContext({ viewport, javaScriptEnabled });
      const page = await context.newPage();
      // Stripe's hosted page, stood in for: the fake's session URLs are Stripe's own, never fetched.
      await page.route("https://checkout.stripe.com/**", (route) =>
        route.fulfill({
          contentType: "text/html",
          body: "<!doctype html><title>Stripe</title><h1>Stripe Checkout</h1>",
        }),
      );
      if (javaScriptEnabled) await page.clock.install();
      // The store's facts reach its landing page within a second.
      await expect(async () => {
        await page.goto("/");
        await expect(page.getByText(`OFF - Only ${PRICE}!`)).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 10_000 });

      await expect(page.getByTestId("hero-price")).toHaveText(PRICE);
      // The struck price is the lowest price of the 30 days before the promotion began: $47 on a
      // store that ran none, lower after an earlier spec's promotion; the saving is counted on it.
      const struck = await page.locator("main s").first().textContent();
      const reference = /^Regular price (\$\d+(?:\.\d\d)?)$/.exec(struck ?? "")?.[1];
      expect(reference, `struck price: ${struck}`).toBeDefined();
      const referenceCents = Math.round(Number(reference!.slice(1)) * 100);
      expect(referenceCents).toBeGreaterThan(PRICE_CENTS);
      expect(referenceCents).toBeLessThanOrEqual(4700);
      const save = Math.round(((referenceCents - PRICE_CENTS) / referenceCents) * 100);
      await expect(page.getByText(`Save ${save}%`, { exact: true }).first()).toBeVisible();
      await expect(page.getByRole("link", { name: `Get Instant Access - ${PRICE}` })).toBeVisible();
      await expect(
        page.getByRole("banner").getByRole("link", { name: `Get Toolkit - ${PRICE}` }),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: `Start Now - Only ${PRICE}` })).toHaveCount(1);
      const sticky = page.getByTestId("sticky-bar");
      await expect(sticky).toContainText(`Life Coaching Toolkit - ${PRICE}`);
      await expect(sticky).toContainText(`Get Toolkit Now - ${PRICE}`);
      // No link anywhere still offers the regular price.
      await expect(page.locator("a").filter({ hasText: "$47" })).toHaveCount(0);
      await expect(page.getByText(/worth \$200/)).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/landing-${name}-${javaScriptEnabled ? "js" : "nojs"}.png` });

      if (javaScriptEnabled) {
        // The sticky bar, once scrolled, and the exit dialog after 30 s: the same price, the
        // promotion's real end, and a neutral refusal.
        await page.mouse.wheel(0, 1500);
        await expect(sticky).toBeVisible();
        await expect(sticky.getByRole("link", { name: `Get Toolkit Now - ${PRICE}` })).toBeVisible();
        await page.clock.runFor(31_000);
        const dialog = page.getByRole("dialog");
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(/\d+% OFF until \d+ \w{3} \d{4}, \d{2}:\d{2} CES?T/);
        await expect(dialog).toContainText(`for ${PRICE} instead of ${reference}`);
        await expect(dialog.getByRole("link", { name: `Get the Toolkit for ${PRICE}` })).toHaveAttribute(
          "href",
          "/checkout",
        );
        await expect(dialog.getByRole("button", { name: "No thanks", exact: true })).toBeVisible();
        await expect(dialog.getByText(/one-time|won't be shown again|full price/)).toHaveCount(0);
        await page.screenshot({ path: `${SHOTS}/exit-dialog-${name}.png` });
        await dialog.getByRole("button", { name: "No thanks", exact: true }).click();
        await expect(dialog).toBeHidden();
      }

      await page.getByRole("link", { name: `Get Instant Access - ${PRICE}` }).click();
      await expect(page.getByRole("heading", { name: "Complete Your Purchase" })).toBeVisible();
      if (javaScriptEnabled) await page.waitForSelector("html[data-js]");
      await expect(page.getByTestId("price")).toHaveText(PRICE);
      await expect(page.getByTestId("promotion-notice")).toContainText("off for everyone until");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByText(/Unlock|Continue without discount/)).toHaveCount(0);
      await page.screenshot({
        path: `${SHOTS}/checkout-${name}-${javaScriptEnabled ? "js" : "nojs"}.png`,
        fullPage: true,
      });

      await page.getByLabel("Email address").fill(uniqueEmail("public-promotion"));
      await page.getByRole("checkbox", { name: /I want immediate access to the download/ }).check();
      await page.getByRole("button", { name: `Complete Purchase - ${PRICE}` }).click();
      await expect(page.getByRole("heading", { name: "Stripe Checkout" })).toBeVisible();
      const sessionId = new URL(page.url()).pathname.split("/").pop()!;
      const sessions = (await (await fetch(`${control}/sessions`)).json()) as {
        id: string;
        amount_total: number;
      }[];
      expect(sessions.find((s) => s.id === sessionId)?.amount_total).toBe(PRICE_CENTS);
      await context.close();
    });
  }
}
