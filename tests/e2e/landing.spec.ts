import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { describePictures } from "./pictures.ts";

/**
 * Opens the page with a fake clock and waits until it is interactive: its timers start when the
 * page script runs. The clock also flows on its own, so the steps below leave a second or two of slack.
 */
const open = async (page: Page) => {
  await page.clock.install();
  await page.goto("/");
  await page.waitForSelector("html[data-js]");
};

const axe = async (page: Page, only?: string) => {
  const builder = new AxeBuilder({ page });
  const results = await (only ? builder.include(only) : builder).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
};

test.describe("landing page", () => {
  test("shows the spec's sections, texts and links in order @phone", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByText("LIMITED TIME: 25% OFF - Only $35.25!")).toBeVisible();
    await expect(page.getByRole("link", { name: "Claim 25% OFF Now" })).toHaveAttribute("href", "/checkout");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("$47.00").first()).toBeVisible();
    await expect(page.locator("s").filter({ hasText: "$127" })).toBeVisible();
    await expect(page.getByText("Save 63%")).toBeVisible();
    await expect(page.getByRole("link", { name: "Get Instant Access - $47" })).toHaveAttribute(
      "href",
      "/checkout",
    );
    await expect(page.getByRole("link", { name: "See What's Inside First" })).toHaveAttribute(
      "href",
      "#whats-included",
    );
    for (const badge of ["Instant Download", "30-Day Guarantee", "Canva Compatible"]) {
      await expect(page.getByText(badge, { exact: true }).first()).toBeVisible();
    }
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(headings).toEqual([
      "What's Included",
      "Everything You Need to Succeed",
      "Why Coaches Choose Our Toolkit",
      "How It Works",
      "Ready to Build Your Coaching Brand?",
      "Loved by Coaches",
      "Take a Look Inside",
      "Frequently Asked Questions",
      "30-Day Money-Back Guarantee",
      "Questions?",
    ]);
    await expect(page.locator("#whats-included article")).toHaveCount(6);
    await expect(page.getByText("Over 2500+ Pre-Written Templates in Total!")).toBeVisible();
    await expect(page.getByText("BONUS", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Now - Only $47.00" })).toHaveAttribute(
      "href",
      "/checkout",
    );
    await expect(page.getByText("4.9/5")).toBeVisible();
    await expect(page.getByText("(500+ reviews)")).toBeVisible();
    await expect(page.locator("figure")).toHaveCount(6);
    await expect(page.getByText("trusted by 2,000+ coaches")).toBeVisible();
    await expect(page.locator("details[name=faq]")).toHaveCount(8);
    // SUPPORT_EMAIL as it was when the page was prerendered (npm start builds with the running environment).
    await expect(page.getByRole("link", { name: /Email our support team/ })).toHaveAttribute(
      "href",
      /^mailto:support@/,
    );
  });

  test("the hero and the gallery are our own AVIF/WebP pictures; the gallery is lazy @phone", async ({
    page,
  }) => {
    const images: { url: string; type: string | undefined }[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "image") {
        images.push({ url: response.url(), type: response.headers()["content-type"] });
      }
    });
    await page.goto("/");

    const gallery = page.getByRole("region", { name: "Take a Look Inside" });
    const cards = await gallery.locator("li > picture").evaluateAll(describePictures);
    expect(cards.map((card) => card.alt)).toEqual([
      "Instagram post template: Mindset Monday",
      "Client worksheet template: Goal Setting",
      "Brand kit template: Business Card",
      "Instagram carousel template: 5 Habits",
      "Client form template: Intake Form",
      "Email signature template: Signature Block",
      "Instagram story template: Free Call",
      "Workbook page template: Values Map",
    ]);
    for (const card of cards) {
      expect(card.sources.map((s) => [s.type, s.widths])).toEqual([
        ["image/avif", ["320w", "640w"]],
        ["image/webp", ["320w", "640w"]],
      ]);
      expect(card.sources.every((s) => /250px/.test(s.sizes ?? ""))).toBe(true);
      expect([card.width, card.height]).toEqual([640, 800]);
      expect([card.loading, card.priority, card.decoding]).toEqual(["lazy", null, "async"]);
    }
    // In the first viewport on desktop, below it on phones: eager, but the headline stays the LCP.
    const [hero] = await page.locator("section").first().locator("picture").evaluateAll(describePictures);
    expect(hero!.sources.map((s) => [s.type, s.widths])).toEqual([
      ["image/avif", ["480w", "800w", "1200w"]],
      ["image/webp", ["480w", "800w", "1200w"]],
    ]);
    expect(hero!.alt).toMatch(/^Toolkit templates: /);
    expect([hero!.width, hero!.height]).toEqual([1200, 960]);
    expect([hero!.loading, hero!.priority, hero!.decoding]).toEqual(["eager", null, "async"]);

    // The box is reserved before the lazy image loads (no layout shift), then the browser loads the AVIF.
    const first = gallery.locator("li img").first();
    const box = (await first.boundingBox())!;
    expect(Math.abs(box.height - box.width * 1.25)).toBeLessThan(1);
    await first.scrollIntoViewIfNeeded();
    await expect
      .poll(() => first.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
      .toBe(true);
    const src = await first.evaluate((i: HTMLImageElement) => i.currentSrc);
    expect(src).toMatch(/\/assets\/post-mindset-monday-[\w-]+\.avif$/);
    await expect.poll(() => images.find((image) => image.url === src)?.type).toBe("image/avif");
    // Every image of the page comes from the store itself.
    const origin = new URL(page.url()).origin;
    expect(images.filter((image) => new URL(image.url).origin !== origin)).toEqual([]);
  });

  test("has its Open Graph image and structured data", async ({ page, request }) => {
    await page.goto("/");
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toMatch(/\/og\/home\.png$/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    const png = await (await request.get(new URL(image!).pathname)).body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    const types = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent!)["@type"]));
    expect(types).toEqual(["Product", "FAQPage"]);
  });

  test("FAQ: one item open at a time, collapsible", async ({ page }) => {
    await page.goto("/");
    const items = page.locator("details[name=faq]");
    await items.nth(0).locator("summary").click();
    await expect(items.nth(0)).toHaveAttribute("open", "");
    await items.nth(1).locator("summary").click();
    await expect(items.nth(1)).toHaveAttribute("open", "");
    await expect(items.nth(0)).not.toHaveAttribute("open", "");
    await items.nth(1).locator("summary").click();
    await expect(items.locator("[open]")).toHaveCount(0);
    await expect(page.locator("details[name=faq][open]")).toHaveCount(0);
  });

  test("the promo countdown runs 24 hours from load, stops at zero, and closes", async ({ page }) => {
    await open(page);
    const countdown = page.getByTestId("promo-countdown");
    await expect(countdown).toHaveText(/^2[34]:[05]\d:\d\d$/);
    // fastForward jumps the clock (a background tab waking up): the countdown is computed from the target, not counted.
    await page.clock.fastForward(60 * 60_000);
    await expect(countdown).toHaveText(/^(22:59:5\d|23:00:00)$/);
    await page.clock.fastForward(23 * 60 * 60_000);
    await expect(countdown).toHaveText("00:00:00");
    await page.clock.runFor(10_000);
    await expect(countdown).toHaveText("00:00:00");
    // The exit-intent offer (30 s) is open over the page by now: click the banner's close mark directly.
    await page.getByRole("button", { name: "Close offer banner" }).dispatchEvent("click");
    await expect(page.getByText("LIMITED TIME: 25% OFF - Only $35.25!")).toBeHidden();
  });

  test("social proof: first at 3 s, visible 4 s, again every 40 s, closable", async ({ page }) => {
    await open(page);
    const card = page.getByRole("status").filter({ hasText: /Recent Sale|New Review/ });
    await expect(card).toHaveCount(0);
    await page.clock.runFor(3_500);
    await expect(card).toBeVisible();
    await expect(card).toContainText(/Purchased Coaching Toolkit|“/);
    await page.clock.runFor(4_500);
    await expect(card).toHaveCount(0);
    await page.clock.runFor(36_000);
    await expect(card).toBeVisible();
    // The exit-intent offer (30 s) is open by now and makes the page behind it inert.
    await page.getByRole("button", { name: "No thanks, I'll pay full price" }).click();
    await card.getByRole("button", { name: "Close notification" }).click();
    await expect(card).toHaveCount(0);
  });

  for (const [width, height] of [
    [1366, 657],
    [1280, 720],
    [1366, 768],
    [412, 760],
  ] as const) {
    test(`social proof keeps clear of the hero's buttons on a ${width}x${height} first screen`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await open(page);
      await page.clock.runFor(3_500);
      const card = page.getByRole("status").filter({ hasText: /Recent Sale|New Review/ });
      await expect(card).toBeVisible();
      const overlap = async (button: Locator) => {
        const [a, b] = [(await card.boundingBox())!, (await button.boundingBox())!];
        return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      };
      for (const name of ["Get Instant Access - $47", "See What's Inside First"]) {
        // The card rises into place with a short transition.
        await expect.poll(() => overlap(page.getByRole("link", { name })), name).toBe(false);
      }
    });
  }

  test("the sticky bar appears beyond 500 px of scrolling", async ({ page }) => {
    await page.goto("/");
    const bar = page.getByTestId("sticky-bar");
    await expect(bar).toHaveAttribute("aria-hidden", "true");
    await page.evaluate(() => window.scrollTo(0, 501));
    await expect(bar).toHaveAttribute("aria-hidden", "false");
    await expect(bar.getByText("Life Coaching Toolkit - $47")).toBeVisible();
    await expect(bar.getByText("2500+ Templates • Instant Access")).toBeVisible();
    await expect(bar.getByRole("link", { name: "Get Toolkit Now - $47" })).toHaveAttribute(
      "href",
      "/checkout",
    );
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(bar).toHaveAttribute("aria-hidden", "true");
  });

  test("the sticky bar leaves the footer's links uncovered at the end of the page", async ({ page }) => {
    for (const width of [1280, 412, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      await page.keyboard.press("End");
      await expect(page.getByTestId("sticky-bar")).toHaveAttribute("aria-hidden", "false");
      const footer = page.getByRole("contentinfo");
      for (const link of await footer.getByRole("link").all()) {
        await link.click({ trial: true, timeout: 2_000 });
      }
    }
  });

  for (const width of [1280, 412, 320]) {
    test(`a link to a section lands on it, below the header and banner, ${width} px wide`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const banner = page.getByRole("complementary", { name: "Limited time offer" });
      /** How far below the banner the fragment's target is: 0-80 px when it landed right. */
      const gap = async (id: string) => {
        const [target, below] = [(await page.locator(id).boundingBox())!, (await banner.boundingBox())!];
        return target.y - (below.y + below.height);
      };
      await page.goto("/#faq-title");
      await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toBeInViewport();
      await expect.poll(() => gap("#faq-title")).toBeGreaterThanOrEqual(0);
      expect(await gap("#faq-title")).toBeLessThan(80);
      // Opened further down than 500 px, the page shows the sticky bar at once.
      await expect(page.getByTestId("sticky-bar")).toHaveAttribute("aria-hidden", "false");
      await expect(page.getByRole("link", { name: "Get Toolkit Now - $47" })).toBeInViewport();

      await page.goto("/");
      await page.getByRole("link", { name: "See What's Inside First" }).click();
      await expect.poll(() => gap("#whats-included")).toBeGreaterThanOrEqual(0);
      await expect.poll(() => gap("#whats-included")).toBeLessThan(80);
    });
  }

  test("the exit-intent offer opens after 30 s, once, and closes", async ({ page }) => {
    await open(page);
    const dialog = page.getByRole("dialog", { name: "Wait! Don't Miss This" });
    await page.clock.runFor(25_000);
    await expect(dialog).toBeHidden();
    await page.clock.runFor(6_000);
    await expect(dialog).toBeVisible();
    for (const bullet of [
      "2500+ Ready-to-Use Templates",
      "Commercial License Included",
      "30-Day Money-Back Guarantee",
      "Instant Access & Lifetime Updates",
    ]) {
      await expect(dialog).toContainText(bullet);
    }
    await expect(dialog.getByRole("link", { name: "Yes! Claim My 25% Discount" })).toHaveAttribute(
      "href",
      "/checkout",
    );
    await expect(dialog.getByText("This offer won't be shown again")).toBeVisible();
    await axe(page);
    await dialog.getByRole("button", { name: "No thanks, I'll pay full price" }).click();
    await expect(dialog).toBeHidden();
    await page.mouse.move(400, 300);
    await page.mouse.move(400, -5);
    await page.clock.runFor(60_000);
    await expect(dialog).toBeHidden();
  });

  test("the exit-intent offer opens when the pointer leaves through the top; Escape closes it", async ({
    page,
  }) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await page.evaluate(() =>
      document.dispatchEvent(new MouseEvent("mouseout", { clientY: -1, relatedTarget: null, bubbles: true })),
    );
    const dialog = page.getByRole("dialog", { name: "Wait! Don't Miss This" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("keyboard: skip link first, focus moves into the offer and back, Escape closes it", async ({
    page,
  }) => {
    await open(page);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    const cta = page.getByRole("link", { name: "Get Instant Access - $47" });
    await cta.focus();
    await page.clock.runFor(31_000);
    const dialog = page.getByRole("dialog", { name: "Wait! Don't Miss This" });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // Tab stays inside the modal dialog.
    for (let i = 0; i < 5; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(cta).toBeFocused();
  });

  test("overlays survive a resize across breakpoints without covering each other", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page);
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.clock.runFor(3_500);
    const bar = page.getByTestId("sticky-bar");
    const card = page.getByRole("status").filter({ hasText: /Recent Sale|New Review/ });
    await expect(card).toBeVisible();
    await expect(bar.getByText("2500+ Templates • Instant Access")).toBeVisible();
    await page.setViewportSize({ width: 375, height: 700 });
    await expect(bar.getByText("2500+ Templates • Instant Access")).toBeHidden();
    await expect(card).toBeVisible();
    // The popup sits above the bar: its box ends before the bar's begins.
    const cardBox = (await card.boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(barBox.y);
    await expect(bar.getByRole("link", { name: "Get Toolkit Now - $47" })).toBeInViewport();
  });

  test("is complete and usable without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "What's Included" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Close offer banner" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Get Instant Access - $47" })).toHaveAttribute(
      "href",
      "/checkout",
    );
    await page.locator("details[name=faq] summary").first().click();
    await expect(page.locator("details[name=faq][open]")).toHaveCount(1);
    await context.close();
  });

  test("has no accessibility violations with the overlays closed and open", async ({ page }) => {
    // axe takes several seconds on the whole page, and needs the clock to flow (it uses timers).
    test.setTimeout(90_000);
    await open(page);
    await axe(page);
    await page.evaluate(() => window.scrollTo(0, 800));
    await expect(page.getByTestId("sticky-bar")).toHaveAttribute("aria-hidden", "false");
    await axe(page);
    // The popup shows for 4 s: check it alone, which is quick, as soon as it is there.
    const card = page.getByRole("status").filter({ hasText: /Recent Sale|New Review/ });
    await expect
      .poll(
        async () => {
          await page.clock.runFor(1_000);
          return card.isVisible();
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await axe(page, "[data-social-proof]");
  });
});
