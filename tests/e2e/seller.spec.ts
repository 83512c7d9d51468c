/**
 * The seller named on every public page (ADR 041): the e2e stores run in test mode without the
 * seller's settings, so they show the clearly marked placeholders where a live store shows the
 * seller (a live store's pages are checked over HTTP in tests/integration/seller-named.test.ts).
 */
import { mkdir } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

const SHOTS = "/work/shots/seller";
const UNNAMED =
  "Sold by Seller name not set (test mode), address not set (test mode) · VAT ID not set (test mode)";

/** The page at 390 px and at 1280 px, scrolled to `part`, for a person to look at. */
async function shoot(page: Page, name: string, part: ReturnType<Page["locator"]>) {
  await mkdir(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await part.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

test.describe("the seller", () => {
  test("is named in the footer of the landing page, the blog, the terms and the privacy policy, marked as test mode's @phone", async ({
    page,
  }, testInfo) => {
    for (const path of ["/", "/blog", "/terms", "/privacy"]) {
      await page.goto(path);
      const footer = page.getByRole("contentinfo");
      await footer.scrollIntoViewIfNeeded();
      await expect(footer.getByText(UNNAMED), path).toBeVisible();
      // The line wraps inside the screen: nothing wider than the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
        page.viewportSize()!.width,
      );
    }
    if (testInfo.project.name === "desktop") {
      await page.goto("/");
      await shoot(page, "footer", page.getByRole("contentinfo"));
    }
  });

  test("is the seller in the terms and the data controller in the privacy policy @phone", async ({
    page,
  }, testInfo) => {
    await page.goto("/terms");
    const seller = page.getByRole("heading", { name: "Seller and contact" });
    await expect(seller).toBeVisible();
    await expect(page.getByText(/^The toolkit is sold by Seller name not set \(test mode\)/)).toBeVisible();
    if (testInfo.project.name === "desktop") await shoot(page, "terms", seller);
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText(
      "Who is responsible for your data",
    );
    await expect(
      page.getByText(
        /^The controller of your personal data is the seller, Seller name not set \(test mode\)/,
      ),
    ).toBeVisible();
  });
});
