/**
 * The checkout without React (ADR 029): one small page script instead of React's hydration, and
 * the same behaviour when the server refuses an order posted as a whole document.
 */
import { expect, test } from "./fixtures.ts";

/** The page script's size, raw (Lighthouse counts about 2.6 KB of it, compressed). */
const SCRIPT_BUDGET_BYTES = 10_000;

test.describe("the checkout page", () => {
  test.use({ allowConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test("loads one small page script and no React, and opens its offer @phone", async ({ page }) => {
    const scripts: { url: string; bytes: number }[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      scripts.push({ url: response.url(), bytes: (await response.body()).length });
    });
    await page.goto("/checkout");
    await expect(page.getByRole("dialog", { name: "Wait! Unlock 25% Off" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.bytes).toBeLessThan(SCRIPT_BUDGET_BYTES);
    await expect(page.locator("link[rel=modulepreload]")).toHaveCount(0);
  });

  test("a refused order comes back with the address, the consent and the offer's countdown", async ({
    page,
  }) => {
    await page.goto("/checkout");
    await page.getByRole("button", { name: "Unlock 25% Discount Now" }).click();
    const banner = page.getByRole("status").filter({ hasText: "25% discount unlocked!" });
    await expect(banner).toContainText(/Offer expires in 0[45]:\d\d/);
    await page.getByLabel("Email address").fill("not-an-address");
    await page.getByRole("checkbox", { name: /I want immediate access to the download/ }).check();
    // Only the server refuses this address: the page comes back as a new document.
    await page.getByRole("button", { name: "Complete Purchase - $35.25" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Please enter a valid email address" }),
    ).toBeVisible();
    await expect(page.getByText("Invalid Email")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue("not-an-address");
    await expect(page.getByRole("checkbox", { name: /I want immediate access/ })).toBeChecked();
    await expect(banner).toContainText(/Offer expires in 0[34]:\d\d/);
    await expect(page.getByTestId("price")).toHaveText("$35.25");
    await expect(page.getByRole("dialog")).toBeHidden();
    // Corrected, the order goes through at the discounted price.
    await page.getByLabel("Email address").fill(`refused-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Complete Purchase - $35.25" }).click();
    await expect(page.getByRole("button", { name: "Pay $35.25" })).toBeVisible();
  });
});
