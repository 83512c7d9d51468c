import { expect, test } from "./fixtures.ts";
import { describePictures } from "./pictures.ts";

// The landing page as prerendered: its sections, pictures, metadata, FAQ and anchors, with and without
// JavaScript. The timers, overlays and popups the page script runs: landing-overlays.spec.ts.

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
    // In the first viewport on desktop, below it on phones: eager, but at low priority, so on a slow
    // phone it never takes bandwidth from the stylesheet and the headline stays the LCP (ADR 031).
    const [hero] = await page.locator("section").first().locator("picture").evaluateAll(describePictures);
    expect(hero!.sources.map((s) => [s.type, s.widths])).toEqual([
      ["image/avif", ["480w", "800w", "1200w"]],
      ["image/webp", ["480w", "800w", "1200w"]],
    ]);
    expect(hero!.alt).toMatch(/^Toolkit templates: /);
    expect([hero!.width, hero!.height]).toEqual([1200, 960]);
    expect([hero!.loading, hero!.priority, hero!.decoding]).toEqual(["eager", "low", "async"]);

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
    const product = await page
      .locator('script[type="application/ld+json"]')
      .first()
      .evaluate((script) => JSON.parse(script.textContent!));
    expect(product.image).toBe(image);
  });

  test("the promo countdown's <time> carries a valid duration, as prerendered", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const time = html.match(/<time[^>]*data-testid="promo-countdown"[^>]*>([^<]*)<\/time>/);
    expect(time?.[1]).toBe("24:00:00");
    expect(time?.[0]).toMatch(/ datetime="PT24H"/i);
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
});
