/**
 * The price a buyer pays now (ADR 039), one way for every page: the regular price from the price
 * history, the public promotion running at `now` and, while it runs, the reference price to strike
 * through. The checkout charges from it; the landing page shows it.
 */
import { and, asc, eq, isNull, lt, lte, sql } from "drizzle-orm";
import { PRODUCT } from "#app/content/site.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import {
  lowestPriceBefore,
  promotionPrice,
  REFERENCE_WINDOW_MS,
  type RegularPrice,
  regularPriceAt,
} from "#app/lib/pricing/price-arithmetic.ts";
import { priceHistory, promotions } from "#db/schema.ts";

export interface CurrentPrice {
  /** The regular price, in cents (4700). */
  regularCents: number;
  /** The public promotion running at `now`, or null (code promotions never appear here). */
  promotion: { id: string; percent: number; priceCents: number; startsAt: Date; endsAt: Date } | null;
  /** The struck-through price while a promotion runs: the lowest price charged in the 30 days before it began; else null. */
  referenceCents: number | null;
}

/** A promotion's end as it stands: its early end, if the owner ended it, else its scheduled end. */
export const effectiveEnd = sql<Date>`coalesce(${promotions.endedAt}, ${promotions.endsAt})`;

/** The regular price's recorded changes, oldest first. */
export async function regularPrices(db: Db): Promise<RegularPrice[]> {
  const rows = await db
    .select({ at: priceHistory.effectiveAt, cents: priceHistory.priceCents })
    .from(priceHistory)
    .where(eq(priceHistory.event, "regular_price"))
    .orderBy(asc(priceHistory.effectiveAt));
  return rows;
}

export async function currentPrice(db: Db, now = new Date()): Promise<CurrentPrice> {
  const [changes, [running]] = await Promise.all([
    regularPrices(db),
    db
      .select({
        id: promotions.id,
        percent: promotions.percentOff,
        startsAt: promotions.startsAt,
        endsAt: effectiveEnd.mapWith(promotions.endsAt),
      })
      .from(promotions)
      .where(
        and(
          isNull(promotions.code),
          lte(promotions.startsAt, now),
          sql`${effectiveEnd} > ${now.toISOString()}`,
        ),
      )
      .limit(1),
  ]);
  const regularCents = regularPriceAt(changes, now, PRODUCT.priceCents);
  if (!running) return { regularCents, promotion: null, referenceCents: null };
  const earlier = await db
    .select({
      startsAt: promotions.startsAt,
      endsAt: effectiveEnd.mapWith(promotions.endsAt),
      percentOff: promotions.percentOff,
    })
    .from(promotions)
    .where(
      and(
        isNull(promotions.code),
        lt(promotions.startsAt, running.startsAt),
        sql`${effectiveEnd} > ${new Date(running.startsAt.getTime() - REFERENCE_WINDOW_MS).toISOString()}`,
      ),
    );
  return {
    regularCents,
    promotion: { ...running, priceCents: promotionPrice(regularCents, running.percent) },
    referenceCents: lowestPriceBefore(running.startsAt, changes, earlier, PRODUCT.priceCents),
  };
}
