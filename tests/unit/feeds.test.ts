import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { allPosts } from "#app/lib/blog/posts.server.ts";
import { publicConfig, publicConfigContext } from "#app/lib/public-config.server.ts";
import { loader as rss } from "#app/routes/blog-rss.ts";
import { loader as sitemap } from "#app/routes/sitemap.ts";

afterEach(() => vi.useRealTimers());

/** A loader's arguments as the server gives them: the store's public configuration in the context. */
function loaderArgs() {
  const context = new RouterContextProvider();
  context.set(publicConfigContext, publicConfig());
  return { context } as never;
}

describe("the RSS feed", () => {
  it("says when it last changed: the newest article's date, in RFC 822", async () => {
    const xml = await rss(loaderArgs()).text();
    const newest = allPosts()
      .map((post) => post.updated ?? post.date)
      .sort()
      .at(-1);
    expect(xml).toContain(`<lastBuildDate>${new Date(`${newest}T09:00:00Z`).toUTCString()}</lastBuildDate>`);
    expect(xml.match(/<lastBuildDate>([^<]+)<\/lastBuildDate>/)?.[1]).toMatch(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/,
    );
    // One per channel, before the items.
    expect(xml.split("<lastBuildDate>")).toHaveLength(2);
    expect(xml.indexOf("<lastBuildDate>")).toBeLessThan(xml.indexOf("<item>"));
  });
});

describe("the sitemap", () => {
  it("dates the landing page by the build (the day it is rendered), and every other address", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-03T10:00:00Z"));
    const xml = await sitemap(loaderArgs()).text();
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)];
    // The landing page, the blog, its articles, the terms, the privacy policy, how reviews are
    // verified, every review, and the accessibility statement.
    expect(urls.map((url) => new URL(url[1]!).pathname)).toEqual(
      expect.arrayContaining(["/reviews", "/accessibility"]),
    );
    expect(urls).toHaveLength(allPosts().length + 7);
    const [home, blog] = urls;
    expect(new URL(home![1]!).pathname).toBe("/");
    expect(home![2]).toBe("2026-12-03");
    expect(blog![2]).toBe(allPosts()[0]!.date);
    for (const url of urls) expect(url[2], url[1]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
