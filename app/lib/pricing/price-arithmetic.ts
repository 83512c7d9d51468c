/**
 * The promotions' arithmetic, without a database or a clock (ADR 039): a promotion's price, the
 * reference price of an announced reduction (the lowest price charged to every buyer in the 30 days
 * before it began) and the "Save N%" figure computed against that reference.
 */
import { discounted } from "#app/lib/money.ts";

export const REFERENCE_WINDOW_MS = 30 * 24 * 60 * 60_000;

/** The regular price from `at` on, as the price history records it. */
export interface RegularPrice {
  at: Date;
  cents: number;
}

/** A public promotion's effective period (its early end, if any) and its percentage off. */
export interface PublicPeriod {
  startsAt: Date;
  endsAt: Date;
  percentOff: number;
}

/** A promotion's price: the regular price less the percentage, rounded to the cent (4700, 25 -> 3525). */
export const promotionPrice = (regularCents: number, percentOff: number) =>
  discounted(regularCents, percentOff);

/** The regular price in force at `at`: the last change at or before it, else the first one known, else `fallback`. */
export function regularPriceAt(changes: RegularPrice[], at: Date, fallback: number): number {
  let cents = changes[0]?.cents ?? fallback;
  for (const change of changes) if (change.at <= at) cents = change.cents;
  return cents;
}

/**
 * The lowest price every buyer was charged in the 30 days before `start`: the regular prices in
 * force during the window and the prices of the public promotions that ran in it. `changes` are in
 * time order.
 */
export function lowestPriceBefore(
  start: Date,
  changes: RegularPrice[],
  periods: PublicPeriod[],
  fallback: number,
): number {
  const from = new Date(start.getTime() - REFERENCE_WINDOW_MS);
  const prices = [regularPriceAt(changes, from, fallback)];
  for (const change of changes) if (change.at > from && change.at < start) prices.push(change.cents);
  for (const period of periods) {
    if (period.startsAt >= start || period.endsAt <= from || period.endsAt <= period.startsAt) continue;
    const began = period.startsAt > from ? period.startsAt : from;
    prices.push(promotionPrice(regularPriceAt(changes, began, fallback), period.percentOff));
  }
  return Math.min(...prices);
}

/** "Save N%" against the reference price, rounded to a whole percent (4700 -> 3525: 25). */
export const savePercent = (referenceCents: number, priceCents: number) =>
  Math.round(((referenceCents - priceCents) / referenceCents) * 100);
