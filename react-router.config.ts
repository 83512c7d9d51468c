import type { Config } from "@react-router/dev/config";
import { blogSlugs } from "./app/content/blog-slugs.ts";

export default {
  ssr: true,
  // Marketing pages are static: prerendered HTML is served from disk, no render per request.
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
