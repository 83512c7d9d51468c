/**
 * Scheduling and ending promotions (ADR 039), each change written with its price-history rows in
 * one transaction. Two public promotions never overlap: the database's exclusion constraint
 * decides between concurrent schedulings, so exactly one of them is stored.
 */
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { PRODUCT } from "#app/content/site.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { effectiveEnd, regularPrices } from "#app/lib/pricing/current-price.server.ts";
import { promotionPrice, regularPriceAt } from "#app/lib/pricing/price-arithmetic.ts";
import { priceHistory, promotions } from "#db/schema.ts";

export const PERCENT_RANGE = { min: 1, max: 90 } as const;
/** What a code looks like once normalised: letters, digits and dashes, upper-case. */
const CODE_SHAPE = /^[A-Z0-9-]{4,32}$/;

/** Who changed a price: the owner's admin session, or the store itself. */
export type PriceAuthor = "admin" | "sistema";

/** A code as typed, trimmed and upper-cased; null when it cannot be a code. */
export function normalizeCode(raw: string): string | null {
  const code = raw.trim().toUpperCase();
  return CODE_SHAPE.test(code) ? code : null;
}

export type ScheduleRefusal =
  | "percent"
  | "endBeforeStart"
  | "endPast"
  | "code"
  | "codeTaken"
  | "overlap"
  | "overlapRunning";

/**
 * Stores a promotion and its scheduled start and end in the price history. A start already past
 * (a minute's rounding of the form) begins now; the refusals change nothing.
 */
export async function schedulePromotion(
  db: Db,
  input: { percentOff: number; startsAt: Date; endsAt: Date; code: string | null },
  by: PriceAuthor,
  now = new Date(),
): Promise<{ ok: true; id: string } | { ok: false; reason: ScheduleRefusal }> {
  const { percentOff, endsAt } = input;
  if (!Number.isInteger(percentOff) || percentOff < PERCENT_RANGE.min || percentOff > PERCENT_RANGE.max)
    return { ok: false, reason: "percent" };
  if (endsAt <= input.startsAt) return { ok: false, reason: "endBeforeStart" };
  if (endsAt <= now) return { ok: false, reason: "endPast" };
  const code = input.code === null ? null : normalizeCode(input.code);
  if (input.code !== null && !code) return { ok: false, reason: "code" };
  const startsAt = input.startsAt < now ? now : input.startsAt;
  const regular = regularPriceAt(await regularPrices(db), startsAt, PRODUCT.priceCents);
  const id = await db.transaction(async (tx) => {
    // ON CONFLICT DO NOTHING covers the code's unique index and the public promotions' exclusion constraint.
    const [row] = await tx
      .insert(promotions)
      .values({ percentOff, startsAt, endsAt, code })
      .onConflictDoNothing()
      .returning({ id: promotions.id });
    if (!row) return null;
    await tx.insert(priceHistory).values([
      {
        effectiveAt: startsAt,
        event: "promotion_start",
        priceCents: promotionPrice(regular, percentOff),
        promotionId: row.id,
        recordedBy: by,
      },
      {
        effectiveAt: endsAt,
        event: "promotion_end",
        priceCents: regular,
        promotionId: row.id,
        recordedBy: by,
      },
    ]);
    return row.id;
  });
  if (id) return { ok: true, id };
  if (code) return { ok: false, reason: "codeTaken" };
  const [running] = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(
      and(
        isNull(promotions.code),
        sql`${promotions.startsAt} <= ${now.toISOString()} and ${effectiveEnd} > ${now.toISOString()}`,
        sql`tstzrange(${promotions.startsAt}, ${effectiveEnd}) && tstzrange(${startsAt.toISOString()}, ${endsAt.toISOString()})`,
      ),
    );
  return { ok: false, reason: running ? "overlapRunning" : "overlap" };
}

/**
 * Ends a running promotion now (an early end) or cancels one not yet started; both are recorded.
 * A promotion already over is left as it is ("notOpen"). Nothing extends or reopens a promotion.
 */
export async function endPromotion(
  db: Db,
  id: string,
  by: PriceAuthor,
  now = new Date(),
): Promise<"endedEarly" | "cancelled" | "notOpen"> {
  const regular = regularPriceAt(await regularPrices(db), now, PRODUCT.priceCents);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(promotions)
      .set({ endedAt: sql`greatest(${promotions.startsAt}, ${now.toISOString()}::timestamptz)` })
      .where(
        and(
          eq(promotions.id, id),
          isNull(promotions.endedAt),
          sql`${promotions.endsAt} > ${now.toISOString()}`,
        ),
      )
      .returning({ startsAt: promotions.startsAt });
    if (!row) return "notOpen";
    const event = row.startsAt > now ? "promotion_cancelled" : "promotion_ended_early";
    await tx
      .insert(priceHistory)
      .values({ effectiveAt: now, event, priceCents: regular, promotionId: id, recordedBy: by });
    return event === "promotion_cancelled" ? "cancelled" : "endedEarly";
  });
}

/** The code promotion running at `now` for a code as the buyer typed it, or null. */
export async function runningCodePromotion(db: Db, typed: string, now = new Date()) {
  const code = normalizeCode(typed);
  if (!code) return null;
  const [row] = await db
    .select({ id: promotions.id, percentOff: promotions.percentOff })
    .from(promotions)
    .where(
      and(
        eq(promotions.code, code),
        sql`${promotions.startsAt} <= ${now.toISOString()} and ${effectiveEnd} > ${now.toISOString()}`,
      ),
    );
  return row ?? null;
}

/** The latest promotions for the admin, newest start first, with their effective end. */
export function listPromotions(db: Db, limit = 50) {
  return db
    .select({
      id: promotions.id,
      percentOff: promotions.percentOff,
      startsAt: promotions.startsAt,
      endsAt: promotions.endsAt,
      endedAt: promotions.endedAt,
      code: promotions.code,
    })
    .from(promotions)
    .orderBy(desc(promotions.startsAt))
    .limit(limit);
}

/**
 * Records the regular price the store runs with when it differs from the last one recorded (the
 * first start, or a new price in app/content/site.ts), by "sistema". One statement: instances
 * starting together may both compare, and a duplicate row with the same price is harmless.
 */
export async function recordRegularPrice(db: Db, cents: number, now = new Date()) {
  await db.execute(sql`
    insert into ${priceHistory} (effective_at, event, price_cents, recorded_by)
    select ${now.toISOString()}::timestamptz, 'regular_price', ${cents}, 'sistema'
    where coalesce((select price_cents from ${priceHistory} where event = 'regular_price'
      order by effective_at desc, id desc limit 1), -1) <> ${cents}`);
}
