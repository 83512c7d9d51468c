import { spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { saveFiscalSettings } from "#app/lib/books/fiscal-settings.server.ts";
import { issueDueDocuments } from "#app/lib/books/issue-invoices.server.ts";
import { openDatabase } from "#app/lib/db/database.server.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import { enqueueEmail } from "#app/lib/mail/outbox.server.ts";
import { fulfilOrder } from "#app/lib/orders/fulfil-order.server.ts";
import { romeDay } from "#app/lib/pricing/rome-time.ts";
import { createFileStore, createServices, type Services } from "#app/lib/services.server.ts";
import {
  downloadConfirmations,
  downloads,
  emailOutbox,
  exchangeRates,
  invoiceRequests,
  orders,
  paymentRecords,
  rateLimits,
  refundRequests,
  unsubscribes,
} from "#db/schema.ts";
import { databaseTemplate, type TestBackend } from "./databases.ts";
import { TEST_FISCAL_SETTINGS } from "./seed-invoices.ts";
import { seedProduct } from "./seed-product.ts";
import { TEST_SELLER } from "./seller.ts";

/** A store's environment on a fresh DATA_DIR (and a fresh PostgreSQL database on that backend). */
export async function storeEnv(
  backend: TestBackend,
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  const url = backend.freshUrl ? await backend.freshUrl() : undefined;
  return {
    DATA_DIR: await mkdtemp(join(tmpdir(), "store-ops-")),
    TOKEN_SECRET: "o".repeat(40),
    ADMIN_PASSWORD: "ops-admin-password",
    ADMIN_PATH: "ops-admin-0123456789",
    SUCCESS_PATH: "ops-thanks-0123456789",
    ...(url ? { DATABASE_URL: url } : {}),
    ...extra,
  };
}

/** The store's services on `env`, without timers' e-mail sending (PGlite: only while no server runs). */
export const openStore = (env: Record<string, string>): Promise<Services> =>
  createServices(parseEnv(env), { databaseTemplate: databaseTemplate() });

/** The store's database and file store alone, as the tools open them: no timers, no settings written. */
export async function openData(env: Record<string, string>) {
  const parsed = parseEnv(env);
  const database = await openDatabase({ url: parsed.DATABASE_URL, dataDir: parsed.DATA_DIR });
  return { database, files: await createFileStore(parsed), close: () => database.close() };
}

export type StoreData = Awaited<ReturnType<typeof openData>>;

/**
 * Fills the store with what a shop that has sold for a while holds: a product, orders in every
 * status for `email` and others, delivery e-mails (sent and unsent), access links, downloads with
 * IPs, a download confirmation, a refund request with a reason, an unsubscribe and rate-limit rows.
 */
export async function fillStore(services: Services, email = "Buyer@Example.com") {
  const db = services.database.db;
  const { product, bytes } = await seedProduct(services);
  const statuses = ["pending", "paid", "refunded", "failed", "expired", "processing", "disputed"] as const;
  const made = [];
  for (const [i, status] of statuses.entries()) {
    const [order] = await db
      .insert(orders)
      .values({
        // The buyer has every status but failed and processing, which other buyers have.
        email: i === 3 || i === 5 ? `other${i}@example.com` : email,
        amountCents: 4700,
        provider: "test",
        providerSessionId: `test_cs_fill_${i}`,
        country: "IT",
        taxCents: 848,
      })
      .returning();
    if (["paid", "refunded", "disputed"].includes(status)) {
      await fulfilOrder(db, services.links, { orderId: order!.id });
      if (status !== "paid") await db.update(orders).set({ status }).where(eq(orders.id, order!.id));
      await db.insert(downloads).values([
        { orderId: order!.id, ip: "198.51.100.7", ipHash: "hash7", network: "198.51.100.0/24", bytes: 1234 },
        {
          orderId: order!.id,
          ip: "2001:db8::1",
          ipHash: "hash1",
          network: "2001:db8::/48",
          bytes: 99,
          entry: "a.pdf",
        },
      ]);
    } else if (status !== "pending") {
      await db.update(orders).set({ status }).where(eq(orders.id, order!.id));
    }
    made.push({ ...order!, status });
  }
  const [paid, refunded] = [made[1]!, made[2]!];
  // The first delivery e-mail went out; the others wait in the outbox.
  await db
    .update(emailOutbox)
    .set({ sentAt: new Date(), smtpResponse: "250 OK" })
    .where(eq(emailOutbox.orderId, made[2]!.id));
  await enqueueEmail(db, {
    to: "owner@shop.test",
    template: "dispute-alert",
    orderId: made[6]!.id,
    payload: {
      orderNumber: made[6]!.number,
      buyerEmail: email,
      amountCents: 4700,
      currency: "usd",
      reason: "fraudulent",
      status: "needs_response",
      dashboardUrl: "https://dashboard.stripe.com/test/payments/pi_ops",
    },
  });
  await db.insert(refundRequests).values([
    { orderId: refunded.id, reason: "Not what I hoped for", status: "refunded", decidedAt: new Date() },
    { orderId: paid.id, reason: "Changed my mind", status: "requested" },
  ]);
  await db.insert(downloadConfirmations).values({ tokenHash: "c".repeat(64), orderId: made[6]!.id });
  await db.insert(unsubscribes).values([{ email: email.toLowerCase() }, { email: "other3@example.com" }]);
  await db.insert(rateLimits).values([
    { key: `checkout:email:${email.toLowerCase()}`, count: 1, resetAt: new Date(Date.now() + 3600_000) },
    { key: "checkout:ip:198.51.100.7", count: 1, resetAt: new Date(Date.now() + 3600_000) },
  ]);
  return { product, bytes, orders: made };
}

/** Runs `node scripts/<script>.ts …args` with the store's environment; its exit code, stdout and stderr. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { NODE_ENV: _ignored, ...base } = process.env;
  const child = spawn(process.execPath, [`scripts/${script}.ts`, ...args], {
    env: { ...base, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

/**
 * An Italian business's invoice for `orderId` (paid in dollars) and the credit note of its full
 * refund, issued as the store's job issues them, with their courtesy-copy e-mails queued.
 */
export async function fillBooks(services: Services, orderId: string) {
  const db = services.database.db;
  await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const refundedAt = new Date();
  await db
    .insert(exchangeRates)
    .values(
      [...new Set([romeDay(order!.paidAt!), romeDay(refundedAt)])].map((day) => ({
        day,
        currency: "USD",
        perEuro: 1.0542,
      })),
    )
    .onConflictDoNothing();
  await db.insert(invoiceRequests).values({
    orderId,
    buyerType: "business",
    via: "checkout",
    buyer: {
      name: { company: "Coaching & Co. S.r.l." },
      vatNumber: "IT00743110157",
      address: { street: "Via Torino 2", postcode: "10121", city: "Torino", province: "TO", country: "IT" },
      delivery: { codiceDestinatario: "M5UXCR1" },
    },
  });
  const issuing = { ...services, env: { ...services.env, ...TEST_SELLER } };
  await issueDueDocuments(issuing);
  await db.insert(paymentRecords).values({
    id: "re_fill_books",
    orderId,
    kind: "refund",
    status: "succeeded",
    amountCents: order!.amountCents,
    currency: order!.currency,
    created: refundedAt,
    observedAt: refundedAt,
  });
  await issueDueDocuments(issuing);
}
