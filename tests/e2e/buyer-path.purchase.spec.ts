/**
 * What a buyer trying the store met on the way to the download: the consent error beside its box
 * with JavaScript as without, the checkout button's label on one line, no 'Get Toolkit' button in
 * the header once buying, at 390 px and on a desktop.
 */
import { mkdir } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { uniqueEmail } from "./buy.ts";
import { expect, test } from "./fixtures.ts";

const SHOTS = "/work/shots/seller";
const CONSENT_MESSAGE = "Please tick the box to confirm you want immediate access to the download.";

/** The header's button to the checkout. */
const headerButton = (page: Page) =>
  page.getByRole("banner").getByRole("link", { name: "Get Toolkit - $47" });

/** How many lines `button`'s label takes. */
const labelLines = (button: Locator) =>
  button.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

/** The checkout's order form, as a buyer fills it: `email`, the consent box left as it is. */
async function openCheckout(page: Page, email: string) {
  await page.goto("/checkout");
  const decline = page.getByRole("button", { name: "Continue without discount" });
  if (await page.evaluate(() => "js" in document.documentElement.dataset)) await decline.click();
  await page.getByLabel("Email address").fill(email);
}

/** The page at 390 px and at 1280 px, whole, for a person to look at. */
async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test.describe("the buyer's path", () => {
  test("flags a missing consent beside its box, with JavaScript as without @phone", async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openCheckout(page, uniqueEmail("consent-js"));
    await page.getByRole("button", { name: "Complete Purchase - $47.00" }).click();
    const box = page.getByRole("checkbox", { name: /I want immediate access to the download/ });
    const error = page.locator("#consent-error");
    await expect(error).toHaveText(CONSENT_MESSAGE);
    await expect(error).toBeVisible();
    await expect(box).toHaveAttribute("aria-invalid", "true");
    await expect(box).toHaveAccessibleDescription(CONSENT_MESSAGE);
    await expect(page).toHaveURL(/\/checkout$/);
    // Ticked, the box is no longer flagged.
    await box.check();
    await expect(error).toBeHidden();
    await expect(box).not.toHaveAttribute("aria-invalid");

    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const noJs = await context.newPage();
    await openCheckout(noJs, uniqueEmail("consent-nojs"));
    await noJs.getByRole("button", { name: "Complete Purchase - $47.00" }).click();
    await expect(noJs.locator("#consent-error")).toHaveText(CONSENT_MESSAGE);
    await expect(noJs.getByRole("checkbox", { name: /I want immediate access/ })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    await context.close();
  });

  test("keeps the checkout button's label on one line at 390 px and on a desktop @phone", async ({
    page,
  }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await openCheckout(page, uniqueEmail("label"));
      const buy = page.getByRole("button", { name: "Complete Purchase - $47.00" });
      expect(await labelLines(buy), `${width} px`).toBe(1);
      expect(await buy.evaluate((element) => element.scrollWidth <= element.clientWidth), `${width} px`).toBe(
        true,
      );
    }
  });

  test("shows no 'Get Toolkit' button in the header on the checkout, the payment and the success pages @phone", async ({
    page,
  }, testInfo) => {
    await page.goto("/blog");
    await expect(headerButton(page)).toBeVisible();
    await openCheckout(page, uniqueEmail("header"));
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(headerButton(page)).toHaveCount(0);
    const shots = testInfo.project.name === "journeys";
    if (shots) await shoot(page, "checkout");
    await page.getByRole("checkbox", { name: /I want immediate access to the download/ }).check();
    await page.getByRole("button", { name: "Complete Purchase - $47.00" }).click();
    await expect(page.getByRole("button", { name: "Pay $47.00" })).toBeVisible();
    await expect(headerButton(page)).toHaveCount(0);
    await page.getByRole("button", { name: "Pay $47.00" }).click();
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(headerButton(page)).toHaveCount(0);
    if (shots) await shoot(page, "success");
  });
});
