/**
 * The soak: 10 minutes (SOAK_SECONDS to shorten a trial) of mixed traffic at a
 * steady 20 actions a second against the built store with a real SMTP server: pages, checkouts
 * paid on the test payment page, downloads through the delivery e-mail's link, admin reads (the
 * panel and the whole orders CSV, each once a second, over a table that grows by two orders a
 * second). Every answer must be the expected one; the server's RSS and open file descriptors,
 * sampled every 5 s, must end within a bound of their warm values (the first sample after a
 * minute), measured once the traffic's idle connections have closed: RSS at most warm + 50 MB,
 * open fds at most warm + 20. Every order is paid once and gets exactly one delivery e-mail at
 * the SMTP server. The actions still in flight are sampled too: a
 * store that falls behind holds every waiting request in memory, which shows as RSS. RSS is a
 * high-water mark: it steps up after such a backlog and stays there. Only a steady climb without
 * a backlog is a leak; ADR 025 shows how the store's own heap told the two apart. Run it with
 * `npm run bench -- soak` (a plain `npm run bench` leaves it out); BENCH_DATABASE_URL runs it on
 * PostgreSQL.
 */
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inArray } from "drizzle-orm";
import { blogSlugs } from "#app/content/blog-slugs.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import { createServices } from "#app/lib/services.server.ts";
import { orders } from "#db/schema.ts";
import { startSmtp } from "../tests/mocks/smtp.ts";
import { SAMPLE_ZIP, seedProduct } from "../tests/setup/seed-product.ts";
import { startServer } from "../tests/setup/server.ts";
import { budget, finish, report } from "./lib/budget.ts";
import { percentile, rssOf } from "./lib/process.ts";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const RATE = 20;
const SAMPLE_EVERY_MS = 5_000;
/** Warm values are the first sample after a minute (or a quarter of a shorter trial run). */
const WARM_AFTER_MS = Math.min(60_000, (SECONDS * 1000) / 4);
const ADMIN_PATH = "soak-admin-path-0123456789";
const SUCCESS_PATH = "soak-success-path-0123456789";
const ADMIN_PASSWORD = "soak-admin-password";
const MB = 1024 * 1024;

const work = await mkdtemp(join(tmpdir(), "bench-soak-"));
const smtp = await startSmtp();
const env = {
  DATA_DIR: work,
  ADMIN_PATH,
  SUCCESS_PATH,
  ADMIN_PASSWORD,
  TOKEN_SECRET: "s".repeat(40),
  SMTP_URL: smtp.url,
  MAIL_FROM: "Toolkit <shop@soak.test>",
  // Each simulated buyer comes from its own address "through a proxy", as the limits count per address.
  TRUST_PROXY: "loopback",
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
};
const seeding = await createServices(parseEnv(env));
await seedProduct(seeding);
await seeding.close();
// Each buyer downloads a personal copy (ADR 019): the stored ZIP's entries byte for byte, then
// their licence PDF and a new directory. The part before the stored ZIP's own directory is checked.
const productZip = readFileSync(SAMPLE_ZIP);
const firstDirectoryRecord = productZip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
const storedEntries = productZip.subarray(0, firstDirectoryRecord);

const server = await startServer({ ...env, LOG_LEVEL: "warn" });
const pid = server.process.pid!;
const fdsOf = () => readdirSync(`/proc/${pid}/fd`).length;

const articles = blogSlugs().map((slug) => `/blog/${slug}`);
const latencies: number[] = [];
const failures = new Map<string, number>();
const counts = new Map<string, number>();
const buyers: string[] = [];
let client = 0;
const nextIp = () => {
  client++;
  return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
};

/** One request; its latency is kept, and a wrong answer counted as a failure of `kind`. */
async function call(kind: string, path: string, init: RequestInit & { ip?: string } = {}) {
  const started = performance.now();
  const response = await fetch(server.url + path, {
    redirect: "manual",
    ...init,
    headers: { "x-forwarded-for": init.ip ?? nextIp(), ...(init.headers as Record<string, string>) },
  });
  const body = Buffer.from(await response.arrayBuffer());
  latencies.push(performance.now() - started);
  counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return { response, body };
}

/** Where a redirect points, as a path (absolute redirects name PUBLIC_URL, here localhost). */
function location(response: Response) {
  const url = new URL(response.headers.get("location") ?? "", server.url);
  return url.pathname + url.search;
}

function fail(kind: string, detail: string) {
  failures.set(kind, (failures.get(kind) ?? 0) + 1);
  if ((failures.get(kind) ?? 0) <= 3) console.error(`soak: ${kind} failed: ${detail}`);
}

async function page(path: string) {
  const { response } = await call("page", path);
  if (response.status !== 200) fail("page", `${path} answered ${response.status}`);
}

