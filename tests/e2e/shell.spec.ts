import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The checkout opens its discount offer when a product is for sale (another test may have uploaded one). */
async function dismissCheckoutOffer(page: Page) {
  const offer = page.getByRole("dialog");
  if (await offer.isVisible()) await page.keyboard.press("Escape");
  await expect(offer).toBeHidden();
}

test.describe("page shell", () => {
  // The landing page ships without React (its own script runs the menu), the checkout with it.
  for (const path of ["/", "/checkout"]) {
    test(`header links, Blog highlighting and the checkout button on ${path} @phone`, async ({
      page,
      isMobile,
    }) => {
      await page.goto(path);
      await page.waitForSelector("html[data-js]");
      await dismissCheckoutOffer(page);
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: "Coaching Toolkit" })).toHaveAttribute("href", "/");
      await expect(header.getByRole("link", { name: "Get Toolkit - $47" })).toHaveAttribute(
        "href",
        "/checkout",
      );
      const toggle = header.getByRole("button", { name: "Toggle menu" });
      if (isMobile) {
        await expect(toggle).toBeVisible();
        await expect(toggle).toHaveAttribute("aria-expanded", "false");
        await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
        await toggle.click();
        await expect(toggle).toHaveAttribute("aria-expanded", "true");
        const menu = page.getByRole("navigation", { name: "Mobile" });
        await expect(menu.getByRole("link", { name: "Home" })).toBeVisible();
        await expect(menu.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
        await page.keyboard.press("Escape");
        await expect(menu).toBeHidden();
        await toggle.click();
        await menu.getByRole("link", { name: "Home" }).click();
        await page.waitForURL("/");
        await expect(menu).toBeHidden();
      } else {
        await expect(toggle).toBeHidden();
        const nav = page.getByRole("navigation", { name: "Main" });
        const home = expect(nav.getByRole("link", { name: "Home" }));
        await (path === "/" ? home : home.not).toHaveAttribute("aria-current", "page");
        await expect(nav.getByRole("link", { name: "Blog" })).not.toHaveAttribute("aria-current", "page");
      }
    });
  }

  test("links from a page with React to one without load the whole document", async ({ page }) => {
    await page.goto("/checkout");
    await page.waitForSelector("html[data-js]");
    await dismissCheckoutOffer(page);
    await page.getByRole("link", { name: "Back to home" }).click();
    await page.waitForURL("/");
    // The landing page's own script runs its overlays: the countdown moves.
    await expect(page.locator('script[src^="/assets/landing-"]')).toHaveCount(1);
    await expect(page.getByTestId("promo-countdown")).not.toHaveText("24:00:00");
  });
});

test.describe("not-found page", () => {
  test.use({ allowConsoleErrors: [/status of 404/] });

  test("unknown paths show the 404 page with status 404 @phone", async ({ page }) => {
    for (const path of ["/no-such-page", "/blog-x/deep/path", "/a/..%2f..%2fetc/passwd"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText("404", { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    }
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL("/");
  });
});
