/**
 * The admin's Panoramica (ADR 033): three independent reads run together, four queries in all:
 * revenue and refunds per period, the figures of the chart's period (two queries, ADR 023), and
 * what needs the owner now. Revenue is what was kept: each paid order's amount less what was
 * refunded of it; a fully refunded or disputed order is not paid. Days are UTC, as the funnel's.
 */
import { sql } from "drizzle-orm";
import { OVERVIEW_PERIODS, type OverviewPeriod } from "#app/lib/admin/overview-periods.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { type FunnelReport, funnelReport, type ReportDays } from "#app/lib/funnel/funnel-report.server.ts";
import { FINAL_DISPUTE_STATUSES } from "#app/lib/orders/payment-changes.server.ts";

const DAY_MS = 86_400_000;

export interface PeriodFigures {
  keptCents: number;
  sales: number;
  refunds: number;
  refundedCents: number;
}

export interface Overview {
  periods: Record<OverviewPeriod, PeriodFigures>;
  /** Revenue per day, the funnel's steps, the top sources and articles of the chart's period. */
  figures: FunnelReport;
  needs: { disputes: number; refundRequests: number; failedEmails: number; sharedLinks: number };
}

/**
 * Panoramica's figures at `now`. `liveOnly`: a live store counts only orders paid live, so the
 * owner's tries before launch (test orders on the same data) are no sales.
 */
export async function loadOverview(
  db: Db,
  days: ReportDays,
  now = new Date(),
  options: { liveOnly?: boolean } = {},
): Promise<Overview> {
  const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const since = (n: number) => new Date(now.getTime() - n * DAY_MS).toISOString();
  const starts: Record<OverviewPeriod, string> = {
    today: startOfDay.toISOString(),
    "7": since(7),
    "30": since(30),
    "90": since(90),
  };
  const finalDisputes = sql.join(
    FINAL_DISPUTE_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );

  const [periodRows, figures, needs] = await Promise.all([
    db.execute<{
      period: OverviewPeriod;
      kept: number;
      sales: number;
      refunds: number;
      refunded: number;
    }>(sql`
      select p.period,
        coalesce(sum(o.amount_cents - o.refunded_cents) filter (where o.status = 'paid' and o.paid_at >= p.start), 0)::int as kept,
        count(o.id) filter (where o.status = 'paid' and o.paid_at >= p.start)::int as sales,
        count(o.id) filter (where o.refunded_cents > 0 and o.refunded_at >= p.start)::int as refunds,
        coalesce(sum(o.refunded_cents) filter (where o.refunded_cents > 0 and o.refunded_at >= p.start), 0)::int as refunded
      from (values ('today', ${starts.today}::timestamptz), ('7', ${starts["7"]}::timestamptz),
        ('30', ${starts["30"]}::timestamptz), ('90', ${starts["90"]}::timestamptz)) as p(period, start)
      left join orders o on (o.paid_at >= ${starts["90"]}::timestamptz or o.refunded_at >= ${starts["90"]}::timestamptz)
        and (o.livemode or not ${options.liveOnly ?? false}::boolean)
      group by p.period`),
    funnelReport(db, days, now),
    db.execute<{
      disputes: number;
      refund_requests: number;
      failed_emails: number;
      shared_links: number;
    }>(sql`
      select
        (select count(*)::int from orders where dispute_status is not null
          and dispute_status not in (${finalDisputes})) as disputes,
        (select count(*)::int from refund_requests where status in ('requested', 'failed')) as refund_requests,
        (select count(*)::int from email_outbox where sent_at is null and cancelled_at is null
          and last_error is not null) as failed_emails,
        (select count(*)::int from orders where sharing_flagged_at is not null and status = 'paid') as shared_links`),
  ]);

  const periods = Object.fromEntries(
    OVERVIEW_PERIODS.map((period) => [period, { keptCents: 0, sales: 0, refunds: 0, refundedCents: 0 }]),
  ) as Record<OverviewPeriod, PeriodFigures>;
  for (const row of periodRows.rows) {
    periods[row.period] = {
      keptCents: Number(row.kept),
      sales: Number(row.sales),
      refunds: Number(row.refunds),
      refundedCents: Number(row.refunded),
    };
  }
  const need = needs.rows[0];
  return {
    periods,
    figures,
    needs: {
      disputes: Number(need?.disputes ?? 0),
      refundRequests: Number(need?.refund_requests ?? 0),
      failedEmails: Number(need?.failed_emails ?? 0),
      sharedLinks: Number(need?.shared_links ?? 0),
    },
  };
}