/** Checkout, the test payment, the success page: a paid order whose delivery e-mail is on its way. */
async function purchase() {
  const ip = nextIp();
  const email = `buyer${client}@soak.test`;
  const form = (fields: Record<string, string>) => ({
    method: "POST",
    body: new URLSearchParams(fields),
    ip,
  });
  const checkout = await call(
    "checkout",
    "/checkout",
    form({ intent: "buy", email, offer: "", consent: "on" }),
  );
  const payPage = location(checkout.response);
  if (checkout.response.status !== 303 || !payPage.startsWith("/pay/test/test_cs_"))
    return fail("checkout", `answered ${checkout.response.status} ${payPage}`);
  const paid = await call("pay", payPage, form({ intent: "pay" }));
  const success = location(paid.response);
  if (paid.response.status !== 303 || !success.startsWith(`/${SUCCESS_PATH}?session_id=`))
    return fail("pay", `answered ${paid.response.status} ${success}`);
  buyers.push(email);
  const shown = await call("success", success, { ip });
  if (shown.response.status !== 200 || !shown.body.toString().includes("Payment Successful!"))
    fail("success", `answered ${shown.response.status}`);
}

/** Buyers (by their e-mail's place in the SMTP server's list) with a download under way. */
const downloading = new Set<number>();

/**
 * A buyer follows the link in the delivery e-mail and downloads the ZIP; every byte is checked.
 * A buyer still downloading does not start again (a page is loaded instead): a slow store would
 * otherwise see one buyer's fifth parallel download, which the per-client cap answers with 429.
 */
async function download() {
  const mails = smtp.messages;
  const buyer = Math.floor(Math.random() * mails.length) + 1;
  if (!mails.length || downloading.has(buyer)) return page("/");
  downloading.add(buyer);
  try {
    await downloadAs(buyer, mails[buyer - 1]!);
  } finally {
    downloading.delete(buyer);
  }
}

