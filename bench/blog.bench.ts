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
    // Each figure names its page: the report's table lists them all together.
    budget(`${path} Performance`, figures.performance, 100, "", "min");
    budget(`${path} Accessibility`, figures.accessibility, 100, "", "min");
    budget(`${path} Best Practices`, figures.bestPractices, 100, "", "min");
    budget(`${path} SEO`, figures.seo, 100, "", "min");
    if (path !== "/blog")
      budget(`${path} JavaScript transferred`, Math.round(figures.scriptBytes / 1024), 15, " KB");
  }
} finally {
  await server.stop();
}
finish();
