import { get } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogSlugs } from "#app/content/blog-slugs.ts";
import { TEST_SELLER } from "../setup/seller.ts";
import { type RunningServer, startServer } from "../setup/server.ts";

const PUBLIC_URL = "https://shop.example.com";
const SUPPORT_EMAIL = "help@shop.example.com";

/**
 * One build, any address: the build's prerendered pages carry placeholders, and a store started
 * with its own PUBLIC_URL and SUPPORT_EMAIL serves every one of them with those (issue 14, item 1).
 */
describe("a build served with settings it was not built with", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ PUBLIC_URL, SUPPORT_EMAIL, PAYMENTS: "test" });
  });
  afterAll(() => server.stop());

  const slug = blogSlugs()[0]!;
  const addresses = [
    "/",
    "/blog",
    `/blog/${slug}`,
    "/terms",
    "/privacy",
    "/sitemap.xml",
    "/blog/rss.xml",
    "/blog.data",
    `/blog/${slug}.data`,
  ];

  it.each(addresses)("%s carries the running store's address and no placeholder", async (path) => {
    const response = await fetch(`${server.url}${path}`, { headers: { "accept-encoding": "br" } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain(PUBLIC_URL);
    expect(text).not.toContain("placeholder.invalid");
    expect(text).not.toContain("localhost");
  });

  it("puts the canonical address, the Open Graph image and the support address into an article", async () => {
    const html = await (await fetch(`${server.url}/blog/${slug}`)).text();
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/blog/${slug}"/>`);
    expect(html).toContain(`<meta property="og:image" content="${PUBLIC_URL}/og/${slug}.png"/>`);
    expect(html).toContain(SUPPORT_EMAIL);
  });

  it("answers the prerendered pages compressed, with an ETag, and never a prerendered file from disk", async () => {
    const page = await fetch(`${server.url}/terms`, { headers: { "accept-encoding": "br" } });
    expect(page.headers.get("content-encoding")).toBe("br");
    // fetch adds "Cache-Control: no-cache" to a conditional request; a browser revalidating does not.
    const again = await new Promise<number | undefined>((resolve, reject) =>
      get(
        `${server.url}/terms`,
        { headers: { "accept-encoding": "br", "if-none-match": page.headers.get("etag")! } },
        (response) => resolve(response.resume().statusCode),
      ).on("error", reject),
    );
    expect(again).toBe(304);
    for (const file of [`/blog/${slug}/index.html`, "/terms/index.html", "/index.html"]) {
      const response = await fetch(`${server.url}${file}`);
      expect(await response.text()).not.toContain("placeholder.invalid");
    }
  });

  it("says on every page, prerendered or not, that it takes test payments", async () => {
    for (const path of ["/", "/blog", `/blog/${slug}`, "/terms", "/checkout", "/no-such-page"]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html, path).toContain('<aside aria-label="Test mode"');
      expect(html.split("Test mode — no card is charged"), path).toHaveLength(2);
    }
  });
});

describe("a store that takes real payments", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      PUBLIC_URL,
      STRIPE_SECRET_KEY: "sk_test_store",
      STRIPE_WEBHOOK_SECRET: "whsec_store",
      ...TEST_SELLER,
      // Nothing here calls Stripe; an address that answers nothing makes sure of it.
      STRIPE_API_BASE: "http://127.0.0.1:9",
    });
  });
  afterAll(() => server.stop());

  it("shows no test-mode band", async () => {
    for (const path of ["/", "/blog", "/terms", "/checkout"]) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html, path).not.toContain("Test mode");
    }
  });
});
