import { brotliCompressSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { inlineScripts } from "../../server/content-security-policy.ts";

/** The brotli-compressed bytes of the inline scripts in the page at `url`, as a browser gets it. */
async function inlineScriptBytes(url: string): Promise<number> {
  const html = await (await fetch(url)).text();
  return inlineScripts(html).reduce((sum, body) => sum + brotliCompressSync(body).length, 0);
}

export interface LighthouseFigures {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /**
   * Bytes of JavaScript the page runs, compressed: its script files as transferred, plus its inline
   * scripts (a prerendered page carries its page script inside, ADR 031) as brotli compresses them.
   */
  scriptBytes: number;
  /** Bytes of the HTML document transferred (compressed). */
  htmlBytes: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * Lighthouse with its mobile defaults (simulated throttling) in the system Chromium; each figure
 * is the median of `runs` runs.
 */
export async function lighthouseMedian(url: string, runs = 3): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const results: LighthouseFigures[] = [];
  const inline = await inlineScriptBytes(url);
  try {
    // A run whose trace lacks a metric (on a loaded machine Chromium sometimes reports no LCP) is
    // run again, up to twice, rather than averaged in as NaN.
    for (let attempt = 0; results.length < runs; attempt++) {
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits } = result.lhr;
      const measured = ["largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift"].every(
        (id) => Number.isFinite(audits[id]?.numericValue),
      );
      if (!measured) {
        if (attempt >= runs + 1) throw new Error(`Lighthouse measured no LCP, TBT or CLS on ${url}`);
        continue;
      }
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const resources = (
        audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] }
      )?.items;
      const transferred = (type: string) =>
        resources?.find((item) => item.resourceType === type)?.transferSize ?? 0;
      results.push({
        url,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
        tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
        cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
        scriptBytes: transferred("script") + inline,
        htmlBytes: transferred("document"),
      });
    }
  } finally {
    chrome.kill();
  }
  const pick = (key: keyof Omit<LighthouseFigures, "url">) => median(results.map((r) => r[key]));
  return {
    url,
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcpMs: Math.round(pick("lcpMs")),
    tbtMs: Math.round(pick("tbtMs")),
    cls: Number(pick("cls").toFixed(3)),
    scriptBytes: pick("scriptBytes"),
    htmlBytes: pick("htmlBytes"),
  };
}
