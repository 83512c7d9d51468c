/**
 * The store against the published standards, with their own validators rather than our reading of
 * them: the W3C Nu HTML Checker on every page, axe-core at WCAG 2.1 AA on every public page at
 * desktop width and at 390 px (what the accessibility statement, /accessibility, says is checked),
 * HTML_CodeSniffer (WCAG 2 AA, a second engine beside axe), the structured data and preview tags search engines and link previews read, the RSS feed
 * through a feed parser, the sitemap against the sitemaps.org schema, and the language and canonical
 * address of each page.
 *
 * The checkout, the payment page, the success page and the admin area are taken from the `shop` store,
 * which always has a product (the `fresh` one's product comes and goes with the admin tests).
 */
import { readFile, writeFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { parseFeed } from "@rowanmanning/feed-parser";
import { validateXML } from "xmllint-wasm";
import { blogSlugs } from "#app/content/blog-slugs.ts";
import { E2E } from "../../playwright.config.ts";
import { expect, test } from "./fixtures.ts";
import { ERROR, type HtmlcsMessage, htmlcs, WARNING } from "./htmlcs.ts";
import { nuErrors, requireJava } from "./nu-checker.ts";
import { checkPage, extractPageData, type PageKind } from "./structured-data.ts";

const slugs = blogSlugs();
const shop = `http://localhost:${E2E.shop.port}`;
const adminUrl = `${shop}/${E2E.adminPath}`;
const successUrl = `${shop}/${E2E.successPath}`;
const noOrderUrl = `${successUrl}?session_id=test_cs_made_up_by_someone`;

/** Problems found on many pages, one line each with the pages it was found on. */
function grouped(problems: [page: string, problem: string][]): string[] {
  const pages = new Map<string, string[]>();
  for (const [page, problem] of problems) pages.set(problem, [...(pages.get(problem) ?? []), page]);
  return [...pages].map(([problem, on]) =>
    on.length <= 3
      ? `${problem} (${on.join(", ")})`
      : `${problem} (${on.length} pages: ${on.slice(0, 2).join(", ")}, …)`,
  );
}

async function signIn(page: Page) {
  await page.goto(adminUrl);
  await page.getByLabel("Password").fill(E2E.adminPassword);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page.getByRole("button", { name: "Esci" })).toBeVisible();
}

/** Every page of the signed-in admin, by name: the order page is the newest order's. */
async function signedInAdminPages(page: Page): Promise<[string, string][]> {
  await page.goto(`${adminUrl}/ordini`);
  const order = await page.getByTestId("orders").getByRole("link").first().getAttribute("href");
  return [
    ["admin-signed-in", adminUrl],
    ["admin-ordini", `${adminUrl}/ordini`],
    ["admin-ordine", `${shop}${order}`],
    ["admin-rimborso", `${shop}${order}?rimborso=conferma`],
    ["admin-fatture", `${adminUrl}/fatture`],
    ["admin-prodotto", `${adminUrl}/prodotto`],
    ["admin-impostazioni", `${adminUrl}/impostazioni`],
  ];
}

/**
 * A purchase in test mode on the shop store, as a buyer makes it; `onPaymentPage` runs while the
 * test payment page is open. Returns the success page's address for the paid order.
 */
