/**
 * Fault suite: PostgreSQL restarted under traffic (issue 16). The built store runs as a child
 * process on a PostgreSQL cluster of the test's own, which the test stops (sessions end with
 * 57P01, as in a restart or failover) and starts again in the middle of a bounded loop of
 * purchases and page loads. The store must stay up, answer 503 with the page that says to try
 * again (never a 500 or a stack), recover without a restart, and lose or double nothing.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/lib/db/database.server.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import { createServices } from "#app/lib/services.server.ts";
import { startSmtp, type TestSmtp } from "../mocks/smtp.ts";
import { type OwnPostgres, startOwnPostgres } from "../setup/own-postgres.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type RunningServer, startServer } from "../setup/server.ts";

const SUCCESS_PATH = "faults-success-0123456789";
const RETRY_PAGE = "Please try again in a minute";

describe("fault: PostgreSQL restarted mid-traffic", () => {
  let postgres: OwnPostgres;
  let smtp: TestSmtp;
  let store: RunningServer;

  beforeAll(async () => {
    postgres = await startOwnPostgres();
    smtp = await startSmtp();
    const env = {
      DATABASE_URL: postgres.url,
      SMTP_URL: smtp.url,
      SUCCESS_PATH,
      ADMIN_PATH: "faults-admin-0123456789",
      ADMIN_PASSWORD: "faults-admin-password",
      TOKEN_SECRET: "f".repeat(40),
      // Each purchase comes from its own buyer's address, as through a proxy (the checkout limits are per address).
      TRUST_PROXY: "1",
    };
    store = await startServer({ ...env, LOG_LEVEL: "info" });
    const seeding = await createServices(parseEnv({ ...env, DATA_DIR: store.dataDir }));
    await seedProduct(seeding);
    await seeding.close();
  }, 120_000);
  afterAll(async () => {
    await store?.stop();
    await smtp?.close();
    postgres?.destroy();
  });

  /** One buyer's purchase in test mode: the checkout, then "Pay". Returns each answer's status and body. */
  async function purchase(n: number) {
    const headers = { "x-forwarded-for": `10.${n % 250}.0.1` };
    const email = `pg-buyer-${n}@example.com`;
    const checkout = await fetch(`${store.url}/checkout`, {
      method: "POST",
      body: new URLSearchParams({ intent: "buy", email, consent: "on" }),
      headers,
      redirect: "manual",
    });
    const answers = [{ status: checkout.status, body: await checkout.text() }];
    if (checkout.status !== 303) return { email, answers, paid: false };
    const payPath = new URL(checkout.headers.get("location")!, store.url).pathname;
    // A buyer who meets the outage on the payment page tries again a moment later, as the page says.
    for (let attempt = 0; attempt < 20; attempt++) {
      const pay = await fetch(`${store.url}${payPath}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "pay" }),
        headers,
        redirect: "manual",
      });
      answers.push({ status: pay.status, body: await pay.text() });
      if (pay.status === 303) {
        expect(pay.headers.get("location")).toMatch(new RegExp(`^/${SUCCESS_PATH}\\?session_id=`));
        return { email, answers, paid: true };
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    return { email, answers, paid: false };
  }

  const pageLoad = async (path: string) => {
    const res = await fetch(`${store.url}${path}`);
    return { status: res.status, body: await res.text() };
  };

  it("a connection ended by the server while checked out (a transaction between statements) fails that transaction, not the process", async () => {
    const database = await openDatabase({ url: postgres.url, dataDir: null });
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    try {
      const failed = await database.db
        .transaction(async (tx) => {
          const { rows } = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
          await admin.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
          // The server's 57P01 arrives while the client is checked out and idle.
          await new Promise((r) => setTimeout(r, 500));
          await tx.execute(sql`select 1`);
        })
        .catch((error: unknown) => error);
      expect(failed).toBeInstanceOf(Error);
      // The pool replaces the connection: the next query works.
      expect((await database.db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await database.close();
    }
  });

  it("stays up, answers 503 'try again' during the outage, recovers by itself and loses or doubles nothing", async () => {
    const purchases: Awaited<ReturnType<typeof purchase>>[] = [];
    const pages: { status: number; body: string }[] = [];
    let outage: Promise<void> | null = null;
    for (let round = 0; round < 24; round++) {
      if (round === 6) {
        // The restart runs beside the traffic: stopped (sessions end), down for 3 s, started.
        outage = (async () => {
          postgres.stop();
          await new Promise((r) => setTimeout(r, 3_000));
          postgres.start();
        })();
      }
      const [bought, loaded] = await Promise.all([
        Promise.all([0, 1, 2].map((i) => purchase(round * 3 + i))),
        Promise.all(["/checkout", "/", `/${SUCCESS_PATH}`, "/blog"].map(pageLoad)),
      ]);
      purchases.push(...bought);
      pages.push(...loaded);
      expect(store.process.exitCode, store.output()).toBeNull();
    }
    await outage;

    // Never a 500 or a stack: a 503 carries the page that says to try again.
    const answers = [...pages, ...purchases.flatMap((p) => p.answers)];
    const statuses = new Set(answers.map((a) => a.status));
    expect(
      [...statuses].filter((s) => ![200, 303, 400, 503].includes(s)),
      store.output(),
    ).toEqual([]);
    const unavailable = answers.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const answer of unavailable) {
      expect(answer.body).not.toMatch(/ at .+\.(js|ts):\d+/);
      if (answer.body.startsWith("<!DOCTYPE")) expect(answer.body).toContain(RETRY_PAGE);
    }
    expect(store.output()).not.toMatch(/Unhandled 'error' event|57P01.*\n.*at /);

    // Recovered without a restart: a new purchase goes through at once.
    const after = await purchase(249);
    expect(after.paid).toBe(true);
    purchases.push(after);
    expect(store.process.exitCode).toBeNull();

    // Nothing lost or doubled: every purchase the buyer saw paid is paid once, with one e-mail.
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const paid = (
      await client.query<{ email: string }>("select email from orders where status = 'paid' order by email")
    ).rows.map((r) => r.email);
    const seenPaid = purchases.filter((p) => p.paid).map((p) => p.email);
    expect(paid).toEqual(expect.arrayContaining(seenPaid));
    expect(new Set(paid).size).toBe(paid.length);
    await expect
      .poll(() => smtp.messages.length, { timeout: 30_000, interval: 500, message: store.output() })
      .toBeGreaterThanOrEqual(paid.length);
    await new Promise((r) => setTimeout(r, 2_000));
    const received = smtp.messages.map((m) => (m.to && "text" in m.to ? m.to.text : "")).sort();
    expect(received).toEqual(paid);
    const outbox = await client.query("select count(*)::int as n from email_outbox where sent_at is null");
    expect(outbox.rows[0].n).toBe(0);
    await client.end();
  }, 240_000);
});
