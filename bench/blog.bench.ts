/** Lighthouse (mobile, median of 3) on the blog index and three articles, and their JavaScript weight. */
import { blogSlugs } from "#app/content/blog-slugs.ts";
import { startServer } from "../tests/setup/server.ts";
import { budget, finish } from "./lib/budget.ts";
import { lighthouseMedian } from "./lib/lighthouse.ts";

const server = await startServer({ LOG_LEVEL: "error" });
try {
  for (const path of [
    "/blog",
    ...blogSlugs()
      .slice(0, 3)
      .map((slug) => `/blog/${slug}`),
  ]) {
    const figures = await lighthouseMedian(`${server.url}${path}`, 3);
    console.log(`--- ${path}`);
    budget("Performance", figures.performance, 100, "", "min");
    budget("Accessibility", figures.accessibility, 100, "", "min");
    budget("Best Practices", figures.bestPractices, 100, "", "min");
    budget("SEO", figures.seo, 100, "", "min");
    if (path !== "/blog") budget("JavaScript transferred", Math.round(figures.scriptBytes / 1024), 15, " KB");
  }
} finally {
  await server.stop();
}
finish();
