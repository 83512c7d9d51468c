/**
 * The price every buyer pays now, without a code (ADR 039): the one answer the landing page, the
 * header and sticky bar, the checkout page and the order's charge all read, so what the store
 * announces and what it charges cannot part.
 *
 * Test mode sells nothing and keeps the specification's screens: $47.00 against its $127, "Save
 * 63%"; its 25 % offer stays the checkout dialog's conditional one (checkout-price.server.ts). In a
 * live store a running public promotion is the price for everyone while it runs: a price announced
 * to everyone is the price for everyone (Codice del Consumo art. 17-bis), so no dialog, click or
 * script stands between a buyer and it.
 */
import { PRODUCT } from "#app/content/site.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { currentPrice } from "#app/lib/pricing/current-price.server.ts";
import { savePercent } from "#app/lib/pricing/price-arithmetic.ts";

export interface PublicPrice {
  /** The regular price, in cents. */
  regularCents: number;
  /** What every buyer pays now without a code: the running public promotion's price, else the regular one. */
  priceCents: number;
  /**
   * The struck-through price and its "Save N%": the specification's $127 in test mode; in a live
   * store the lowest price of the 30 days before the running promotion began, only when the
   * promotion is a reduction against it. Null otherwise.
   */
  reference: { cents: number; savePercent: number } | null;
  /**
   * The running public promotion when it announces a reduction (the banner, "limited time", the
   * exit dialog): its percentage against the reference, its price and its real end. Null in test
   * mode and when none runs; a promotion at a price already charged in the 30 days before it lowers
   * `priceCents` without being announced.
   */
  promotion: { percent: number; priceCents: number; endsAt: Date } | null;
}

/** The specification's price block, as test mode shows it. */
export const SAMPLE_PUBLIC_PRICE: PublicPrice = {
  regularCents: PRODUCT.priceCents,
  priceCents: PRODUCT.priceCents,
  reference: { cents: PRODUCT.listPriceCents, savePercent: PRODUCT.savePercent },
  promotion: null,
};

export async function publicPrice(db: Db, testMode: boolean, now = new Date()): Promise<PublicPrice> {
  if (testMode) return SAMPLE_PUBLIC_PRICE;
  const current = await currentPrice(db, now);
  const { promotion } = current;
  if (!promotion) {
    return {
      regularCents: current.regularCents,
      priceCents: current.regularCents,
      reference: null,
      promotion: null,
    };
  }
  // A reduction is announced only against the lowest price of the 30 days before it began, in
  // that figure (Codice del Consumo art. 17-bis).
  const referenceCents = current.referenceCents ?? current.regularCents;
  const reference =
    referenceCents > promotion.priceCents
      ? { cents: referenceCents, savePercent: savePercent(referenceCents, promotion.priceCents) }
      : null;
  return {
    regularCents: current.regularCents,
    priceCents: promotion.priceCents,
    reference,
    promotion: reference && {
      percent: reference.savePercent,
      priceCents: promotion.priceCents,
      endsAt: promotion.endsAt,
    },
  };
}
