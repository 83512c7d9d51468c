import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "#app/lib/env.server.ts";
import { mailDirOf } from "#app/lib/mail/mailer.server.ts";
import { enqueueEmail } from "#app/lib/mail/outbox.server.ts";
import { setOwnerNotices } from "#app/lib/owner/owner-notices.server.ts";
import { createServices } from "#app/lib/services.server.ts";
import { emailOutbox } from "#db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { testBackends } from "../setup/databases.ts";
import { startSeededServer } from "../setup/seeded-server.ts";
import { TEST_SELLER } from "../setup/seller.ts";
import type { RunningServer } from "../setup/server.ts";

const ADMIN_PATH = "reconcile-admin-0123456789";

/** `npm run reconcile` with the store's environment: its exit code and output. */
function reconcileCli(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { NODE_ENV: _ignored, ...base } = process.env;
  const child = spawn(process.execPath, ["scripts/reconcile.ts"], {
    env: { ...base, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

/** Reconciliation as the owner reaches it: the admin's button, and the command line beside a running store. */
describe("reconciliation in the running store (PGlite)", () => {
  const backend = testBackends()[0]!;
  let stripe: FakeStripe;
  let server: RunningServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    env = {
      ADMIN_PATH,
      STRIPE_SECRET_KEY: "sk_test_reconcile",
      ...TEST_SELLER,
      STRIPE_WEBHOOK_SECRET: "whsec_reconcile_server",
      STRIPE_API_BASE: stripe.url,
    };
    server = (await startSeededServer(backend, env)).server;
    env.DATA_DIR = server.dataDir;
  }, 90_000);
  afterAll(async () => {
    await server.stop();
    await stripe.close();
  });

  it("fulfils a lost webhook's order from the admin's 'Riconcilia ora' button, and shows it", async () => {
    const ordered = await fetch(`${server.url}/checkout`, {
      method: "POST",
      body: new URLSearchParams({ intent: "buy", email: "lost@example.com", consent: "on" }),
      redirect: "manual",
    });
    expect(ordered.status).toBe(303);
    stripe.pay([...stripe.sessions.values()].at(-1)!.id);

    const cookie = (
      await fetch(`${server.url}/${ADMIN_PATH}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "sign-in", password: "seeded-admin-password" }),
        headers: { origin: server.url },
        redirect: "manual",
      })
    ).headers
      .get("set-cookie")!
      .split(";")[0]!;
    const press = (origin: string) =>
      fetch(`${server.url}/${ADMIN_PATH}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "reconcile" }),
        headers: { origin, cookie },
        redirect: "manual",
      });
    // Another site's form is refused (React Router or the admin's own origin check).
    expect((await press("https://evil.example")).status).toBeGreaterThanOrEqual(400);
    expect((await press(server.url)).status).toBe(200);

    const html = await (
      await fetch(`${server.url}/${ADMIN_PATH}/impostazioni`, { headers: { cookie } })
    ).text();
    const panel = html.replaceAll("<!-- -->", "");
    expect(panel).toContain("Riconcilia ora");
    expect(panel).toMatch(/dal pannello\): 1 sessione controllata, consegnati: #\d+/);
    const csv = await (await fetch(`${server.url}/${ADMIN_PATH}/orders.csv`, { headers: { cookie } })).text();
    // A card payment gives its country even without a full billing address (the fake, as Stripe).
    expect(csv).toMatch(/"lost@example\.com","47\.00","","IT","no","paid"/);
  });

  it("refuses `npm run reconcile` while the store runs, and runs once it has stopped", async () => {
    const refused = await reconcileCli(env);
    expect(refused.code).toBe(1);
    expect(refused.output.trim()).toMatch(
      /^The embedded database in .+ is in use by another process \(pid \d+\)/,
    );
    expect(refused.output.trim().split("\n")).toHaveLength(1);

    await server.stop();
    const ran = await reconcileCli(env);
    expect(ran.output).toContain("Checked 1 sessions; nothing to fix.");
    expect(ran.code).toBe(0);
    // Two command processes, each a Node start: a slow machine takes longer than a unit test's 30 s.
  }, 90_000);
  it("runs `npm run reconcile` without any of the store's jobs: a due e-mail stays queued and no daily summary is queued", async () => {
    const open = () => createServices(parseEnv({ ...process.env, LOG_LEVEL: "warn", ...env }));
    const before = await open();
    await setOwnerNotices(before.database.db, { sale: false, dailySummary: true });
    await enqueueEmail(before.database.db, {
      to: "waiting@example.com",
      template: "delivery",
      dedupeKey: "delivery:waiting",
      payload: {
        reference: "LCT-0000000099",
        amountCents: 4700,
        discountApplied: false,
        paidAt: "2026-11-22T10:00:00.000Z",
        link: "http://shop.test/thank-you?t=waiting",
        supportEmail: "help@shop.test",
      },
    });
    await before.close();
    const mailDir = mailDirOf(env.DATA_DIR!);
    const mailBefore = await readdir(mailDir);

    const startedAt = Date.now();
    const ran = await reconcileCli(env);
    expect(ran.output).toContain("Checked 1 sessions; nothing to fix.");
    expect(ran.code).toBe(0);
    // Closing waits for nothing but the database: no job holds the command open (a job's timer
    // would keep it running for good; the bound leaves room for a slow machine's Node start).
    expect(Date.now() - startedAt).toBeLessThan(45_000);

    expect(await readdir(mailDir)).toEqual(mailBefore);
    const after = await open();
    try {
      const [waiting] = await after.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, "delivery:waiting"));
      expect(waiting).toMatchObject({ sentAt: null, attempts: 0, claimedBy: null });
      const summaries = await after.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.template, "daily-summary"));
      expect(summaries).toEqual([]);
    } finally {
      await after.close();
    }
  }, 90_000);
});
