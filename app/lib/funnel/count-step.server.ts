/**
 * Adds to the per-day funnel counts (table funnel_daily) with one upsert, `count = count + n`, so
 * any number of instances add to the same rows. Days are UTC dates, as the admin's revenue figures.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import type { Attribution } from "#app/lib/funnel/attribution.server.ts";
import { cappedUpsert } from "#app/lib/funnel/day-cap.server.ts";

/** The funnel's steps, in the order a buyer takes them. */
export const FUNNEL_STEPS = [
  "visit_landing",
  "visit_blog",
  "visit_checkout",
  "payment_started",
  "payment_completed",
  "download",
] as const;

export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export interface FunnelCount extends Attribution {
  day: string;
  step: FunnelStep;
  count: number;
}

/** The UTC day of `at`, as the `day` column holds it. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Adds every row's count to its day, step and attribution (rows in batches of 500), within the
 * day's bound on rows (day-cap.server.ts).
 */
export async function addCounts(db: Db, rows: FunnelCount[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.execute(cappedUpsert(rows.slice(i, i + 500)));
}

/** One step by one buyer (a payment started or completed), counted at once. */
export function countStep(db: Db, step: FunnelStep, attribution: Attribution, at = new Date()) {
  return addCounts(db, [{ day: dayOf(at), step, ...attribution, count: 1 }]);
}

/**
 * Counts the order's first download (the one with the lowest id) as the funnel's last step, with
 * the order's attribution; later downloads and resumptions of the same order add nothing.
 */
export async function countFirstDownload(db: Db, orderId: string, downloadId: number, at = new Date()) {
  await db.execute(sql`
    insert into funnel_daily (day, step, source, campaign, device, article, count)
    select ${dayOf(at)}, 'download', coalesce(o.source, ''), coalesce(o.campaign, ''),
      coalesce(o.device, ''), coalesce(o.article, ''), 1
    from orders o
    where o.id = ${orderId}
      and not exists (select 1 from downloads d where d.order_id = o.id and d.id < ${downloadId})
    on conflict (day, step, source, campaign, device, article)
    do update set count = funnel_daily.count + 1`);
}
