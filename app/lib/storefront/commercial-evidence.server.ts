/**
 * What a consumer authority asks a seller for (ADR 038): for a period, every promotion (what, when,
 * who ended it), every change of the price buyers paid with who recorded it, and the reviews,
 * published and hidden, with what verifies each (the paid order it belongs to) and every
 * moderation with its reason. One JSON document, made from the records the store keeps for this.
 */
import { and, asc, desc, eq, gte, lt, lte, or } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { orders, priceHistory, promotions, reviewModerations, reviews } from "#db/schema.ts";

/** How a review is verified, as the public page says it (reviews-verification.tsx). */
const VERIFICATION =
  "A review can be written only through a link signed for one paid order, once per order; an order refunded, disputed or erased cannot be reviewed. Each review is shown as 'Verified buyer' with the month of purchase. The owner may hide one only for a stated reason (abuse, personal data, not about the product); each hide and show is logged.";

export interface EvidencePeriod {
  from: Date;
  /** Exclusive. */
  to: Date;
}

export async function commercialEvidence(db: Db, period: EvidencePeriod, seller: string, now = new Date()) {
  const { from, to } = period;
  const [promotionRows, changes, priceBefore, reviewRows, moderations] = await Promise.all([
    // Every promotion whose time overlaps the period, as scheduled and as ended.
    db
      .select()
      .from(promotions)
      .where(and(lt(promotions.startsAt, to), gte(promotions.endsAt, from)))
      .orderBy(asc(promotions.startsAt)),
    db
      .select()
      .from(priceHistory)
      .where(
        or(
          and(gte(priceHistory.effectiveAt, from), lt(priceHistory.effectiveAt, to)),
          and(gte(priceHistory.recordedAt, from), lt(priceHistory.recordedAt, to)),
        ),
      )
      .orderBy(asc(priceHistory.effectiveAt), asc(priceHistory.id)),
    // The change in force when the period began.
    db
      .select()
      .from(priceHistory)
      .where(lt(priceHistory.effectiveAt, from))
      .orderBy(desc(priceHistory.effectiveAt), desc(priceHistory.id))
      .limit(1),
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        comment: reviews.comment,
        displayName: reviews.displayName,
        purchasedAt: reviews.purchasedAt,
        createdAt: reviews.createdAt,
        hiddenAt: reviews.hiddenAt,
        hiddenReason: reviews.hiddenReason,
        orderReference: orders.reference,
        orderStatus: orders.status,
        orderPaidAt: orders.paidAt,
      })
      .from(reviews)
      .innerJoin(orders, eq(reviews.orderId, orders.id))
      .where(lte(reviews.createdAt, to))
      .orderBy(asc(reviews.createdAt)),
    db
      .select()
      .from(reviewModerations)
      .where(and(gte(reviewModerations.at, from), lt(reviewModerations.at, to)))
      .orderBy(asc(reviewModerations.at)),
  ]);
  // Reviews written in the period, and older ones shown or hidden in it.
  const moderated = new Set(moderations.map((m) => m.reviewId));
  const inPeriod = reviewRows.filter((r) => r.createdAt >= from || moderated.has(r.id));
  const review = (r: (typeof reviewRows)[number]) => ({
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    name: r.displayName,
    writtenAt: r.createdAt.toISOString(),
    verifiedBy: {
      order: r.orderReference,
      orderStatus: r.orderStatus,
      paidAt: r.orderPaidAt?.toISOString() ?? null,
      purchaseMonth: r.purchasedAt.toISOString().slice(0, 7),
    },
    hidden: r.hiddenAt ? { at: r.hiddenAt.toISOString(), reason: r.hiddenReason } : null,
  });
  const change = (c: (typeof changes)[number]) => ({
    effectiveAt: c.effectiveAt.toISOString(),
    event: c.event,
    priceCents: c.priceCents,
    promotionId: c.promotionId,
    recordedAt: c.recordedAt.toISOString(),
    recordedBy: c.recordedBy,
  });
  return {
    generatedAt: now.toISOString(),
    seller,
    period: { from: from.toISOString(), to: to.toISOString() },
    promotions: promotionRows.map((p) => ({
      id: p.id,
      percentOff: p.percentOff,
      kind: p.code ? "code" : "public",
      code: p.code,
      startsAt: p.startsAt.toISOString(),
      endsAt: p.endsAt.toISOString(),
      endedEarlyAt: p.endedAt?.toISOString() ?? null,
      scheduledAt: p.createdAt.toISOString(),
    })),
    priceAtStart: priceBefore[0] ? change(priceBefore[0]) : null,
    priceChanges: changes.map(change),
    reviews: {
      verification: VERIFICATION,
      published: inPeriod.filter((r) => !r.hiddenAt).map(review),
      hidden: inPeriod.filter((r) => r.hiddenAt).map(review),
      moderations: moderations.map((m) => ({
        review: m.reviewId,
        action: m.action,
        reason: m.reason,
        by: m.by,
        at: m.at.toISOString(),
      })),
    },
  };
}