async function buyInTestMode(page: Page, onPaymentPage: () => Promise<void>) {
  await page.goto(`${shop}/checkout`);
  await page.getByRole("button", { name: "Continue without discount" }).click();
  await page
    .getByLabel("Email address")
    .fill(`standards-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
  await page.getByRole("checkbox", { name: /I want immediate access to the download/ }).check();
  await page.getByRole("button", { name: "Complete Purchase - $47.00" }).click();
  await expect(page).toHaveURL(/\/pay\/test\/test_cs_/);
  await onPaymentPage();
  await page.getByRole("button", { name: "Pay $47.00" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  return page.url();
}

test.describe("standards", () => {
  // The 404 page's document answers 404, which Chromium logs.
  test.use({ allowConsoleErrors: [/status of 404 \(Not Found\)/] });

  /**
   * Every public page, as a visitor without a purchase reaches it: the pages the accessibility
   * statement says are checked (CHECKED_PAGES in app/content/accessibility.ts names them).
   */
  const PUBLIC_PAGES: [name: string, url: string][] = [
    ["landing", "/"],
    ["checkout", `${shop}/checkout`],
    ["success-no-order", noOrderUrl],
    ["blog", "/blog"],
    ...slugs.map((slug): [string, string] => [`blog/${slug}`, `/blog/${slug}`]),
    ["reviews", "/reviews"],
    ["how-reviews-are-verified", "/how-reviews-are-verified"],
    ["terms", "/terms"],
    ["privacy", "/privacy"],
    ["accessibility", "/accessibility"],
    ["withdraw", "/withdraw"],
    ["not-found", "/no-such-page"],
  ];

  // One test per page: each has its own time, and the workers share them out.
  for (const [name, url] of PUBLIC_PAGES) {
    test(`axe finds no WCAG 2.1 A or AA violation on ${name} @phone`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto(url);
      await page.waitForSelector("html[data-js]");
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      expect(
        results.violations.map(
          (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
        ),
      ).toEqual([]);
    });
  }

  test("every page passes the W3C Nu HTML Checker", async ({ page, baseURL }, testInfo) => {
    test.setTimeout(90_000);
    requireJava();
    // Each page is checked as the server sent it: the document crawlers, browsers without
    // JavaScript and the browser's parser read. The React pages render completely on the server
    // (entry.server.tsx waits for onAllReady) and hydrate to the same markup.
    const files: string[] = [];
    const save = async (name: string, url: string, status = 200) => {
      const response = await page.request.get(new URL(url, baseURL).href);
      expect(response.status(), url).toBe(status);
      const file = testInfo.outputPath(`${name}.html`);
      await writeFile(file, await response.body());
      files.push(file);
    };
    await Promise.all([
      save("landing", "/"),
      save("blog", "/blog"),
      ...slugs.map((slug) => save(`blog-${slug}`, `/blog/${slug}`)),
      save("terms", "/terms"),
      save("privacy", "/privacy"),
      save("withdraw", "/withdraw"),
      save("how-reviews-are-verified", "/how-reviews-are-verified"),
      save("reviews", "/reviews"),
      save("accessibility", "/accessibility"),
      save("review-link-invalid", "/review/not-a-review-link", 404),
      save("not-found", "/no-such-page", 404),
      save("checkout", `${shop}/checkout`),
      save("success-no-order", noOrderUrl),
      save("admin-signed-out", adminUrl),
    ]);
    await signIn(page);
    const adminPages = await signedInAdminPages(page);
    for (const [name, url] of adminPages) await save(name, url);
    const paidUrl = await buyInTestMode(page, () => save("payment-test-mode", page.url()));
    await save("success-paid", paidUrl);
    expect(files).toHaveLength(slugs.length + 15 + adminPages.length);

    const errors = await nuErrors(files);
    expect(
      errors.map((e) => `${e.file}:${e.line}.${e.column}: ${e.message} [${e.extract?.replace(/\s+/g, " ")}]`),
      `Nu HTML Checker errors (the checked files are in ${testInfo.outputDir})`,
    ).toEqual([]);
  });

  /**
   * HTML_CodeSniffer warnings (type 2: things it cannot decide alone) that a person checked, with
   * why each is fine. Any other warning fails. A pattern matches "code page element".
   */
  const ALLOWED_WARNINGS: { pattern: RegExp; reason: string }[] = [
    {
      pattern: /\.G1(8|45)\.BgImage (landing|blog)/,
      reason:
        "text on the hero and call-to-action gradients: HTMLCS cannot compute contrast over a CSS gradient",
    },
    {
      pattern: /\.G18\.Abs \S+( \(with its offer\))? <[^>]+> \(sr-only\)/,
      reason: "visually hidden text (sr-only) is read, not seen: it has no contrast to check",
    },
    {
      pattern: /\.H67\.2 blog <img>/,
      reason: "the blog cards' pictures are decorative (alt=\"\"): each card's heading names its link",
    },
    {
      pattern: /\.H48 \S+( \(with its offer\))? <div> "HomeBlog"/,
      reason:
        "the header menu's two links (Home, Blog) in its labelled <nav>: a list adds nothing for two links",
    },
    {
      pattern: /\.H48 landing <div> "Get Instant Access - \$47See What's Inside First"/,
      reason: "two calls to action side by side, not a navigation section",
    },
    { pattern: /\.H48 blog\/\S+ <p> /, reason: "a paragraph of prose with several links, not navigation" },
    {
      pattern: /\.H39\.3\.NoCaption (blog\/\S+|admin-\S+) <table>/,
      reason:
        "articles' Markdown tables follow the text that introduces them; each admin table is under its heading",
    },
    {
      pattern:
        /\.C32,C31,C33,C38,SCR34,G206 (landing <div> <div data-social-proof|checkout \(with its offer\) <dialog>|admin-rimborso <dialog>)/,
      reason:
        "the social-proof notice, the offer dialog and the admin's refund dialog are fixed but no wider than the viewport",
    },
    {
      pattern: /\.H85\.2 (checkout \(with its offer\)|success-paid) <select#invoice-country>/,
      reason:
        "the invoice request's countries: one flat list, Italy first, the rest by name; no groups to make",
    },
  ];

  test("HTML_CodeSniffer finds no WCAG 2 AA errors and only known warnings", async ({ page }) => {
    // Every public page, every admin page and a purchase, one after another.
    test.setTimeout(90_000);
    const results: { page: string; messages: HtmlcsMessage[] }[] = [];
    const check = async (name: string) => {
      await page.waitForLoadState("networkidle");
      results.push({ page: name, messages: await htmlcs(page) });
    };
    for (const [name, url] of [
      ["landing", "/"],
      ["blog", "/blog"],
      ...slugs.slice(0, 3).map((slug) => [`blog/${slug}`, `/blog/${slug}`]),
      ["terms", "/terms"],
      ["privacy", "/privacy"],
      ["withdraw", "/withdraw"],
      ["how-reviews-are-verified", "/how-reviews-are-verified"],
      ["reviews", "/reviews"],
      ["accessibility", "/accessibility"],
      ["not-found", "/no-such-page"],
      ["success-no-order", noOrderUrl],
      ["admin-signed-out", adminUrl],
    ] as const) {
      await page.goto(url);
      await check(name);
    }
    await page.goto(`${shop}/checkout`);
    await expect(page.getByRole("dialog", { name: "Wait! Unlock 25% Off" })).toBeVisible();
    await check("checkout (with its offer)");
    await signIn(page);
    for (const [name, url] of await signedInAdminPages(page)) {
      await page.goto(url);
      await check(name);
    }
    await buyInTestMode(page, () => check("payment-test-mode"));
    await check("success-paid");

    const line = (p: string, m: HtmlcsMessage) => `${m.code} ${p} ${m.element}: ${m.message}`;
    const errors = results.flatMap((r) =>
      r.messages.filter((m) => m.type === ERROR).map((m) => line(r.page, m)),
    );
    const warnings = results.flatMap((r) =>
      r.messages.filter((m) => m.type === WARNING).map((m) => line(r.page, m)),
    );
    expect.soft(errors, "HTML_CodeSniffer errors").toEqual([]);
    expect(
      warnings.filter((w) => !ALLOWED_WARNINGS.some((allowed) => allowed.pattern.test(w))),
      "HTML_CodeSniffer warnings not in ALLOWED_WARNINGS",
    ).toEqual([]);
  });

  test("structured data and link-preview tags on the landing page, the blog and every article", async ({
    page,
    request,
  }) => {
    const pages: [PageKind, string][] = [
      ["landing", "/"],
      ["blog-index", "/blog"],
      ...slugs.map((slug): [PageKind, string] => ["article", `/blog/${slug}`]),
    ];
    const problems: [string, string][] = [];
    for (const [kind, path] of pages) {
      const html = await (await request.get(path)).text();
      const data = await page.evaluate(extractPageData, html);
      for (const problem of checkPage(kind, data)) problems.push([path, problem]);
    }
    expect(grouped(problems)).toEqual([]);
  });

  test("each page declares its language: English for the store, Italian for the admin area", async ({
    page,
  }) => {
    const lang = async (url: string) => {
      const html = await (await page.request.get(url)).text();
      return page.evaluate((h) => new DOMParser().parseFromString(h, "text/html").documentElement.lang, html);
    };
    for (const url of [
      "/",
      "/blog",
      `/blog/${slugs[0]}`,
      "/terms",
      "/privacy",
      "/withdraw",
      "/reviews",
      "/accessibility",
      `${shop}/checkout`,
      noOrderUrl,
    ])
      expect.soft(await lang(url), url).toBe("en");
    expect.soft(await lang(adminUrl), "admin signed out").toBe("it");
    await signIn(page);
    expect.soft(await lang(adminUrl), "admin signed in").toBe("it");
  });

  test("an address with a trailing slash redirects permanently to the page's one address", async ({
    request,
    baseURL,
  }) => {
    for (const path of ["/blog/", `/blog/${slugs[0]}/`, "/checkout/"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect.soft([301, 308], `${path} answers ${response.status()}`).toContain(response.status());
      const location = response.headers().location;
      expect
        .soft(location && new URL(location, baseURL).pathname, `${path} redirects to`)
        .toBe(path.slice(0, -1));
    }
  });

  test("the RSS feed parses, with its title, link, lastBuildDate and an item per article", async ({
    request,
  }) => {
    const response = await request.get("/blog/rss.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/(rss\+)?xml/);
    const feed = parseFeed(await response.text());
    expect(feed.meta).toEqual({ type: "rss", version: "2.0" });
    expect(feed.title).toBeTruthy();
    expect(feed.url).toMatch(/^https?:\/\/[^/]+\/blog$/);
    expect(feed.items).toHaveLength(slugs.length);
    for (const item of feed.items) {
      expect(item.title, "item title").toBeTruthy();
      expect(item.url, "item link").toMatch(/^https?:\/\/[^/]+\/blog\/[\w-]+$/);
      expect(item.published, `pubDate of ${item.url}`).toBeInstanceOf(Date);
      expect(item.id, `guid of ${item.url}`).toBeTruthy();
    }
    expect(feed.items.map((item) => new URL(item.url!).pathname).sort()).toEqual(
      slugs.map((slug) => `/blog/${slug}`),
    );
    expect(feed.updated, "lastBuildDate, as a date").toBeInstanceOf(Date);
    const newest = Math.max(...feed.items.map((item) => item.published!.getTime()));
    expect(feed.updated!.getTime(), "lastBuildDate is not before the newest item").toBeGreaterThanOrEqual(
      newest,
    );
  });

  test("the sitemap is valid against the sitemaps.org schema, with a lastmod for every address", async ({
    page,
    request,
  }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    const xml = await response.text();
    const result = await validateXML({
      xml: [{ fileName: "sitemap.xml", contents: xml }],
      schema: [{ fileName: "sitemap.xsd", contents: await readFile("tests/fixtures/sitemap.xsd", "utf8") }],
    });
    expect(result.errors.map((e) => e.rawMessage)).toEqual([]);
    expect(result.valid).toBe(true);

    const urls = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, "application/xml");
      return [...doc.getElementsByTagName("url")].map((url) => ({
        loc: url.getElementsByTagName("loc")[0]?.textContent ?? "",
        lastmod: url.getElementsByTagName("lastmod")[0]?.textContent ?? null,
      }));
    }, xml);
    expect(urls.map((url) => new URL(url.loc).pathname)).toEqual(
      expect.arrayContaining([
        "/",
        "/blog",
        "/terms",
        "/privacy",
        "/accessibility",
        "/reviews",
        "/how-reviews-are-verified",
        ...slugs.map((slug) => `/blog/${slug}`),
      ]),
    );
    expect(urls.filter((url) => url.lastmod === null).map((url) => `no lastmod: ${url.loc}`)).toEqual([]);
  });
});
