/** 200 checkout submissions at once with the test-mode provider: every one must get its payment page. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEnv } from "#app/lib/env.server.ts";
import { createServices } from "#app/lib/services.server.ts";
import { seedProduct } from "../tests/setup/seed-product.ts";
import { startServer } from "../tests/setup/server.ts";
import { budget, finish, report } from "./lib/budget.ts";
import { percentile } from "./lib/process.ts";

const CONCURRENCY = 200;
const work = await mkdtemp(join(tmpdir(), "bench-checkout-"));
const env = {
  DATA_DIR: work,
  ADMIN_PASSWORD: "bench-admin-password",
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
};
const seeding = await createServices(parseEnv(env), { outboxWorker: false });
await seedProduct(seeding);
await seeding.close();

// 200 buyers from 200 addresses, as the checkout limits count per address (ADR 014).
const server = await startServer({ ...env, LOG_LEVEL: "error", TRUST_PROXY: "loopback" });
try {
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, i) => {
      const started = performance.now();
      const response = await fetch(`${server.url}/checkout`, {
        method: "POST",
        body: new URLSearchParams({ intent: "buy", email: `buyer${i}@bench.test`, offer: "", consent: "on" }),
        headers: { "x-forwarded-for": `10.3.${i >> 8}.${i & 255}` },
        redirect: "manual",
      });
      latencies.push(performance.now() - started);
      if (response.status !== 303 || !response.headers.get("location")?.includes("/pay/test/test_cs_"))
        errors++;
    }),
  );
  report("p50", percentile(latencies, 50).toFixed(0), " ms");
  report("p99", percentile(latencies, 99).toFixed(0), " ms");
  report("max", Math.max(...latencies).toFixed(0), " ms");
  budget("failed submissions", errors, 0);
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
finish();
