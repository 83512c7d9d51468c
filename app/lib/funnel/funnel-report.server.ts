/**
 * The admin's figures for the last 7, 30 or 90 UTC days: revenue per day, the funnel's steps, and
 * the sources and articles that brought visits and sales. Visits come from funnel_daily (counted
 * without cookies, ADR 023); sales from the paid orders and the attribution they recorded.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { dayOf, FUNNEL_STEPS, type FunnelStep } from "#app/lib/funnel/count-step.server.ts";

export const REPORT_DAYS = [7, 30, 90] as const;
export type ReportDays = (typeof REPORT_DAYS)[number];

const TOP = 5;
const DAY_MS = 86_400_000;

export interface Ranked {
  label: string;
  visits: number;
  sales: number;
}

export interface FunnelReport {
  days: ReportDays;
  from: string;
  to: string;
  revenue: { day: string; cents: number; orders: number }[];
  steps: Record<FunnelStep, number>;
  sources: Ranked[];
  articles: Ranked[];
}

/** `?giorni=` as one of the report's periods (7 for anything else). */
export const reportDays = (value: string | null): ReportDays =>
  REPORT_DAYS.find((days) => String(days) === value) ?? 7;

/** Visits and sales by one dimension, the top ones by visits and the top ones by sales together. */
function ranked(visits: { label: string; n: number }[], sales: { label: string; n: number }[]): Ranked[] {
  const rows = new Map<string, Ranked>();
  for (const { label, n } of visits) rows.set(label, { label, visits: Number(n), sales: 0 });
  for (const { label, n } of sales) {
    const row = rows.get(label) ?? { label, visits: 0, sales: 0 };
    row.sales = Number(n);
    rows.set(label, row);
  }
  const all = [...rows.values()];
  const top = (key: "visits" | "sales") =>
    [...all]
      .sort((a, b) => b[key] - a[key] || a.label.localeCompare(b.label))
      .filter((r) => r[key] > 0)
      .slice(0, TOP);
  const kept = new Set([...top("visits"), ...top("sales")]);
  return all.filter((row) => kept.has(row)).sort((a, b) => b.visits - a.visits || b.sales - a.sales);
}

/**
 * Two queries, run together: paid orders by day, source and article (revenue per day and sales
 * by source and article), and funnel counts by step, source and article (the steps, and visits by
 * source and article).
 */
export async function funnelReport(db: Db, days: ReportDays, now = new Date()): Promise<FunnelReport> {
  const to = dayOf(now);
  const from = dayOf(new Date(now.getTime() - (days - 1) * DAY_MS));
  const [sales, counts] = await Promise.all([
    db.execute<{ day: string; source: string; article: string; cents: number; orders: number }>(sql`
      select to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD') as day, coalesce(source, '') as source,
        coalesce(article, '') as article, sum(amount_cents - refunded_cents)::int as cents, count(*)::int as orders
      from orders where status = 'paid' and paid_at >= ${from}::date and paid_at < ${to}::date + 1
      group by 1, 2, 3`),
    db.execute<{ step: FunnelStep; source: string; article: string; n: number }>(sql`
      select step, source, article, sum(count)::int as n from funnel_daily
      where day >= ${from}::date and day <= ${to}::date group by 1, 2, 3`),
  ]);

  const byDay = new Map<string, { cents: number; orders: number }>();
  const salesBy = { source: new Map<string, number>(), article: new Map<string, number>() };
  for (const row of sales.rows) {
    const day = byDay.get(row.day) ?? { cents: 0, orders: 0 };
    day.cents += Number(row.cents);
    day.orders += Number(row.orders);
    byDay.set(row.day, day);
    for (const column of ["source", "article"] as const) {
      if (row[column] !== "")
        salesBy[column].set(row[column], (salesBy[column].get(row[column]) ?? 0) + Number(row.orders));
    }
  }
  const revenue = Array.from({ length: days }, (_, i) => {
    const day = dayOf(new Date(now.getTime() - (days - 1 - i) * DAY_MS));
    const row = byDay.get(day);
    return { day, cents: row?.cents ?? 0, orders: row?.orders ?? 0 };
  });

  const steps = Object.fromEntries(FUNNEL_STEPS.map((step) => [step, 0])) as Record<FunnelStep, number>;
  const visitsBy = { source: new Map<string, number>(), article: new Map<string, number>() };
  for (const row of counts.rows) {
    const n = Number(row.n);
    if (row.step in steps) steps[row.step] += n;
    // Arrivals only (landing page and blog): a step further inside the store is the same visitor.
    // Direct visits and links between the store's own pages have no source and are not ranked.
    if ((row.step === "visit_landing" || row.step === "visit_blog") && row.source !== "")
      visitsBy.source.set(row.source, (visitsBy.source.get(row.source) ?? 0) + n);
    if (row.step === "visit_blog" && row.article !== "")
      visitsBy.article.set(row.article, (visitsBy.article.get(row.article) ?? 0) + n);
  }
  const rows = (map: Map<string, number>) => [...map].map(([label, n]) => ({ label, n }));
  return {
    days,
    from,
    to,
    revenue,
    steps,
    sources: ranked(rows(visitsBy.source), rows(salesBy.source)),
    articles: ranked(rows(visitsBy.article), rows(salesBy.article)),
  };
}
