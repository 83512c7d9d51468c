/**
 * The store's pages next to a client-rendered peer (ADR 028): Lighthouse 13 mobile, median of 3, on
 * `/`, `/checkout`, `/blog`, two articles and the success page of a paid order, in the built store
 * and in the peer (bench/peer, the specification's own SPA stack, built here and served by nginx).
 * Every figure is reported as `store / peer (ratio×)`; the budgets: 100 in every
 * Lighthouse category (SEO on indexable pages), LCP ≤ 1 s on `/` and the articles, the landing's
 * JavaScript ≤ 0.05× and LCP ≤ 0.6× the peer's, the store at least as good as the peer on every
 * figure but the HTML bytes, and weight budgets for the landing page and the blog.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import { blogSlugs } from "#app/content/blog-slugs.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import { createServices } from "#app/lib/services.server.ts";
import { startSmtp } from "../tests/mocks/smtp.ts";
import { seedProduct } from "../tests/setup/seed-product.ts";
import { startServer } from "../tests/setup/server.ts";
import { budget, finish, report } from "./lib/budget.ts";
import { type LighthouseFigures, lighthouseMedian } from "./lib/lighthouse.ts";
import { startNginx } from "./lib/nginx.ts";
import { buildPeer, PEER_SESSION_ID } from "./peer/build.ts";

const SUCCESS_PATH = "bench-success-path-0123456789";
const KB = 1024;

interface Page {
  /** The page's name in the report. */
  name: string;
  store: string;
  peer: string;
  /** `noindex` pages (checkout, success) have their SEO reported, not budgeted. */
  indexable: boolean;
  /** LCP ≤ 1 s: the landing page and the articles. */
  fastLcp: boolean;
}

