/**
 * The checkout's prices in one place (ADR 039): what the page shows and offers, and what an order
 * is charged. Both start from the price every buyer pays now (public-price.server.ts). Test mode
 * keeps the specification's figures ($127 struck, "Save 63%", a 25% offer for 300 s); a live store
 * charges everyone the running public promotion's price, and offers nothing conditional but a code.
 */
import { and, isNotNull, sql } from "drizzle-orm";
import { PRODUCT, PROMO_PRICE_CENTS } from "#app/content/site.ts";
import { AppError } from "#app/lib/app-error.ts";
import { readDiscountOffer } from "#app/lib/checkout/discount-offer.server.ts";
import { effectiveEnd } from "#app/lib/pricing/current-price.server.ts";
import { promotionPrice, savePercent } from "#app/lib/pricing/price-arithmetic.ts";
import { runningCodePromotion } from "#app/lib/pricing/promotions.server.ts";
import { publicPrice } from "#app/lib/pricing/public-price.server.ts";
import { isTestMode } from "#app/lib/public-config.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { promotions } from "#db/schema.ts";

/** A price with what to strike through beside it, or no struck price when there is no reduction. */
export interface ShownPrice {
  priceCents: number;
  compare: { cents: number; savePercent: number } | null;
}

export interface CheckoutTerms {
  /**
   * The price every buyer pays now: in test mode with the specification's $127 struck through; in
   * a live store the running public promotion's, against its reference price.
   */
  base: ShownPrice;
  /** The test-mode dialog's conditional offer (the specification's 25% for 300 s); null in a live store. */
  offer: (ShownPrice & { percent: number }) | null;
  /** Whether a code promotion runs, so the "Discount code" field is shown. */
  codeField: boolean;
  /** A live store's public promotion announced on the page, with its real end; else null. */
  promotion: { percent: number; endsAt: Date } | null;
}

export async function checkoutTerms(services: Services, now = new Date()): Promise<CheckoutTerms> {
  const db = services.database.db;
  const testMode = isTestMode(services.env);
  const [price, [code]] = await Promise.all([
    publicPrice(db, testMode, now),
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
  return {
    base: { priceCents: price.priceCents, compare: price.reference },
    offer: testMode
      ? {
          percent: PRODUCT.promoPercentOff,
          priceCents: PROMO_PRICE_CENTS,
          compare: {
            cents: PRODUCT.priceCents,
            savePercent: savePercent(PRODUCT.priceCents, PROMO_PRICE_CENTS),
          },
        }
      : null,
    codeField: code !== undefined,
    promotion: price.promotion && { percent: price.promotion.percent, endsAt: price.promotion.endsAt },
  };
}

/**
 * What an order created at `now` is charged: the price every buyer pays now, the test-mode offer's
 * price while its signed offer runs, a running code promotion's price; the lowest of them. An
 * unknown or ended code is refused (nothing is created). `discountApplied`: below the regular price.
 */
export async function chargedPrice(
  services: Services,
  input: { offer?: string; code?: string },
  now = new Date(),
): Promise<{ amountCents: number; discountApplied: boolean }> {
  const db = services.database.db;
  const typed = input.code?.trim() ?? "";
  const testMode = isTestMode(services.env);
  const [price, codePromotion] = await Promise.all([
    publicPrice(db, testMode, now),
    typed ? runningCodePromotion(db, typed, now) : null,
  ]);
  if (typed && !codePromotion) throw new AppError("DISCOUNT_CODE_INVALID", "Unknown or ended discount code");
  const prices = [price.priceCents];
  if (testMode && readDiscountOffer(services.settings.tokenSecrets, input.offer, now.getTime()))
    prices.push(PROMO_PRICE_CENTS);
  if (codePromotion) prices.push(promotionPrice(price.regularCents, codePromotion.percentOff));
  const amountCents = Math.min(...prices);
  return { amountCents, discountApplied: amountCents < price.regularCents };
}
