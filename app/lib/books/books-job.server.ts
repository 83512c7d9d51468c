/**
 * The books' background job (started by jobs.server.ts): every 30 seconds, and at once when a
 * payment, refund or dispute is recorded, it issues the invoices and credit notes that are due
 * (issue-invoices.server.ts) and sends their e-mails. Once a day, while a live sale of the last 90
 * days in another currency than the euro has no ECB rate yet for its day, it fetches the ECB's
 * file, so the registers have the rates of sales nobody asked an invoice for. A failed fetch is a
 * warning, tried again an hour later.
 */
import { sql } from "drizzle-orm";
import { fetchEcbRates } from "#app/lib/books/exchange-rates.server.ts";
import { type IssuingServices, issueDueDocuments } from "#app/lib/books/issue-invoices.server.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { type Repeating, repeat } from "#app/lib/repeat.server.ts";

const EVERY_MS = 30_000;
const DAY_MS = 24 * 60 * 60_000;
const RETRY_MS = 60 * 60_000;

/**
 * Whether a live sale of the last 90 days in another currency has no ECB rate published on or
 * after its day in Rome. Test payments enter no books, so a store in test mode never fetches.
 */
export async function salesWithoutRate(db: Db): Promise<boolean> {
  const result = await db.execute<{ missing: boolean }>(sql`
    select exists (
      select 1 from orders o
      where o.livemode and o.paid_at > now() - interval '90 days' and upper(o.currency) <> 'EUR'
        and not exists (
          select 1 from exchange_rates r
          where r.currency = upper(o.currency) and r.day >= (o.paid_at at time zone 'Europe/Rome')::date)
    ) as missing`);
  return Boolean(result.rows[0]?.missing);
}

export interface BooksJob {
  /** Runs a pass now (a payment, refund or dispute was recorded). */
  kick(): void;
  stop: Repeating["stop"];
}

export function startBooksJob(
  services: IssuingServices,
  options: { kickOutbox(): void; everyMs?: number },
): BooksJob {
  const { db } = services.database;
  let nextFetchAt = 0;
  const fetchRatesWhenMissing = async () => {
    if (Date.now() < nextFetchAt || !(await salesWithoutRate(db))) return;
    try {
      const added = await fetchEcbRates(db, services.env.ECB_RATES_URL);
      nextFetchAt = Date.now() + DAY_MS;
      logger.info({ rates: added }, "fetched the ECB's exchange rates");
    } catch (error) {
      nextFetchAt = Date.now() + RETRY_MS;
      logger.warn({ err: error }, "could not fetch the ECB's exchange rates, trying again in an hour");
    }
  };
  const job = repeat(
    async () => {
      await fetchRatesWhenMissing();
      const { issued } = await issueDueDocuments(services);
      if (issued > 0) options.kickOutbox();
    },
    {
      everyMs: options.everyMs ?? EVERY_MS,
      firstAfterMs: 0,
      failure: "issuing invoices failed",
      record: { db: services.database.db, job: "books" },
    },
  );
  return { kick: () => void job.runNow(), stop: job.stop };
}
