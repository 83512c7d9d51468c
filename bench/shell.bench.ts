/**
 * Start-up and first-byte time of the store and the home page's size on the wire; its throughput
 * beside nginx is bench/throughput.bench.ts's.
 */
import { brotliCompressSync } from "node:zlib";
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
} finally {
  await server.stop();
}
finish();
