/**
 * `npm run backup` beside the running store and `npm run restore` into an empty one, for a store
 * with 10,000 paid orders (each with its delivery e-mail, access link and a download), timed end
 * to end as an owner runs them (process start included). PGlite by default; PostgreSQL with
 * BENCH_DATABASE_URL (a server where the user may create databases: two are made and dropped).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openStore, runScript } from "../tests/setup/ops-store.ts";
import { seedProduct } from "../tests/setup/seed-product.ts";
import { startServer } from "../tests/setup/server.ts";
import { budget, finish, report } from "./lib/budget.ts";

const ORDERS = 10_000;
const adminUrl = process.env.BENCH_DATABASE_URL;
const work = await mkdtemp(join(tmpdir(), "bench-backup-"));
const databases: string[] = [];

/** A new database on the BENCH_DATABASE_URL server, or nothing (PGlite). */
async function database(): Promise<Record<string, string>> {
  if (!adminUrl) return {};
  const name = `bench_backup_${process.pid}_${databases.length}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  databases.push(name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

const common = { TOKEN_SECRET: "b".repeat(40), ADMIN_PASSWORD: "bench-admin-password" };
const source = { ...common, DATA_DIR: join(work, "source"), ...(await database()) };
const target = { ...common, DATA_DIR: join(work, "target"), ...(await database()) };
try {
  const seeding = await openStore(source);
  await seedProduct(seeding);
  const db = seeding.database.db;
  await db.execute(sql`
    insert into orders (email, amount_cents, provider, provider_session_id, status, paid_at, consent_at, country, tax_cents)
    select 'buyer' || i || '@example.com', 4700, 'test', 'test_cs_bench_' || i, 'paid', now(), now(), 'IT', 848
    from generate_series(1, ${ORDERS}) i`);
  await db.execute(sql`
    insert into access_links (token_hash, order_id) select md5(id::text) || md5(reference), id from orders`);
  await db.execute(sql`
    insert into email_outbox ("to", template, payload, dedupe_key, order_id, sent_at, smtp_response)
    select email, 'delivery', jsonb_build_object('reference', reference, 'amountCents', amount_cents,
      'link', 'https://shop.example.com/thanks?t=' || md5(id::text)), 'delivery:' || id, id, now(), '250 2.0.0 OK queued'
    from orders`);
  await db.execute(sql`
    insert into downloads (order_id, ip, ip_hash, network, bytes, finished_at)
    select id, '198.51.100.7', md5(id::text), '198.51.100.0/24', 52428800, now() from orders`);
  await seeding.close();

  const server = await startServer({ ...source, LOG_LEVEL: "error" });
  const dir = join(work, "backup");
  let backupMs: number;
  try {
    const started = performance.now();
    const backup = await runScript("backup", [dir], source);
    backupMs = performance.now() - started;
    if (backup.code !== 0) throw new Error(backup.stderr);
  } finally {
    await server.stop();
  }
  const started = performance.now();
  const restore = await runScript("restore", [dir], target);
  const restoreMs = performance.now() - started;
  if (restore.code !== 0) throw new Error(restore.stderr);

  report("database", adminUrl ? "PostgreSQL" : "PGlite");
  report("orders", ORDERS);
  budget("backup while the store runs", Math.round(backupMs), 60_000, " ms");
  budget("restore into an empty store", Math.round(restoreMs), 60_000, " ms");
} finally {
  await rm(work, { recursive: true, force: true });
  if (adminUrl && databases.length > 0) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const name of databases) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
finish();
