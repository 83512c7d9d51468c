/**
 * Checkout capacity (ADR 027): how many purchases a second the built store sustains, on
 * PGlite and on PostgreSQL. One purchase is the checkout POST, the test-mode payment POST and the
 * fulfilment it runs (the order paid, its delivery e-mail queued in the outbox). The load is open:
 * purchases start at a fixed rate whatever the answers, in steps (50, 100, … 250 a second, each for
 * CAPACITY_SECONDS, 10 by default), stopping at the first step whose p99 is over 250 ms or that
 * had an error. Each buyer comes from its own address (TRUST_PROXY=loopback, x-forwarded-for), as
 * the checkout limits count per address. After the run the database must hold, for every purchase
 * of the steps that passed, one paid order with exactly one delivery e-mail.
 *
 * The figure is the highest step that passed. PostgreSQL is a throwaway cluster of the bench's own
 * (initdb in a temporary directory, PostgreSQL's default settings: fsync on, as a real store runs)
 * unless BENCH_DATABASE_URL names one; CAPACITY_ONLY=pglite or =postgres runs one database.
 * It replaces checkout.bench.ts (200 checkouts at once): a sustained rate with its p99 answers
 * that question and the harder one.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import { createServices } from "#app/lib/services.server.ts";
import { emailOutbox, orders } from "#db/schema.ts";
import { startOwnPostgres } from "../tests/setup/own-postgres.ts";
import { seedProduct } from "../tests/setup/seed-product.ts";
import { type RunningServer, startServer } from "../tests/setup/server.ts";
import { budget, finish, report } from "./lib/budget.ts";
import { percentile } from "./lib/process.ts";

const STEPS = [50, 100, 150, 200, 250];
const SECONDS = Number(process.env.CAPACITY_SECONDS ?? 10);
const P99_LIMIT_MS = 250;
const BUDGET_POSTGRES = 150;
const SUCCESS_PATH = "capacity-success-path-0123456789";
const REQUEST_TIMEOUT_MS = 10_000;

interface StepResult {
  rate: number;
  /** The store process's CPU time (user + system) per purchase: less swayed by a loaded machine than latency. */
  cpuMsPerPurchase: number;
  purchases: number;
  p50: number;
  p99: number;
  errors: number;
  firstError: string | null;
}

/** The buyers of one step share a domain, so the database can be asked about each step afterwards. */
const domainOf = (label: string) => `${label}.capacity.test`;

let buyerCount = 0;
/** A new buyer: an address and a network of their own. */
function nextBuyer(label: string) {
  const n = ++buyerCount;
  return { email: `buyer${n}@${domainOf(label)}`, ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
}

/** One purchase; returns the two requests' latencies or why it failed. */
async function purchase(url: string, label: string, scheduledAt: number) {
  const { email, ip } = nextBuyer(label);
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${url}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "x-forwarded-for": ip },
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  const latencies: number[] = [];
  try {
    // Measured from when the purchase was due, not when the timer fired: a late start is latency too.
    const checkout = await post("/checkout", { intent: "buy", email, offer: "", consent: "on" });
    latencies.push(performance.now() - scheduledAt);
    await checkout.body?.cancel();
    const payPage = new URL(checkout.headers.get("location") ?? "", url).pathname;
    if (checkout.status !== 303 || !payPage.startsWith("/pay/test/test_cs_"))
      return { latencies, error: `checkout answered ${checkout.status}` };
    const paidStarted = performance.now();
    const paid = await post(payPage, { intent: "pay" });
    latencies.push(performance.now() - paidStarted);
    await paid.body?.cancel();
    if (paid.status !== 303 || !paid.headers.get("location")?.includes(`/${SUCCESS_PATH}?session_id=`))
      return { latencies, error: `payment answered ${paid.status}` };
    return { latencies, error: null };
  } catch (error) {
    return { latencies, error: error instanceof Error ? error.message : String(error) };
  }
}

/** CPU time a process has used so far, in ms (Linux: utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Starts `rate` purchases a second for `seconds`, on schedule whatever the answers, and waits for all. */
async function runStep(
  server: RunningServer,
  label: string,
  rate: number,
  seconds: number,
): Promise<StepResult> {
  const { url } = server;
  const pid = server.process.pid!;
  const cpuBefore = cpuMsOf(pid);
  const total = rate * seconds;
  const started = performance.now();
  const running: ReturnType<typeof purchase>[] = [];
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
      while (running.length < due)
        running.push(purchase(url, label, started + (running.length * 1000) / rate));
      if (running.length === total) {
        clearInterval(timer);
        resolve();
      }
    }, 2);
  });
  const results = await Promise.all(running);
  const latencies = results.flatMap((r) => r.latencies);
  const failed = results.filter((r) => r.error !== null);
  return {
    rate,
    cpuMsPerPurchase: Number(((cpuMsOf(pid) - cpuBefore) / total).toFixed(1)),
    purchases: total,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    errors: failed.length,
    firstError: failed[0]?.error ?? null,
  };
}

