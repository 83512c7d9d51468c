/**
 * The owner's daily summary of the previous UTC day (orders, revenue, refunds, e-mails failing),
 * queued through the outbox with the day as its dedupe key: however many instances check, and
 * however often, one summary per day is sent. Checked at start and every hour; off unless the
 * owner turned it on in the admin.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { dayOf } from "#app/lib/funnel/count-step.server.ts";
import { enqueueEmail } from "#app/lib/mail/outbox.server.ts";
import type { DailySummaryData } from "#app/lib/mail/owner-email.ts";
import { ownerNoticeOn } from "#app/lib/owner/owner-notices.server.ts";
import { repeat } from "#app/lib/repeat.server.ts";

const HOUR_MS = 3_600_000;

/** The figures of the UTC day `day` (YYYY-MM-DD). */
export async function dailyFigures(db: Db, day: string): Promise<DailySummaryData> {
  const [paid] = (
    await db.execute<{ orders: number; revenue: number }>(sql`
      select count(*)::int as orders, coalesce(sum(amount_cents - refunded_cents), 0)::int as revenue
      from orders
      where paid_at >= ${day}::date and paid_at < ${day}::date + 1 and status = 'paid'`)
  ).rows;
  const [refunds] = (
    await db.execute<{ refunds: number; cents: number }>(sql`
      select count(*)::int as refunds, coalesce(sum(refunded_cents), 0)::int as cents
      from orders where refunded_at >= ${day}::date and refunded_at < ${day}::date + 1`)
  ).rows;
  const [failed] = (
    await db.execute<{ failed: number }>(sql`
      select count(*)::int as failed from email_outbox
      where sent_at is null and last_error is not null and cancelled_at is null`)
  ).rows;
  return {
    day,
    orders: Number(paid?.orders ?? 0),
    revenueCents: Number(paid?.revenue ?? 0),
    refunds: Number(refunds?.refunds ?? 0),
    refundedCents: Number(refunds?.cents ?? 0),
    failedEmails: Number(failed?.failed ?? 0),
  };
}

/** Queues yesterday's summary unless it is off or already queued; returns whether it queued one. */
export async function queueDailySummary(db: Db, ownerEmail: string, now = new Date()): Promise<boolean> {
  if (!(await ownerNoticeOn(db, "dailySummary"))) return false;
  const day = dayOf(new Date(now.getTime() - 24 * HOUR_MS));
  return enqueueEmail(db, {
    to: ownerEmail,
    template: "daily-summary",
    dedupeKey: `daily-summary:${day}`,
    payload: await dailyFigures(db, day),
  });
}

/** Checks at start and every `intervalMs`; `stop()` waits for a check under way. */
export function startDailySummaries(db: Db, ownerEmail: string, kick: () => void, intervalMs = HOUR_MS) {
  return repeat(
    async () => {
      if (await queueDailySummary(db, ownerEmail)) kick();
    },
    {
      everyMs: intervalMs,
      firstAfterMs: 0,
      failure: "daily summary not queued",
      record: { db, job: "daily-summary" },
    },
  );
}
