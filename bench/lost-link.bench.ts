/**
 * The lost-link form must not tell who bought by its timing (ADR 013): 40 buyers' addresses
 * and 40 strangers' addresses, interleaved, one request at a time, each from its own client
 * address, a pair each 1.2 s (after the work the previous pair left for later); the two medians
 * must be within 2 ms (a form that does a buyer's work before answering gives 9.7-11.7 ms against
 * 6.3-6.5 ms).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEnv } from "#app/lib/env.server.ts";
import { fulfilOrder } from "#app/lib/orders/fulfil-order.server.ts";
import { createServices } from "#app/lib/services.server.ts";
import { orders } from "#db/schema.ts";
import { seedProduct } from "../tests/setup/seed-product.ts";
import { startServer } from "../tests/setup/server.ts";
import { budget, finish, report } from "./lib/budget.ts";
import { percentile } from "./lib/process.ts";

const ROUNDS = 40;
const SUCCESS_PATH = "bench-success-path-0123456789";
const work = await mkdtemp(join(tmpdir(), "bench-lost-link-"));
const env = {
  DATA_DIR: work,
  ADMIN_PASSWORD: "bench-admin-password",
  SUCCESS_PATH,
  // The requests come through "a proxy" on loopback, each for another client.
  TRUST_PROXY: "loopback",
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
};
const seeding = await createServices(parseEnv(env));
await seedProduct(seeding);
for (let i = 0; i < ROUNDS; i++) {
  const [order] = await seeding.database.db
    .insert(orders)
    .values({ email: `buyer${i}@bench.test`, amountCents: 4700, provider: "test" })
    .returning();
  await fulfilOrder(seeding.database.db, seeding.links, { orderId: order!.id });
}
await seeding.close();

const server = await startServer({ ...env, LOG_LEVEL: "error" });
try {
  const ask = async (email: string, client: number) => {
    const started = performance.now();
    const response = await fetch(`${server.url}/${SUCCESS_PATH}/answer`, {
      method: "POST",
      body: new URLSearchParams({ intent: "lost-link", email }),
      headers: { "x-forwarded-for": `10.1.${client >> 8}.${client & 255}` },
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`lost-link answered ${response.status}`);
    return performance.now() - started;
  };
  // Warm up the route and the database first.
  for (let i = 0; i < 5; i++) await ask(`warmup${i}@bench.test`, 1000 + i);
  const buyers: number[] = [];
  const strangers: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    // The first request after a pause is slower: a neutral one goes first, then each in turn.
    await ask(`pause${i}@bench.test`, 4000 + i);
    const buyer = () => ask(`buyer${i}@bench.test`, 2 * i);
    const stranger = () => ask(`stranger${i}@bench.test`, 2 * i + 1);
    if (i % 2 === 0) {
      buyers.push(await buyer());
      strangers.push(await stranger());
    } else {
      strangers.push(await stranger());
      buyers.push(await buyer());
    }
    await new Promise((resolve) => setTimeout(resolve, 1200));
  }
  const buyersMedian = percentile(buyers, 50);
  const strangersMedian = percentile(strangers, 50);
  report("buyers p50", buyersMedian.toFixed(2), " ms");
  report("strangers p50", strangersMedian.toFixed(2), " ms");
  budget("p50 difference", Number(Math.abs(buyersMedian - strangersMedian).toFixed(2)), 2, " ms");
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
finish();
