import type { Page } from "@playwright/test";
import { E2E } from "../../playwright.config.ts";
import { expect, test } from "./fixtures.ts";

/** The checkout opens its discount offer when a product is for sale (another test may have uploaded one). */
async function dismissCheckoutOffer(page: Page) {
  const offer = page.getByRole("dialog");
  if (await offer.isVisible()) await page.keyboard.press("Escape");
  await expect(offer).toBeHidden();
}

test.describe("page shell", () => {
  // The landing page ships without React (its own script runs the menu), the checkout with it.
  for (const path of ["/", "/checkout"]) {
    test(`header links, Blog highlighting and the checkout button (but on the checkout) on ${path} @phone`, async ({
      page,
      isMobile,
    }) => {
      await page.goto(path);
      await page.waitForSelector("html[data-js]");
      await dismissCheckoutOffer(page);
      const header = page.getByRole("banner");
      await expect(header.getByRole("link", { name: "Coaching Toolkit" })).toHaveAttribute("href", "/");
      // Not on the checkout itself: the buyer is already there.
      const checkoutButton = header.getByRole("link", { name: "Get Toolkit - $47" });
      if (path === "/checkout") await expect(checkoutButton).toHaveCount(0);
      else await expect(checkoutButton).toHaveAttribute("href", "/checkout");
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

  test("no page is wider than a 320 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ["/", "/checkout", "/blog", "/blog/branding-guide-new-coaches"]) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: "Toggle menu" })).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    }
  });

  // Pages without React (ADR 008) load as documents, whichever link leads there: their
  // clientLoader turns a client-side navigation into a document load.
  for (const [from, link, to, script] of [
    ["/checkout", "Back to home", "/", "landing"],
    ["/checkout", "Blog", "/blog", "blog"],
  ] as const) {
    test(`"${link}" on ${from} loads ${to} as a whole document`, async ({ page }) => {
      await page.goto(from);
      await page.waitForSelector("html[data-js]");
      await dismissCheckoutOffer(page);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page
        .getByRole("contentinfo")
        .or(page.getByRole("main"))
        .getByRole("link", { name: link })
        .first()
        .click();
      await page.waitForURL(to);
      await expect(page.locator(`script[data-inlined-from^="/assets/${script}-"]`)).toHaveCount(1);
      expect(await page.evaluate(() => "sameDocument" in window)).toBe(false);
      if (to === "/") await expect(page.getByTestId("promo-countdown")).not.toHaveText("24:00:00");
    });
  }
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

  test("the header works on the 404 page, and its Blog link loads the blog @phone", async ({
    page,
    isMobile,
  }) => {
    await page.goto("/no-such-page");
    await page.waitForSelector("html[data-js]");
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const header = page.getByRole("banner");
    if (isMobile) {
      await header.getByRole("button", { name: "Toggle menu" }).click();
      await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Blog" }).click();
    } else {
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
    }
    await page.waitForURL("/blog");
    await expect(page.locator('script[data-inlined-from^="/assets/blog-"]')).toHaveCount(1);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(false);
  });
});

test.describe("documents", () => {
  // Each page's <title>, <html lang> and Open Graph site name and locale, as served (a crawler's view).
  const pages = [
    { path: "/", status: 200, title: /Life Coaching Branding Toolkit/, lang: "en" },
    { path: "/blog", status: 200, title: /^Blog for Professional Coaches/, lang: "en" },
    { path: "/blog/canva-pro-worth-it", status: 200, title: /^Is Canva Pro Worth It\?/, lang: "en" },
    { path: "/checkout", status: 200, title: /^Checkout - /, lang: "en" },
    { path: "/terms", status: 200, title: /^Terms of Sale$/, lang: "en" },
    { path: "/privacy", status: 200, title: /^Privacy Policy$/, lang: "en" },
    // Without an order the success page is the lost-link form, and says so.
    { path: `/${E2E.successPath}`, status: 200, title: /^Looking for your download\?$/, lang: "en" },
    { path: `/${E2E.adminPath}`, status: 200, title: /^Pannello di amministrazione segreto$/, lang: "it" },
    // The 404 pages are the root error boundary's: they name themselves too.
    { path: "/no-such-page", status: 404, title: /^Page not found$/, lang: "en" },
    { path: "/blog/no-such-article", status: 404, title: /^Page not found$/, lang: "en" },
  ];
  test("every page has a title, its language, and the site's name and locale for Open Graph", async ({
    request,
  }) => {
    for (const { path, status, title, lang } of pages) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(status);
      const html = await response.text();
      const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
      expect(titles, path).toHaveLength(1);
      expect(titles[0], path).toMatch(title);
      expect(html.match(/<html lang="([^"]*)"/)?.[1], path).toBe(lang);
      expect(html, path).toContain('<meta property="og:site_name" content="Coaching Toolkit"/>');
      const locale = lang === "it" ? "it_IT" : "en_US";
      expect(html.match(/<meta property="og:locale" content="([^"]*)"\/>/g), path).toEqual([
        `<meta property="og:locale" content="${locale}"/>`,
      ]);
    }
  });

  test("other errors name themselves too", async ({ request }) => {
    // A POST to a page that takes none: the root error boundary answers 405.
    const response = await request.post("/blog", { form: { a: "b" } });
    expect(response.status()).toBe(405);
    expect(await response.text()).toMatch(/<title>Unexpected Application Error!<\/title>/);
  });
});
