import AxeBuilder from "@axe-core/playwright";
import type { Locator } from "@playwright/test";
import { MOTIFS } from "#app/content/blog-art.ts";
import { blogSlugs } from "#app/content/blog-slugs.ts";
import { expect, test } from "./fixtures.ts";
import { describePictures } from "./pictures.ts";

const slugs = blogSlugs();

test.describe("blog", () => {
  test("the index shows a card per article, each opening its page @phone", async ({ page }) => {
    await page.goto("/blog");
    await expect(
      page.getByRole("heading", { level: 1, name: "Blog for Professional Coaches" }),
    ).toBeVisible();
    const readLinks = page.getByRole("link", { name: /^Read Article:/ });
    await expect(readLinks).toHaveCount(slugs.length);
    const hrefs = await readLinks.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs.sort()).toEqual(slugs.map((s) => `/blog/${s}`).sort());
    await expect(page.getByText(/\d{2}\/\d{2}\/20\d\d/).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Get Your Toolkit Now - $47.00" })).toHaveAttribute(
      "href",
      "/checkout",
    );
    await readLinks.first().click();
    await expect(page.getByRole("link", { name: "Back to Blog" })).toBeVisible();
  });

  test("every article answers 200 with its title, category, date, read time and calls to action", async ({
    request,
  }) => {
    for (const slug of slugs) {
      const response = await request.get(`/blog/${slug}`);
      expect(response.status(), slug).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>[^<]{10,}<\/h1>/);
      expect(html).toContain('href="/checkout" class="blog-cta-button"');
      expect(html).toMatch(/\d+ min/);
      expect(html).toContain('"@type":"BlogPosting"');
      expect(html).toMatch(new RegExp(`<meta property="og:image" content="[^"]*/og/${slug}\\.png"/>`));
    }
  });

  test("the Open Graph images exist, 1200x630 PNG, for the index and every article", async ({ request }) => {
    for (const name of ["blog", ...slugs]) {
      const response = await request.get(`/og/${name}.png`);
      expect(response.status(), name).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/png");
      const png = await response.body();
      // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], name).toEqual([1200, 630]);
    }
  });

  test("structured data: each article is a BlogPosting with author, image, publisher logo and dates", async ({
    request,
  }) => {
    const jsonLd = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) =>
        JSON.parse(m[1]!),
      );
    for (const slug of slugs) {
      const html = await (await request.get(`/blog/${slug}`)).text();
      const data = jsonLd(html);
      const posting = data.find((item) => item["@type"] === "BlogPosting");
      const origin = new URL(posting.mainEntityOfPage).origin;
      const brand = {
        "@type": "Organization",
        name: "Coaching Toolkit",
        url: `${origin}/`,
        logo: { "@type": "ImageObject", url: `${origin}/logo.png`, width: 512, height: 512 },
      };
      expect(posting, slug).toMatchObject({
        image: `${origin}/og/${slug}.png`,
        author: brand,
        publisher: brand,
        dateModified: posting.datePublished,
      });
      expect(posting.datePublished, slug).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const crumbs = data.find((item) => item["@type"] === "BreadcrumbList");
      expect(crumbs.itemListElement.map((c: { name: string; item: string }) => [c.name, c.item])).toEqual([
        ["Home", `${origin}/`],
        ["Blog", `${origin}/blog`],
        [posting.headline, `${origin}/blog/${slug}`],
      ]);
    }

    const index = await (await request.get("/blog")).text();
    const [blog] = jsonLd(index);
    const origin = new URL(blog.url).origin;
    expect(blog).toMatchObject({ "@context": "https://schema.org", "@type": "Blog", url: `${origin}/blog` });
    expect(blog.publisher.logo.url).toBe(`${origin}/logo.png`);
    expect(blog.blogPost.map((post: { url: string }) => new URL(post.url).pathname).sort()).toEqual(
      slugs.map((s) => `/blog/${s}`).sort(),
    );
    for (const post of blog.blogPost) {
      expect(post).toMatchObject({
        "@type": "BlogPosting",
        image: expect.stringMatching(/^http.*\/og\/.+\.png$/),
      });
      expect(post.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(index).toMatch(/<meta name="twitter:title" content="Blog for Professional Coaches[^"]*"\/>/);
    expect(index).toMatch(/<meta name="twitter:description" content="[^"]{40,}"\/>/);

    // The publisher's logo is a 512x512 PNG (Google wants a raster logo).
    const logo = await request.get("/logo.png");
    expect(logo.headers()["content-type"]).toBe("image/png");
    const png = await logo.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
  });

  test("an article page: share copies the address where there is no share sheet", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => Object.defineProperty(navigator, "share", { value: undefined }));
    await page.goto(`/blog/${slugs[0]}`);
    await page.waitForSelector("html[data-js]");
    await page.getByRole("button", { name: "Share this article" }).click();
    await expect(page.getByText("Link copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await expect(page.getByRole("heading", { name: "Keep reading" })).toBeVisible();
  });

  test("an article page: share opens the share sheet with the title and address", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "share", {
        value: (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
          return Promise.resolve();
        },
      });
    });
    await page.goto(`/blog/${slugs[1]}`);
    await page.waitForSelector("html[data-js]");
    await page.getByRole("button", { name: "Share this article" }).click();
    const title = await page.getByRole("heading", { level: 1 }).textContent();
    expect(await page.evaluate(() => (window as unknown as { shared: ShareData }).shared)).toEqual({
      title,
      url: page.url(),
    });
  });

  test("illustrations are AVIF/WebP pictures with sizes, lazy below the fold", async ({ page }) => {
    const expectPicture = (picture: ReturnType<typeof describePictures>[number], sizes: RegExp) => {
      expect(picture.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
      for (const source of picture.sources) {
        expect(source.widths).toEqual(["480w", "800w", "1200w"]);
        expect(source.sizes).toMatch(sizes);
      }
      expect(picture.width).toBeGreaterThan(0);
      expect(picture.width * 9).toBe(picture.height * 16);
      expect(picture.decoding).toBe("async");
    };
    // The browser picks the AVIF, and the server sends it.
    const expectLoadedAvif = async (img: Locator) => {
      await img.scrollIntoViewIfNeeded();
      await expect
        .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
        .toBe(true);
      expect(await img.evaluate((i: HTMLImageElement) => i.currentSrc)).toMatch(/\.avif$/);
    };

    await page.goto("/blog");
    const cards = await page.locator("main article > picture").evaluateAll(describePictures);
    expect(cards).toHaveLength(slugs.length);
    cards.forEach((card, i) => {
      expectPicture(card, /352px/);
      // Beside each card's title the picture is decoration.
      expect(card.alt).toBe("");
      expect([card.loading, card.priority]).toEqual(i === 0 ? ["eager", "high"] : ["lazy", null]);
    });
    await expectLoadedAvif(page.locator("main article > picture img").first());
    await expectLoadedAvif(page.locator("main article > picture img").last());

    await page.goto(`/blog/${slugs[0]}`);
    const [hero, ...others] = await page.locator("main picture").evaluateAll(describePictures);
    expect(others).toEqual([]);
    expectPicture(hero!, /736px/);
    // The article's picture is described as drawn: its category's motif.
    expect(Object.values(MOTIFS).map((motif) => motif.alt)).toContain(hero!.alt);
    expect([hero!.loading, hero!.priority]).toEqual(["eager", "high"]);
    await expectLoadedAvif(page.locator("main picture img"));
  });

  test("pages ship without React: one small page script inside the page, no module preloads", async ({
    page,
  }) => {
    for (const path of ["/blog", `/blog/${slugs[2]}`]) {
      await page.goto(path);
      // The page script is put inside the page at build (ADR 031): nothing to fetch before it runs.
      await expect(page.locator("script[src]")).toHaveCount(0);
      await expect(page.locator('script[data-inlined-from^="/assets/blog-"]')).toHaveCount(1);
      await expect(page.locator('link[rel="modulepreload"], script[type="module"]')).toHaveCount(0);
    }
  });

  test.describe(() => {
    test.use({ allowConsoleErrors: [/status of 404/] });
    test("unknown articles are the 404 page", async ({ page }) => {
      const response = await page.goto("/blog/no-such-article");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
      await expect(page).toHaveTitle("Page not found");
    });
  });

  test("the RSS feed and the sitemap list every article", async ({ page, request }) => {
    const rss = await (await request.get("/blog/rss.xml")).text();
    const sitemap = await (await request.get("/sitemap.xml")).text();
    await page.goto("/blog");
    const parsed = await page.evaluate(
      ([feed, map]) => {
        const parse = (xml: string) => new DOMParser().parseFromString(xml, "application/xml");
        const f = parse(feed!);
        const m = parse(map!);
        return {
          errors: f.getElementsByTagName("parsererror").length + m.getElementsByTagName("parsererror").length,
          version: f.documentElement.getAttribute("version"),
          items: [...f.querySelectorAll("item > link")].map((l) => new URL(l.textContent!).pathname),
          urls: [...m.getElementsByTagName("loc")].map((l) => new URL(l.textContent!).pathname),
        };
      },
      [rss, sitemap],
    );
    expect(parsed.errors).toBe(0);
    expect(parsed.version).toBe("2.0");
    expect(parsed.items.sort()).toEqual(slugs.map((s) => `/blog/${s}`).sort());
    expect(parsed.urls).toEqual(expect.arrayContaining(["/", "/blog", ...slugs.map((s) => `/blog/${s}`)]));
    expect(parsed.urls).not.toContain("/checkout");
    // The feed says when it last changed: its newest article's date (RFC 822, as its pubDates).
    const lastBuild = rss.match(/<lastBuildDate>([^<]+)<\/lastBuildDate>/)?.[1];
    const pubDates = [...rss.matchAll(/<pubDate>([^<]+)<\/pubDate>/g)].map((m) => Date.parse(m[1]!));
    expect(lastBuild).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(Date.parse(lastBuild!)).toBe(Math.max(...pubDates));
    // Every address in the sitemap has a date: the landing page, the blog, the articles, the terms,
    // the privacy policy, the accessibility statement, the reviews and how they are verified.
    expect(sitemap.match(/<url><loc>[^<]+<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod><\/url>/g)).toHaveLength(
      slugs.length + 7,
    );
  });

  // One test a page: axe takes several seconds on the 36-card index.
  for (const path of ["/blog", ...slugs.slice(0, 3).map((s) => `/blog/${s}`)]) {
    test(`has no accessibility violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${path} ${v.id}`)).toEqual([]);
    });
  }
});
