import type { Config } from "@react-router/dev/config";
import { blogSlugs } from "./app/content/blog-slugs.ts";

export default {
  ssr: true,
  // Marketing pages are static: prerendered at build with placeholders for the settings, which the
  // server puts in at start and serves from memory, no render per request (ADR 017).
  async prerender() {
    return [
      "/",
      "/blog",
      "/blog/rss.xml",
      "/sitemap.xml",
      "/terms",
      "/privacy",
      ...blogSlugs().map((slug) => `/blog/${slug}`),
    ];
  },
} satisfies Config;