/** A paid order through the test-mode checkout, as a buyer makes it: its success page's path. */
async function paidOrderPath(url: string): Promise<string> {
  const post = (path: string, fields: Record<string, string>) =>
    fetch(url + path, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
  /** A redirect's target as a path: the store may answer with an absolute URL. */
  const target = (response: Response) => {
    const location = new URL(response.headers.get("location") ?? "", url);
    return location.pathname + location.search;
  };
  const checkout = await post("/checkout", {
    intent: "buy",
    email: "buyer@bench.test",
    offer: "",
    consent: "on",
  });
  const payPage = target(checkout);
  if (checkout.status !== 303 || !payPage.startsWith("/pay/test/"))
    throw new Error(`the checkout answered ${checkout.status} ${payPage}`);
  const paid = await post(payPage, { intent: "pay" });
  const success = target(paid);
  if (paid.status !== 303 || !success.startsWith(`/${SUCCESS_PATH}?session_id=`))
    throw new Error(`the test payment answered ${paid.status} ${success}`);
  return success;
}

const ratio = (store: number, peer: number) => (peer === 0 ? "" : ` (${(store / peer).toFixed(2)}×)`);

/** One figure of both, `850 / 2400 ms (0.35×)`, in the report. */
function compare(page: string, label: string, store: number, peer: number, unit = "") {
  report(`${page} ${label} (store / peer)`, `${store} / ${peer}${unit}${ratio(store, peer)}`);
}

const kb = (bytes: number) => Number((bytes / KB).toFixed(1));

/**
 * The figures where the store does worse than the peer (scores lower; times, shift, script larger).
 * SEO counts on indexable pages only: a `noindex` page scores low by design.
 */
function trailing(store: LighthouseFigures, peer: LighthouseFigures, indexable: boolean): string[] {
  const scores = ["performance", "accessibility", "bestPractices", "seo"] as const;
  const higherIsBetter = scores.filter((key) => indexable || key !== "seo");
  const lowerIsBetter = ["lcpMs", "tbtMs", "cls", "scriptBytes"] as const;
  return [
    ...higherIsBetter.filter((key) => store[key] < peer[key]),
    ...lowerIsBetter.filter((key) => store[key] > peer[key]),
  ];
}

const work = await mkdtemp(join(tmpdir(), "bench-pages-"));
const smtp = await startSmtp();
const env = {
  DATA_DIR: work,
  ADMIN_PATH: "bench-admin-path-0123456789",
  SUCCESS_PATH,
  ADMIN_PASSWORD: "bench-admin-password",
  TOKEN_SECRET: "s".repeat(40),
  SMTP_URL: smtp.url,
  MAIL_FROM: "Toolkit <shop@bench.test>",
};
const seeding = await createServices(parseEnv(env));
await seedProduct(seeding);
await seeding.close();

const peerRoot = await buildPeer();
const nginx = await startNginx({ root: peerRoot, spa: true });
const server = await startServer({ ...env, LOG_LEVEL: "error" });
try {
  const [first, second] = blogSlugs();
  const articles = [first!, second!].map((slug) => `/blog/${slug}`);
  const pages: Page[] = [
    { name: "/", store: "/", peer: "/", indexable: true, fastLcp: true },
    { name: "/checkout", store: "/checkout", peer: "/checkout", indexable: false, fastLcp: false },
    { name: "/blog", store: "/blog", peer: "/blog", indexable: true, fastLcp: false },
    ...articles.map((path) => ({ name: path, store: path, peer: path, indexable: true, fastLcp: true })),
    {
      name: "success",
      store: await paidOrderPath(server.url),
      peer: `/success?session_id=${PEER_SESSION_ID}`,
      indexable: false,
      fastLcp: false,
    },
  ];
  for (const page of pages) {
    const store = await lighthouseMedian(server.url + page.store, 3);
    const peer = await lighthouseMedian(nginx.url + page.peer, 3);
    const { name } = page;
    compare(name, "Performance", store.performance, peer.performance);
    compare(name, "Accessibility", store.accessibility, peer.accessibility);
    compare(name, "Best Practices", store.bestPractices, peer.bestPractices);
    compare(name, "SEO", store.seo, peer.seo);
    compare(name, "LCP", store.lcpMs, peer.lcpMs, " ms");
    compare(name, "TBT", store.tbtMs, peer.tbtMs, " ms");
    compare(name, "CLS", store.cls, peer.cls);
    compare(name, "JS", kb(store.scriptBytes), kb(peer.scriptBytes), " KB");
    compare(name, "HTML", kb(store.htmlBytes), kb(peer.htmlBytes), " KB");

    budget(`${name} Performance`, store.performance, 100, "", "min");
    budget(`${name} Accessibility`, store.accessibility, 100, "", "min");
    budget(`${name} Best Practices`, store.bestPractices, 100, "", "min");
    if (page.indexable) budget(`${name} SEO`, store.seo, 100, "", "min");
    if (page.fastLcp) budget(`${name} LCP`, store.lcpMs, 1000, " ms");
    // HTML is left out: the store's carries the page, the peer's is an empty shell (ADR 028).
    const worse = trailing(store, peer, page.indexable);
    budget(`${name} figures where the store trails the peer`, worse.length, 0);
    if (worse.length) report(`${name} trailing figures`, worse.join(", "));

    if (name === "/") {
      budget("/ JS store ÷ peer", Number((store.scriptBytes / peer.scriptBytes).toFixed(3)), 0.05, "×");
      budget("/ LCP store ÷ peer", Number((store.lcpMs / peer.lcpMs).toFixed(2)), 0.6, "×");
      // The earlier landing bench's budgets.
      budget("/ JS", kb(store.scriptBytes), 120, " KB");
      budget("/ TBT", store.tbtMs, 50, " ms");
      budget("/ CLS x1000", Math.round(store.cls * 1000), 20);
      const html = await (await fetch(`${server.url}/`)).text();
      budget("/ first HTML response, brotli", kb(brotliCompressSync(html).length), 30, " KB");
    }
    // The earlier blog bench's budget.
    if (articles.includes(name)) budget(`${name} JS`, kb(store.scriptBytes), 15, " KB");
  }
} finally {
  await server.stop();
  await nginx.stop();
  await smtp.close();
  await rm(peerRoot, { recursive: true, force: true });
  await rm(work, { recursive: true, force: true });
}
finish();
