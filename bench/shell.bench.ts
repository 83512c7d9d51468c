/** Start-up and first-byte time of the store, the home page's size on the wire, and its throughput. */
import { brotliCompressSync } from "node:zlib";
import autocannon from "autocannon";
import { startServer } from "../tests/setup/server.ts";
import { budget, finish, report } from "./lib/budget.ts";

const started = performance.now();
const server = await startServer();
const ready = performance.now() - started;
try {
  const t0 = performance.now();
  const response = await fetch(`${server.url}/`);
  const ttfb = performance.now() - t0;
  const html = await response.text();
  report("start to healthy (fresh DATA_DIR, includes first-start setup)", Math.round(ready), " ms");
  report("first byte of / (warm)", ttfb.toFixed(1), " ms");
  budget("home HTML, brotli", brotliCompressSync(html).length, 30 * 1024, " B");
  // The landing page from memory, with the product's state read at most once a second (ADR 006).
  const load = await autocannon({
    url: `${server.url}/`,
    connections: 20,
    duration: 10,
    headers: { "accept-encoding": "br" },
  });
  report("/ under 20 connections for 10 s, p99 latency", load.latency.p99, " ms");
  budget("/ requests per second (mean)", Math.round(load.requests.average), 3_000, "", "min");
  budget("/ errors and non-2xx answers", load.errors + load.non2xx, 0);
} finally {
  await server.stop();
}
finish();