/**
 * The store's CPU time per purchase over `count` purchases made four at a time: unlike latency under
 * load, it barely depends on what else the machine is running.
 */
async function costOfPurchase(server: RunningServer, count: number): Promise<number> {
  const pid = server.process.pid!;
  const errors: string[] = [];
  const buy = async (purchases: number) => {
    let next = 0;
    const buyer = async () => {
      while (next < purchases) {
        next++;
        const { error } = await purchase(server.url, "warm", performance.now());
        if (error) errors.push(error);
      }
    };
    await Promise.all([buyer(), buyer(), buyer(), buyer()]);
  };
  // The first purchases also pay for compiling the code they run: not counted.
  await buy(50);
  const before = cpuMsOf(pid);
  await buy(count);
  if (errors.length) throw new Error(`${errors.length} purchases failed while warming up: ${errors[0]}`);
  return Number(((cpuMsOf(pid) - before) / count).toFixed(1));
}

/** Per step: its orders, those paid, and those with exactly one delivery e-mail queued. */
async function countStep(db: Db, label: string) {
  const result = await db.execute<{ orders: number; paid: number; with_one_email: number }>(sql`
    select count(*)::int as orders,
      count(*) filter (where o.status = 'paid')::int as paid,
      count(*) filter (where (
        select count(*) from ${emailOutbox} e where e.order_id = o.id and e.template = 'delivery') = 1)::int
        as with_one_email
    from ${orders} o
    where o.email like ${`%@${domainOf(label)}`}`);
  return result.rows[0]!;
}

/** Steps up the rate on one database; returns the highest rate that held, everything counted. */
async function measure(name: string, databaseUrl: string | null): Promise<number> {
  const work = await mkdtemp(join(tmpdir(), "bench-capacity-"));
  const env = {
    DATA_DIR: work,
    ADMIN_PASSWORD: "bench-admin-password",
    SUCCESS_PATH,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  try {
    const seeding = await createServices(parseEnv(env));
    await seedProduct(seeding);
    await seeding.close();
    const server = await startServer({ ...env, LOG_LEVEL: "warn", TRUST_PROXY: "loopback" });
    const steps: StepResult[] = [];
    try {
      // Warms the store up (JIT, connection pool) and measures what one purchase costs it.
      const cost = await costOfPurchase(server, 200);
      report(`store CPU per purchase, ${name}`, cost, " ms");
      for (const rate of STEPS) {
        const step = await runStep(server, `s${rate}`, rate, SECONDS);
        steps.push(step);
        console.log(
          `     ${name} ${rate}/s: p50 ${step.p50} ms, p99 ${step.p99} ms, ${step.errors} errors of ${step.purchases}, store CPU ${step.cpuMsPerPurchase} ms a purchase` +
            (step.firstError ? ` (first: ${step.firstError})` : ""),
        );
        if (step.p99 > P99_LIMIT_MS || step.errors > 0) break;
      }
    } finally {
      await server.stop();
    }
    let held = 0;
    const counting = await createServices(parseEnv(env));
    try {
      for (const step of steps) {
        if (step.p99 > P99_LIMIT_MS || step.errors > 0) break;
        const counted = await countStep(counting.database.db, `s${step.rate}`);
        const exact = [counted.orders, counted.paid, counted.with_one_email].every(
          (n) => n === step.purchases,
        );
        if (!exact) {
          console.log(
            `     ${name} ${step.rate}/s: ${counted.orders} orders, ${counted.paid} paid, ${counted.with_one_email} with one delivery e-mail, for ${step.purchases} purchases`,
          );
          break;
        }
        held = step.rate;
      }
    } finally {
      await counting.close();
    }
    const at = steps.find((step) => step.rate === held);
    if (at) report(`p99 at ${held}/s, ${name}`, at.p99, " ms");
    return held;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const only = process.env.CAPACITY_ONLY;
if (only !== "postgres") {
  report(`purchases/s at p99 ≤ ${P99_LIMIT_MS} ms, PGlite`, await measure("PGlite", null), "/s");
}
if (only !== "pglite") {
  const given = process.env.BENCH_DATABASE_URL;
  const own = given ? null : await startOwnPostgres({ durable: true });
  try {
    const name = given
      ? "PostgreSQL (BENCH_DATABASE_URL)"
      : "PostgreSQL (own cluster, default settings, fsync on)";
    budget(
      `purchases/s at p99 ≤ ${P99_LIMIT_MS} ms, ${name}`,
      await measure(name, given ?? own!.url),
      BUDGET_POSTGRES,
      "/s",
      "min",
    );
  } finally {
    own?.destroy();
  }
}
finish();
