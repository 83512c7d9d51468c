import { type CsvSeparator, ordersCsv } from "#app/lib/admin/orders-csv.server.ts";
import type { Db } from "#app/lib/db/database.server.ts";

/** The admin's whole CSV export as one string, for tests that check its content. */
export async function ordersCsvText(db: Db, separator?: CsvSeparator): Promise<string> {
  let text = "";
  for await (const chunk of ordersCsv(db, separator)) text += chunk;
  return text;
}
