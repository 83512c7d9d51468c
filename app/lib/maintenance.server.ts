/**
 * The store's housekeeping, run inside the server every hour (ADR 014): orders that were never
 * paid are deleted once nothing can pay them any more, expired rate-limit rows are deleted, and
 * the raw IP address and network of each download are cleared after `RETENTION_DAYS` (the row,
 * its bytes and the address's hash stay), and so are the funnel's daily counts older than that. Each step is one idempotent statement, so several instances may
 * run it at once.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { repeat } from "#app/lib/repeat.server.ts";

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export const RETENTION = {
  /**
   * An order never paid (pending, expired, failed) is kept 4 days: its Checkout Session is
   * payable for at most 24 h, Stripe retries a webhook for 3 days and the reconciliation looks
   * back 3 days, so a payment that arrives late still finds its order.
   */
  unpaidOrderMs: 4 * DAY_MS,
} as const;

export const MAINTENANCE_INTERVAL_MS = HOUR_MS;

/**
 * One pass at `now`, keeping download IPs and the funnel's days `ipRetentionDays` (RETENTION_DAYS:
 * disputes open up to 120 days after payment, plus the time to answer); returns what it removed.
 */
export async function runMaintenance(db: Db, ipRetentionDays: number, now = new Date()) {
  const unpaidBefore = new Date(now.getTime() - RETENTION.unpaidOrderMs).toISOString();
  const ipsBefore = new Date(now.getTime() - ipRetentionDays * DAY_MS).toISOString();
  // An order an e-mail, a download or an access link points to is never deleted (foreign keys,
  // and it is evidence); an unpaid order has none of them, so this is a guard, not a rule.
  const prunedOrders = await db.execute(sql`
    delete from orders o
    where o.status in ('pending', 'expired', 'failed') and o.created_at < ${unpaidBefore}
      and not exists (select 1 from email_outbox m where m.order_id = o.id)
      and not exists (select 1 from downloads d where d.order_id = o.id)
      and not exists (select 1 from access_links a where a.order_id = o.id)
    returning o.id`);
  const expiredLimits = await db.execute(
    sql`delete from rate_limits where reset_at < ${now.toISOString()} returning key`,
  );
  const clearedIps = await db.execute(sql`
    update downloads set ip = null, network = null
    where (ip is not null or network is not null) and at < ${ipsBefore} returning id`);
  const prunedFunnel = await db.execute(
    sql`delete from funnel_daily where day < ${ipsBefore.slice(0, 10)}::date returning day`,
  );
  const removed = {
    orders: prunedOrders.rows.length,
    rateLimits: expiredLimits.rows.length,
    downloadIps: clearedIps.rows.length,
    funnelRows: prunedFunnel.rows.length,
  };
  if (removed.orders || removed.rateLimits || removed.downloadIps || removed.funnelRows)
    logger.info(removed, "maintenance done");
  return removed;
}

/** Runs `runMaintenance` every `intervalMs`, the first time one interval after start; `stop()` waits for a pass under way. */
export function startMaintenanceJob(db: Db, ipRetentionDays: number, intervalMs = MAINTENANCE_INTERVAL_MS) {
  return repeat(() => runMaintenance(db, ipRetentionDays), {
    everyMs: intervalMs,
    failure: "maintenance failed",
    record: { db, job: "maintenance" },
  });
}
