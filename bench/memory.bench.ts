/**
 * The store's memory on a small server (ADR 025): resident memory of the built store on the
 * embedded database, started as `npm run serve` starts it: its first start on an empty data
 * directory (peak, and idle after a quiet spell), then a later start once warm and idle, and at its
 * peak while 200 checkouts and 100 downloads of a 25 MB ZIP run at once.
 */
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDownloadToken } from "#app/lib/downloads/prepare-download.server.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import { fulfilOrder } from "#app/lib/orders/fulfil-order.server.ts";
import { createServices } from "#app/lib/services.server.ts";
import { orders } from "#db/schema.ts";
import { seedProduct } from "../tests/setup/seed-product.ts";
import { START, startServer } from "../tests/setup/server.ts";
import { budget, finish, report } from "./lib/budget.ts";
import { peakRssOf, rssOf, watchPeakRss } from "./lib/process.ts";

const CHECKOUTS = 200;
const DOWNLOADS = 100;
const SECRET = "m".repeat(40);
const MB = 1024 * 1024;

const work = await mkdtemp(join(tmpdir(), "bench-memory-"));
// A real ZIP (one stored 25 MB file), made with 7-Zip from Debian's p7zip-full (.ci/run installs it).
await writeFile(join(work, "templates.bin"), randomBytes(25 * MB));
const zipPath = join(work, "toolkit.zip");
const made = spawnSync("7z", ["a", "-tzip", "-mx0", zipPath, join(work, "templates.bin")], {
  stdio: "ignore",
});
if (made.error || made.status !== 0) {
  console.error("7z not found or failed: install Debian's p7zip-full (apt-get install p7zip-full).");
  process.exit(1);
}

const mb = (bytes: number) => Math.round(bytes / MB);
const quietSpell = () => new Promise((r) => setTimeout(r, 20_000));

// The first start on an empty data directory: the database is made (from the build's copy), the
// admin password generated; then a visitor's pages and a quiet spell.
{
  const first = await startServer({ DATA_DIR: join(work, "first-start"), LOG_LEVEL: "error" });
  try {
    for (const path of ["/", "/checkout", "/blog", "/terms", "/readyz"])
      await (await fetch(first.url + path)).text();
    const peak = peakRssOf(first.process.pid!);
    await quietSpell();
    const idle = rssOf(first.process.pid!);
    report(
      "first start on an empty data directory: peak / idle 20 s after the last request",
      `${mb(peak)} / ${mb(idle)}`,
      " MB",
    );
    budget("first start: peak RSS", mb(peak), 350, " MB");
    budget("first start: idle RSS", mb(idle), 200, " MB");
  } finally {
    await first.stop();
  }
}

const env = { DATA_DIR: join(work, "data"), TOKEN_SECRET: SECRET, ADMIN_PASSWORD: "bench-admin-password" };
const seeding = await createServices(parseEnv(env));
const { product } = await seedProduct(seeding, zipPath);
const tokens: string[] = [];
for (let i = 0; i < DOWNLOADS + 1; i++) {
  const [order] = await seeding.database.db
    .insert(orders)
    .values({
      email: `m${i}@bench.test`,
      amountCents: 4700,
      provider: "test",
      providerSessionId: `test_cs_mem_${i}`,
    })
    .returning();
  await fulfilOrder(seeding.database.db, seeding.links, { orderId: order!.id });
  tokens.push(
    createDownloadToken([SECRET], { orderId: order!.id, productId: product.id }, Date.now() + 3_600_000),
  );
}
await seeding.close();

const server = await startServer({ ...env, LOG_LEVEL: "error", TRUST_PROXY: "loopback" });
const pid = server.process.pid!;

async function download(token: string, i: number) {
  const response = await fetch(`${server.url}/download/${token}`, {
    headers: { "x-forwarded-for": `10.1.${i >> 8}.${i & 255}` },
  });
  const hash = createHash("sha256");
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
  return response.ok;
}

async function checkout(i: number) {
  const response = await fetch(`${server.url}/checkout`, {
    method: "POST",
    body: new URLSearchParams({ intent: "buy", email: `c${i}@bench.test`, offer: "", consent: "on" }),
    headers: { "x-forwarded-for": `10.2.${i >> 8}.${i & 255}` },
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status === 303;
}

try {
  // Warm: every kind of page once, a checkout and a download, then idle. V8 shrinks its heap about
  // 10 s into a quiet spell (its memory reducer: 223 -> 190 MB here), so idle is measured after 15 s.
  for (const path of ["/", "/checkout", "/blog", "/terms", "/readyz"])
    await (await fetch(server.url + path)).text();
  if (!(await checkout(-1)) || !(await download(tokens.pop()!, 0)))
    throw new Error("the warm-up checkout or download failed");
  await new Promise((r) => setTimeout(r, 15_000));
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    samples.push(rssOf(pid));
    await new Promise((r) => setTimeout(r, 1000));
  }
  const idle = samples.sort((a, b) => a - b)[2]!;

  const stopWatch = watchPeakRss(pid);
  const results = await Promise.all([
    ...Array.from({ length: CHECKOUTS }, (_, i) => checkout(i)),
    ...tokens.map((token, i) => download(token, i)),
  ]);
  const peak = stopWatch();
  const failures = results.filter((ok) => !ok).length;

  report("started as", `node ${START.join(" ")}`);
  report("warm idle RSS (median of 5, after 15 s idle)", mb(idle), " MB");
  report(`peak RSS under ${CHECKOUTS} checkouts + ${DOWNLOADS} downloads of 25 MB`, mb(peak), " MB");
  budget("failed requests under load", failures, 0);
  budget("warm idle RSS", mb(idle), 200, " MB");
  budget("peak RSS under load", mb(peak), 300, " MB");
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
finish();
