/**
 * Every order as CSV for the admin's export, oldest first, with Italian column headers. The VAT
 * inside each amount and the buyer's country are what the quarterly EU OSS return adds up per
 * country (README). No provider session id: it opens the buyer's success page for a day, and a
 * spreadsheet travels further than the admin area.
 *
 * The file is read and written CSV_BATCH_ROWS orders at a time, each batch after the previous one
 * was taken by the reader: memory stays the same for ten orders or a hundred thousand. The whole
 * file built as one string would hold every row of a growing table once per export.
 */
import { asc, gt } from "drizzle-orm";
import { ORDERS_CSV_COPY } from "#app/content/admin-figures.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { orders } from "#db/schema.ts";

/** Orders per query and per chunk of the file. */
export const CSV_BATCH_ROWS = 500;

/**
 * How the file is split: "," (RFC 4180), or ";" with decimal commas, which is what Excel expects
 * with an Italian (or most European) locale when a CSV is opened with a double click.
 */
export type CsvSeparator = "," | ";";

/** A date as spreadsheets read it in any locale ("2026-11-24 09:30:00", UTC). */
const csvDate = (value: Date) => value.toISOString().slice(0, 19).replace("T", " ");

export const csvCell = (value: unknown) => {
  const text = value instanceof Date ? csvDate(value) : String(value ?? "");
  // Quote everything; neutralise spreadsheet formulas (=, +, -, @) in user-supplied text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

const columns = {
  number: orders.number,
  createdAt: orders.createdAt,
  email: orders.email,
  amountCents: orders.amountCents,
  taxCents: orders.taxCents,
  country: orders.country,
  discountApplied: orders.discountApplied,
  status: orders.status,
  paidAt: orders.paidAt,
  refundedAt: orders.refundedAt,
  provider: orders.provider,
  reference: orders.reference,
};

/**
 * The CSV as text chunks: the header line, then one chunk per batch of orders (each line ends in
 * CRLF). Batches follow the order number, so an order placed during the export is in it or not,
 * never twice.
 */
export async function* ordersCsv(db: Db, separator: CsvSeparator = ","): AsyncGenerator<string> {
  const money = (cents: number) => {
    const text = (cents / 100).toFixed(2);
    return separator === ";" ? text.replace(".", ",") : text;
  };
  const line = (cells: unknown[]) => `${cells.map(csvCell).join(separator)}\r\n`;
  yield line([...ORDERS_CSV_COPY.headers]);
  let after = 0;
  for (;;) {
    const rows = await db
      .select(columns)
      .from(orders)
      .where(gt(orders.number, after))
      .orderBy(asc(orders.number))
      .limit(CSV_BATCH_ROWS);
    if (rows.length === 0) return;
    yield rows
      .map((o) =>
        line([
          o.number,
          o.createdAt,
          o.email,
          money(o.amountCents),
          o.taxCents === null ? "" : money(o.taxCents),
          o.country,
          o.discountApplied ? ORDERS_CSV_COPY.yes : ORDERS_CSV_COPY.no,
          o.status,
          o.paidAt,
          o.refundedAt,
          o.provider,
          o.reference,
        ]),
      )
      .join("");
    if (rows.length < CSV_BATCH_ROWS) return;
    after = rows.at(-1)!.number;
  }
}
