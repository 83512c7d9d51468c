/**
 * The checkout's prices in one place (ADR 039): what the page shows and offers, and what an order
 * is charged. Test mode keeps the specification's figures ($127 struck, "Save 63%", a 25% offer
 * for 300 s); a live store shows a reduction only while a public promotion runs, against the
 * lowest price of the 30 days before it, and charges what runs when the order is created.
 */
import { and, isNotNull, sql } from "drizzle-orm";
import { PRODUCT, PROMO_PRICE_CENTS } from "#app/content/site.ts";
import { AppError } from "#app/lib/app-error.ts";
import { readDiscountOffer } from "#app/lib/checkout/discount-offer.server.ts";
import { currentPrice, effectiveEnd } from "#app/lib/pricing/current-price.server.ts";
import { promotionPrice, savePercent } from "#app/lib/pricing/price-arithmetic.ts";
import { runningCodePromotion } from "#app/lib/pricing/promotions.server.ts";
import { isTestMode } from "#app/lib/public-config.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { promotions } from "#db/schema.ts";

/** A price with what to strike through beside it, or no struck price when there is no reduction. */
export interface ShownPrice {
  priceCents: number;
  compare: { cents: number; savePercent: number } | null;
}

export interface CheckoutTerms {
  /** The price before any offer: in test mode with the specification's $127 struck through. */
  base: ShownPrice;
  /** The discount the dialog offers, or null when none runs (a live store without a public promotion). */
  offer: (ShownPrice & { percent: number; promotion: { id: string; endsAt: Date } | null }) | null;
  /** Whether a code promotion runs, so the "Discount code" field is shown. */
  codeField: boolean;
}

const reduction = (referenceCents: number, priceCents: number) =>
  referenceCents > priceCents
    ? { cents: referenceCents, savePercent: savePercent(referenceCents, priceCents) }
    : null;

export async function checkoutTerms(services: Services, now = new Date()): Promise<CheckoutTerms> {
  const db = services.database.db;
  const testMode = isTestMode(services.env);
  const [current, [code]] = await Promise.all([
    testMode ? null : currentPrice(db, now),
    db
      .select({ one: sql<number>`1` })
      .from(promotions)
      .where(
        and(
          isNotNull(promotions.code),
          sql`${promotions.startsAt} <= ${now.toISOString()} and ${effectiveEnd} > ${now.toISOString()}`,
        ),
      )
      .limit(1),
  ]);
  const codeField = code !== undefined;
  // Test mode: the specification's figures, whatever runs.
  if (!current) {
    return {
      base: {
        priceCents: PRODUCT.priceCents,
        compare: { cents: PRODUCT.listPriceCents, savePercent: PRODUCT.savePercent },
      },
      offer: {
        percent: PRODUCT.promoPercentOff,
        priceCents: PROMO_PRICE_CENTS,
        compare: reduction(PRODUCT.priceCents, PROMO_PRICE_CENTS),
        promotion: null,
      },
      codeField,
    };
  }
  const { promotion } = current;
  const compare = announcedReduction(current);
  return {
    // A promotion with no reduction to announce (its price was already charged in the 30 days
    // before it) is simply the price: no dialog, nothing struck through.
    base: { priceCents: promotion && !compare ? promotion.priceCents : current.regularCents, compare: null },
    offer:
      promotion && compare
        ? {
            percent: compare.savePercent,
            priceCents: promotion.priceCents,
            compare,
            promotion: { id: promotion.id, endsAt: promotion.endsAt },
          }
        : null,
    codeField,
  };
}

/**
 * The reduction a running public promotion may announce: against the lowest price of the 30 days
 * before it began (Codice del Consumo art. 17-bis), in that figure; null when there is none.
 */
function announcedReduction(current: Awaited<ReturnType<typeof currentPrice>>) {
  const { promotion } = current;
  return promotion && reduction(current.referenceCents ?? current.regularCents, promotion.priceCents);
}

/**
 * What an order created at `now` is charged: the regular price, the offer's price while its offer
 * is genuine (in a live store: while the promotion it names still runs), a running code
 * promotion's price; the lowest of them. An unknown or ended code is refused (nothing is created).
 */
export async function chargedPrice(
  services: Services,
  input: { offer?: string; code?: string },
  now = new Date(),
): Promise<{ amountCents: number; discountApplied: boolean }> {
  const db = services.database.db;
  const offer = readDiscountOffer(services.settings.tokenSecrets, input.offer, now.getTime());
  const typed = input.code?.trim() ?? "";
  const testMode = isTestMode(services.env);
  // Test mode's prices are the specification's: its purchase asks the database nothing more.
  const [current, codePromotion] = await Promise.all([
    testMode ? null : currentPrice(db, now),
    typed ? runningCodePromotion(db, typed, now) : null,
  ]);
  if (typed && !codePromotion) throw new AppError("DISCOUNT_CODE_INVALID", "Unknown or ended discount code");
  const regular = current?.regularCents ?? PRODUCT.priceCents;
  const prices = [regular];
  if (offer && testMode && offer.promotionId === null) prices.push(PROMO_PRICE_CENTS);
  if (offer && current?.promotion && offer.promotionId === current.promotion.id)
    prices.push(current.promotion.priceCents);
  // A promotion announcing no reduction is the price for everyone while it runs.
  if (current?.promotion && !announcedReduction(current)) prices.push(current.promotion.priceCents);
  if (codePromotion) prices.push(promotionPrice(regular, codePromotion.percentOff));
  const amountCents = Math.min(...prices);
  return { amountCents, discountApplied: amountCents < regular };
}
