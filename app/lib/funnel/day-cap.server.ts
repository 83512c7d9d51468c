/**
 * The funnel's rows a day are bounded (ADR 035): every new combination of source,
 * campaign, device, article and step is a row, and strangers choose the source and the campaign
 * (`utm_*`, the referrer), so without a bound a day could hold millions of rows. A day keeps its
 * first MAX_ROWS_PER_DAY rows; past them a new combination is counted with source and campaign
 * "other" (device, article and step have few values, so those rows are bounded too). The check
 * runs in the upsert itself, so several instances keep one bound (give or take a batch each).
 */
import { type SQL, sql } from "drizzle-orm";
import type { FunnelCount } from "#app/lib/funnel/count-step.server.ts";

/** What a source or campaign past the day's bound is counted as. */
export const OTHER = "other";

/** Rows a day keeps with their own source and campaign: far more than a real store's referrers. */
export const MAX_ROWS_PER_DAY = 1_000;

/**
 * One statement adding `rows` (at most a few hundred) to funnel_daily: a row whose combination
 * its day already has, or without a source and a campaign, is added as it is; a new one is added
 * as it is while its day has room, otherwise as "other"; rows that then share a key are summed.
 */
export function cappedUpsert(rows: FunnelCount[], maxRowsPerDay = MAX_ROWS_PER_DAY): SQL {
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.day}::date, ${row.step}::text, ${row.source}::text, ${row.campaign}::text, ${row.device}::text, ${row.article}::text, ${row.count}::int)`,
    ),
    sql`, `,
  );
  return sql`
    with v (day, step, source, campaign, device, article, count) as (values ${values}),
    known as (
      select v.*, exists (select 1 from funnel_daily f where f.day = v.day and f.step = v.step
        and f.source = v.source and f.campaign = v.campaign and f.device = v.device
        and f.article = v.article) as known
      from v),
    days as (select day, count(*) as kept from funnel_daily where day in (select day from v) group by day),
    decided as (
      select k.*, k.known or (k.source = '' and k.campaign = '') or coalesce(d.kept, 0)
        + row_number() over (partition by k.day, k.known order by k.count desc, k.source, k.campaign)
        <= ${maxRowsPerDay} as kept
      from known k left join days d on d.day = k.day)
    insert into funnel_daily (day, step, source, campaign, device, article, count)
    select day, step, case when kept then source else ${OTHER} end,
      case when kept then campaign else ${OTHER} end, device, article, sum(count)::int
    from decided
    group by 1, 2, 3, 4, 5, 6
    on conflict (day, step, source, campaign, device, article)
    do update set count = funnel_daily.count + excluded.count`;
}
