/**
 * Gapless invoice numbers: each series starts at 1 every year and goes up by one per invoice or
 * credit note (art. 21, c. 2 lett. b, DPR 633/72). The number is taken inside the transaction that
 * records the document, so the row stays locked until it commits: a second invoice at the same
 * moment waits for it and gets the next number, and a rolled-back invoice gives its number back.
 */
import { sql } from "drizzle-orm";
import type { Db, Tx } from "#app/lib/db/database.server.ts";

/** A series' name as it is printed before the number: letters and digits, at most 10 (e.g. "FT", "NC"). */
export const isSeriesName = (series: string) => /^[A-Z0-9]{1,10}$/.test(series);

/** A document's number as printed on it and in the admin: the series, a slash, the number ("FT/7"); the year is the date's. */
export const documentNumber = (series: string, number: number) => `${series}/${number}`;

/** The next number of `series` in `year`, taken inside `tx` (1 for the year's first document). */
export async function takeInvoiceNumber(tx: Tx, series: string, year: number): Promise<number> {
  if (!isSeriesName(series)) throw new RangeError(`Not a series name: ${JSON.stringify(series)}`);
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new RangeError(`Not a year: ${year}`);
  const result = await tx.execute<{ number: number }>(sql`
    insert into invoice_series (series, year, next_number) values (${series}, ${year}, 2)
    on conflict (series, year) do update
      set next_number = invoice_series.next_number + 1, updated_at = now()
    returning next_number - 1 as number`);
  return Number(result.rows[0]!.number);
}

/** The highest number `setNextInvoiceNumber` accepts: what an owner moving from another program could need. */
export const MAX_INVOICE_NUMBER = 999_999;

export type NextNumberResult =
  | { ok: true; next: number }
  /**
   * `used`: the number, or a later one, is already on a document; `lower`: it would lower the next
   * number; `gap`: it would skip the numbers after `highestUsed`, which the owner has not confirmed.
   */
  | { ok: false; reason: "used" | "lower" | "gap"; highestUsed: number; current: number };

/**
 * Sets the number the next document of `series` in `year` takes: an owner who moved from another
 * program mid-year goes on from the last number issued there. Refused at or below a number a
 * document of the series and year already has, and below the next number already set, so no number
 * is used twice and none is handed out again; and, unless `gapConfirmed`, above the number the
 * series would take anyway, so a typo (120 for 12) leaves no gap the owner did not agree to. It
 * locks the same row `takeInvoiceNumber` locks: an invoice being recorded meanwhile makes it wait,
 * and sees its result.
 */
export async function setNextInvoiceNumber(
  db: Db,
  series: string,
  year: number,
  next: number,
  options: { gapConfirmed?: boolean } = {},
): Promise<NextNumberResult> {
  if (!isSeriesName(series)) throw new RangeError(`Not a series name: ${JSON.stringify(series)}`);
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new RangeError(`Not a year: ${year}`);
  if (!Number.isInteger(next) || next < 1 || next > MAX_INVOICE_NUMBER)
    throw new RangeError(`Not an invoice number: ${next}`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into invoice_series (series, year, next_number) values (${series}, ${year}, 1)
      on conflict (series, year) do nothing`);
    const locked = await tx.execute<{ next_number: number }>(sql`
      select next_number from invoice_series where series = ${series} and year = ${year} for update`);
    const used = await tx.execute<{ highest: number }>(sql`
      select coalesce(max(number), 0) as highest from invoices where series = ${series} and year = ${year}`);
    const current = Number(locked.rows[0]!.next_number);
    const highestUsed = Number(used.rows[0]!.highest);
    if (next <= highestUsed) return { ok: false, reason: "used", highestUsed, current };
    if (next < current) return { ok: false, reason: "lower", highestUsed, current };
    if (next > Math.max(current, highestUsed + 1) && !options.gapConfirmed)
      return { ok: false, reason: "gap", highestUsed, current };
    await tx.execute(sql`
      update invoice_series set next_number = ${next}, updated_at = now()
      where series = ${series} and year = ${year}`);
    return { ok: true, next };
  });
}

/** The next number of `series` in `year` and the highest already on a document, for the admin. */
export async function nextInvoiceNumber(
  db: Db,
  series: string,
  year: number,
): Promise<{ next: number; highestUsed: number }> {
  const result = await db.execute<{ next_number: number | null; highest: number }>(sql`
    select (select next_number from invoice_series where series = ${series} and year = ${year}) as next_number,
      (select coalesce(max(number), 0) from invoices where series = ${series} and year = ${year}) as highest`);
  const row = result.rows[0]!;
  const highestUsed = Number(row.highest);
  return { next: Math.max(Number(row.next_number ?? 1), highestUsed + 1), highestUsed };
}
