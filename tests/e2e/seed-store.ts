/**
 * Prepares a store for the purchase journeys before its server starts: a fresh data directory
 * (and, with E2E_DATABASE, a fresh PostgreSQL database) holding the sample product ZIP and 200
 * orders paid at least 120 days ago (beyond every figure's period), for the admin's order list to page through,
 * and a quarter of sales from four countries for Registri (seeded-register-sales.ts); a store that
 * names its seller (the live and the journeys' one) also gets e-invoices (seeded-invoices.ts), and with
 * SEED_FISCAL_SETTINGS the seller's fiscal settings, so it issues its own.
 * Run by Playwright's webServer command: `node --import tsx tests/e2e/seed-store.ts`.
 */
import { rm } from "node:fs/promises";
import pg from "pg";
import { saveFiscalSettings } from "#app/lib/books/fiscal-settings.server.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import { createServices } from "#app/lib/services.server.ts";
import { orders } from "#db/schema.ts";
import { TEST_FISCAL_SETTINGS } from "../setup/seed-invoices.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { seedE2eInvoices } from "./seeded-invoices.ts";
import { SEEDED_ORDERS } from "./seeded-orders.ts";
import { REGISTER_QUARTER_START, seedRegisterSales } from "./seeded-register-sales.ts";

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR must be set");
await rm(dataDir, { recursive: true, force: true });
if (process.env.DATABASE_URL) {
  const url = new URL(process.env.DATABASE_URL);
  const name = url.pathname.slice(1);
  url.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
}
const services = await createServices(parseEnv());
await seedProduct(services);
// At least 120 days ago, and a month before Registri's seeded quarter: the oldest orders of all.
const paidAt = new Date(
  Math.min(Date.now() - 120 * 86_400_000, REGISTER_QUARTER_START.getTime() - 31 * 86_400_000),
);
await services.database.db.insert(orders).values(
  Array.from({ length: SEEDED_ORDERS }, (_, i) => ({
    email: `archivio-${i}@example.com`,
    amountCents: 4700,
    provider: "test",
    status: "paid" as const,
    createdAt: new Date(paidAt.getTime() + i * 60_000),
    paidAt: new Date(paidAt.getTime() + i * 60_000),
  })),
);
await seedRegisterSales(services.database.db);
if (process.env.SEED_FISCAL_SETTINGS) await saveFiscalSettings(services.database.db, TEST_FISCAL_SETTINGS);
if (process.env.SELLER_VAT_ID) await seedE2eInvoices(services.database.db);
await services.close();
