/** Lighthouse (mobile, median of 3) and the JavaScript weight of the landing page. */
import { brotliCompressSync } from "node:zlib";
import { startServer } from "../tests/setup/server.ts";
import { budget, finish, report } from "./lib/budget.ts";
import { lighthouseMedian } from "./lib/lighthouse.ts";

const server = await startServer({ LOG_LEVEL: "error" });
try {
  const figures = await lighthouseMedian(`${server.url}/`, 3);
  budget("Performance", figures.performance, 100, "", "min");
  budget("Accessibility", figures.accessibility, 100, "", "min");
  budget("Best Practices", figures.bestPractices, 100, "", "min");
  budget("SEO", figures.seo, 100, "", "min");
  budget("LCP", figures.lcpMs, 1500, " ms");
  budget("TBT", figures.tbtMs, 50, " ms");
  budget("CLS x1000", Math.round(figures.cls * 1000), 20);
  budget("JavaScript transferred (gzip/br)", Math.round(figures.scriptBytes / 1024), 120, " KB");
  const html = await (await fetch(`${server.url}/`)).text();
  budget("first HTML response, brotli", Math.round(brotliCompressSync(html).length / 1024), 30, " KB");
  report("url", figures.url);
} finally {
  await server.stop();
}
finish();
