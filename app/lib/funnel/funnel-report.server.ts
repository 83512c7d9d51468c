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

export async function funnelReport(db: Db, days: ReportDays, now = new Date()): Promise<FunnelReport> {
  const to = dayOf(now);
  const from = dayOf(new Date(now.getTime() - (days - 1) * DAY_MS));
  const paidInRange = sql`status = 'paid' and paid_at >= ${from}::date and paid_at < ${to}::date + 1`;

  const perDay = await db.execute<{ day: string; cents: number; orders: number }>(sql`
    select to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD') as day,
      sum(amount_cents - refunded_cents)::int as cents, count(*)::int as orders
    from orders where ${paidInRange} group by 1`);
  const byDay = new Map(perDay.rows.map((row) => [row.day, row]));
  const revenue = Array.from({ length: days }, (_, i) => {
    const day = dayOf(new Date(now.getTime() - (days - 1 - i) * DAY_MS));
    const row = byDay.get(day);
    return { day, cents: Number(row?.cents ?? 0), orders: Number(row?.orders ?? 0) };
  });

  const stepRows = await db.execute<{ step: FunnelStep; n: number }>(sql`
    select step, sum(count)::int as n from funnel_daily
    where day >= ${from}::date and day <= ${to}::date group by step`);
  const steps = Object.fromEntries(FUNNEL_STEPS.map((step) => [step, 0])) as Record<FunnelStep, number>;
  for (const row of stepRows.rows) if (row.step in steps) steps[row.step] = Number(row.n);

  const visitsBy = (column: "source" | "article", stepFilter: ReturnType<typeof sql>) =>
    db.execute<{ label: string; n: number }>(sql`
      select ${sql.raw(column)} as label, sum(count)::int as n from funnel_daily
      where day >= ${from}::date and day <= ${to}::date and ${stepFilter}
      group by 1`);
  const salesBy = (column: "source" | "article") =>
    db.execute<{ label: string; n: number }>(sql`
      select coalesce(${sql.raw(column)}, '') as label, count(*)::int as n from orders
      where ${paidInRange} group by 1`);

  // Arrivals only (landing page and blog): a step further inside the store is the same visitor.
  // Direct visits and links between the store's own pages have no source and are not ranked.
  const sources = ranked(
    (await visitsBy("source", sql`step in ('visit_landing', 'visit_blog') and source <> ''`)).rows,
    (await salesBy("source")).rows.filter((row) => row.label !== ""),
  );
  const articles = ranked(
    (await visitsBy("article", sql`step = 'visit_blog' and article <> ''`)).rows,
    (await salesBy("article")).rows.filter((row) => row.label !== ""),
  );
  return { days, from, to, revenue, steps, sources, articles };
}