async function downloadAs(buyer: number, mail: (typeof smtp.messages)[number]) {
  const link = mail.text?.match(/https?:\/\/\S+\?t=[\w-]+/)?.[0];
  if (!link) return fail("download", "a delivery e-mail without a link");
  // One buyer downloads from one network: many networks per order would be a shared link (ADR 020).
  const ip = `10.200.${(buyer >> 8) & 255}.${buyer & 255}`;
  const token = new URL(link).searchParams.get("t")!;
  const asked = await call("download", `/${SUCCESS_PATH}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "download", t: token }),
    ip,
  });
  const file = location(asked.response);
  if (asked.response.status !== 303 || !file.startsWith("/download/"))
    return fail("download", `the success page answered ${asked.response.status}`);
  const got = await call("download", file, { ip });
  const copy =
    got.body.subarray(0, storedEntries.length).equals(storedEntries) &&
    got.body.includes(Buffer.from("LICENSE - LCT-")) &&
    got.body.readUInt32LE(got.body.length - 22) === 0x06054b50;
  if (got.response.status !== 200 || !copy)
    fail("download", `the file answered ${got.response.status} with ${got.body.length} bytes`);
}

let adminCookie = "";
/** The admin panel, or the orders CSV: whole (every order paid before it was asked for has a line). */
async function adminRead(csv: boolean) {
  const path = csv ? `/${ADMIN_PATH}/orders.csv` : `/${ADMIN_PATH}`;
  const paidBefore = buyers.length;
  const { response, body } = await call("admin", path, {
    headers: { cookie: adminCookie },
    ip: "10.255.0.1",
  });
  const text = body.toString();
  const whole = csv
    ? (response.headers.get("content-type") ?? "").includes("text/csv") &&
      text.endsWith("\r\n") &&
      text.split("\r\n").length - 2 >= paidBefore
    : text.includes("Stato del prodotto");
  if (response.status !== 200 || !whole) fail("admin", `${path} answered ${response.status}`);
}

/** One second of traffic: 20 actions, each a page load or a whole flow of several requests. */
const article = (i: number) => articles[i % articles.length]!;
const SECOND: ((tick: number) => Promise<void>)[] = [
  () => page("/"),
  () => page("/blog"),
  (t) => page(article(t)),
  () => page("/checkout"),
  () => purchase(),
  () => page("/"),
  (t) => page(article(t + 1)),
  () => download(),
  () => adminRead(false),
  () => page("/"),
  () => page("/checkout"),
  () => purchase(),
  (t) => page(article(t + 2)),
  () => download(),
  () => page("/blog"),
  () => page("/"),
  () => page("/terms"),
  () => download(),
  () => adminRead(true),
  () => page("/checkout"),
];

const samples: { at: number; rss: number; fds: number; inFlight: number }[] = [];
/** The bench's own RSS at warm and at the end: it keeps every latency and e-mail, which must stay small. */
let clientWarmRss = 0;
try {
  const signIn = await call("admin", `/${ADMIN_PATH}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "sign-in", password: ADMIN_PASSWORD }),
    headers: { origin: server.url },
    ip: "10.255.0.1",
  });
  adminCookie = signIn.response.headers.get("set-cookie")?.split(";")[0] ?? "";
  if (!adminCookie) throw new Error(`admin sign-in answered ${signIn.response.status}`);

  const started = Date.now();
  const pending = new Set<Promise<void>>();
  const sample = () => {
    samples.push({ at: Date.now() - started, rss: rssOf(pid), fds: fdsOf(), inFlight: pending.size });
    if (!clientWarmRss && Date.now() - started >= WARM_AFTER_MS) clientWarmRss = process.memoryUsage.rss();
  };
  const sampler = setInterval(sample, SAMPLE_EVERY_MS);
  // An open loop: each action starts on schedule, whether or not the previous ones have finished.
  for (let n = 0; n < SECONDS * RATE; n++) {
    const due = started + (n * 1000) / RATE;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const action = SECOND[n % RATE]!(Math.floor(n / RATE))
      .catch((error: Error) => fail("request", error.message))
      .finally(() => pending.delete(action));
    pending.add(action);
  }
  await Promise.all(pending);
  clearInterval(sampler);

  // Every delivery e-mail arrives (the outbox works in the background), and no second one after it.
  const deadline = Date.now() + 60_000;
  while (smtp.messages.length < buyers.length && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 500));
  await new Promise((r) => setTimeout(r, 5_000));
  // The end values, once the connections the traffic left open have had their 5 s keep-alive:
  // a descriptor still open then is one the store kept.
  sample();

  const warm = samples.find((s) => s.at >= WARM_AFTER_MS) ?? samples[0]!;
  const last = samples.at(-1)!;
  const mb = (bytes: number) => Math.round(bytes / MB);
  const requests = [...counts.values()].reduce((a, b) => a + b, 0);
  report("duration", SECONDS, " s");
  report("actions started (20 a second)", SECONDS * RATE);
  report("requests", requests);
  report("requests by kind", [...counts].map(([kind, n]) => `${kind} ${n}`).join(", "));
  report(
    "latency p50 / p99 / max",
    `${percentile(latencies, 50).toFixed(0)} / ${percentile(latencies, 99).toFixed(0)} / ${Math.max(...latencies).toFixed(0)} ms`,
  );
  report(
    "RSS warm / peak / end",
    `${mb(warm.rss)} / ${mb(Math.max(...samples.map((s) => s.rss)))} / ${mb(last.rss)} MB`,
  );
  // The first sample of each minute, to tell a plateau from a steady climb.
  const eachMinute = samples.filter(
    (s, i) => i === 0 || Math.floor(s.at / 60_000) > Math.floor(samples[i - 1]!.at / 60_000),
  );
  report("RSS each minute", eachMinute.map((s) => mb(s.rss)).join(", "), " MB");
  report("actions in flight each minute", eachMinute.map((s) => s.inFlight).join(", "));
  report("actions in flight, peak", Math.max(...samples.map((s) => s.inFlight)));
  report("bench client RSS warm / end", `${mb(clientWarmRss)} / ${mb(process.memoryUsage.rss())} MB`);
  report(
    "open fds warm / peak / end",
    `${warm.fds} / ${Math.max(...samples.map((s) => s.fds))} / ${last.fds}`,
  );
  budget("orders paid (2 a second)", buyers.length, SECONDS * 2, "", "min");
  report("delivery e-mails received", smtp.messages.length);
  budget(
    "unexpected answers",
    [...failures.values()].reduce((a, b) => a + b, 0),
    0,
  );
  budget("RSS growth from warm", mb(last.rss - warm.rss), 50, " MB");
  budget("open fds above warm", last.fds - warm.fds, 20);

  const byRecipient = new Map<string, number>();
  for (const mail of smtp.messages) {
    const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : "";
    if (/is ready to download/.test(mail.subject ?? "")) byRecipient.set(to, (byRecipient.get(to) ?? 0) + 1);
  }
  budget(
    "paid orders without exactly one delivery e-mail",
    buyers.filter((b) => byRecipient.get(b) !== 1).length,
    0,
  );
  budget("e-mails to anyone but a buyer, or not a delivery", smtp.messages.length - buyers.length, 0);
  budget(
    "error lines in the server's log",
    server
      .output()
      .split("\n")
      .filter((line) => /"level":(50|60)/.test(line)).length,
    0,
  );
} finally {
  await server.stop();
}

// Every buyer has one order, paid (read once the server is stopped: PGlite allows one process).
const checking = await createServices(parseEnv(env));
const rows = buyers.length
  ? await checking.database.db.select().from(orders).where(inArray(orders.email, buyers))
  : [];
await checking.close();
const paidOnce = buyers.filter((b) => {
  const own = rows.filter((row) => row.email === b);
  return own.length === 1 && own[0]!.status === "paid" && own[0]!.paidAt !== null;
}).length;
budget("buyers without exactly one paid order", buyers.length - paidOnce, 0);
await smtp.close();
await rm(work, { recursive: true, force: true });
finish();
