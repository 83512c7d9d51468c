/**
 * Gapless invoice numbers: each series starts at 1 every year and goes up by one per invoice or
 * credit note (art. 21, c. 2 lett. b, DPR 633/72). The number is taken inside the transaction that
 * records the document, so the row stays locked until it commits: a second invoice at the same
 * moment waits for it and gets the next number, and a rolled-back invoice gives its number back.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";

/** The transaction a caller opened with `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A series' name as it is printed before the number: letters and digits, at most 10 (e.g. "FT", "NC"). */
export const isSeriesName = (series: string) => /^[A-Z0-9]{1,10}$/.test(series);

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
