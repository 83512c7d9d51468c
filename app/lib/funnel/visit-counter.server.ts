/**
 * Page visits are counted in memory and added to the database every few seconds, so a visit costs
 * a map update and never a query on the way to a page served from memory (ADR 023). Memory is
 * bounded whatever arrives: at most `maxValues` distinct sources and campaigns a day (the rest are
 * counted as "other"), and at most `maxKeys` distinct rows waiting for a flush (the rest fold into
 * their step's "other" row). A burst of any size costs a bounded map and one upsert per flush.
 */
import type { Db } from "#app/lib/db/database.server.ts";
import type { Attribution } from "#app/lib/funnel/attribution.server.ts";
import { addCounts, dayOf, type FunnelCount, type FunnelStep } from "#app/lib/funnel/count-step.server.ts";
import { OTHER } from "#app/lib/funnel/day-cap.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { repeat } from "#app/lib/repeat.server.ts";

export { OTHER };

export interface VisitCounterOptions {
  flushEveryMs?: number;
  maxKeys?: number;
  maxValues?: number;
  now?: () => Date;
}

export interface VisitCounter {
  count(step: FunnelStep, attribution: Attribution): void;
  /** Rows waiting for the next flush (for the bound's test). */
  pendingKeys(): number;
  /** Adds what was counted to the database now. */
  flush(): Promise<void>;
  /** Stops the timer after a last flush. */
  stop(): Promise<void>;
}

export function startVisitCounter(db: Db, options: VisitCounterOptions = {}): VisitCounter {
  const { flushEveryMs = 5_000, maxKeys = 2_000, maxValues = 200, now = () => new Date() } = options;
  let pending = new Map<string, FunnelCount>();
  let seenDay = "";
  const seen = { source: new Set<string>(), campaign: new Set<string>() };

  /** The value itself while the day's distinct values are under the cap, else "other". */
  const capped = (kind: "source" | "campaign", value: string) => {
    if (value === "" || seen[kind].has(value)) return value;
    if (seen[kind].size >= maxValues) return OTHER;
    seen[kind].add(value);
    return value;
  };

  const add = (row: FunnelCount) => {
    let key = [row.day, row.step, row.source, row.campaign, row.device, row.article].join("\n");
    let entry = pending.get(key);
    if (!entry && pending.size >= maxKeys) {
      row = { ...row, source: OTHER, campaign: OTHER };
      key = [row.day, row.step, OTHER, OTHER, row.device, row.article].join("\n");
      entry = pending.get(key);
    }
    if (entry) entry.count += row.count;
    else pending.set(key, { ...row });
  };

  let flushed: Promise<void> = Promise.resolve();
  const flush = () => {
    flushed = flushed.then(async () => {
      if (pending.size === 0) return;
      const rows = [...pending.values()];
      pending = new Map();
      try {
        await addCounts(db, rows);
      } catch (error) {
        // Kept for the next flush (still within the bounds); figures are never worth an error page.
        logger.warn({ err: error, rows: rows.length }, "funnel counts not saved, will retry");
        for (const row of rows) add(row);
      }
    });
    return flushed;
  };
  const flushes = repeat(flush, {
    everyMs: flushEveryMs,
    failure: "funnel counts not flushed",
    record: { db, job: "visits" },
  });

  return {
    count(step, attribution) {
      const day = dayOf(now());
      if (day !== seenDay) {
        seenDay = day;
        seen.source.clear();
        seen.campaign.clear();
      }
      add({
        day,
        step,
        source: capped("source", attribution.source),
        campaign: capped("campaign", attribution.campaign),
        device: attribution.device,
        article: attribution.article,
        count: 1,
      });
    },
    pendingKeys: () => pending.size,
    flush,
    async stop() {
      await flushes.stop();
      await flush();
    },
  };
}
