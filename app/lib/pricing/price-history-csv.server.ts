/**
 * The price history as CSV (ADR 039), for the owner and for a consumer authority: every change of
 * the price a buyer pays, in the order it takes effect, each time in ISO 8601 UTC and in Italy's
 * time, with what caused it and who recorded it. A few rows per promotion: one query.
 */
import { asc, eq } from "drizzle-orm";
import { ADMIN_PROMOTIONS_COPY } from "#app/content/admin-promotions.ts";
import { csvCell } from "#app/lib/admin/orders-csv.server.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { romeDateTime } from "#app/lib/pricing/rome-time.ts";
import { priceHistory, promotions } from "#db/schema.ts";

const copy = ADMIN_PROMOTIONS_COPY.csv;

export async function priceHistoryCsv(db: Db): Promise<string> {
  const rows = await db
    .select({
      effectiveAt: priceHistory.effectiveAt,
      event: priceHistory.event,
      priceCents: priceHistory.priceCents,
      promotionId: priceHistory.promotionId,
      percentOff: promotions.percentOff,
      code: promotions.code,
      recordedAt: priceHistory.recordedAt,
      recordedBy: priceHistory.recordedBy,
    })
    .from(priceHistory)
    .leftJoin(promotions, eq(priceHistory.promotionId, promotions.id))
    .orderBy(asc(priceHistory.effectiveAt), asc(priceHistory.id));
  const lines = [copy.header.map(csvCell).join(",")];
  for (const row of rows) {
    lines.push(
      [
        row.effectiveAt.toISOString(),
        romeDateTime(row.effectiveAt),
        copy.events[row.event] ?? row.event,
        (row.priceCents / 100).toFixed(2),
        row.promotionId ?? "",
        row.percentOff ?? "",
        row.code ?? "",
        row.recordedAt.toISOString(),
        romeDateTime(row.recordedAt),
        row.recordedBy,
      ]
        .map(csvCell)
        .join(","),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
