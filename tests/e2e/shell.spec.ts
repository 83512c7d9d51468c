import { expect, test } from "./fixtures";

test.describe("page shell", () => {
  test("header links, Blog highlighting and the checkout button @phone", async ({ page, isMobile }) => {
    await page.goto("/");
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
      await expect(menu).toBeHidden();
    } else {
      await expect(toggle).toBeHidden();
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
      await expect(nav.getByRole("link", { name: "Blog" })).not.toHaveAttribute("aria-current", "page");
    }
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
