/**
 * Tax-inclusive prices split into taxable amount and VAT, in whole cents, so the parts add up to
 * exactly what Stripe charged, and the stamp duty on invoices without VAT. The VAT is computed once
 * per rate on the invoice's total, as FatturaPA's summary (DatiRiepilogo) states it, and the taxable
 * total is shared among the lines by largest remainder (ADR 043).
 */

/** Stamp duty on an invoice without VAT above EUR 77.47 (DPR 642/1972, Tariffa parte I, art. 13). */
export const STAMP_DUTY_CENTS = 200;
export const STAMP_DUTY_THRESHOLD_CENTS = 7747;

/** The stamp duty an invoice owes: its amount without VAT must exceed EUR 77.47 (strictly). */
export const stampDutyCents = (amountWithoutVatCents: number) =>
  amountWithoutVatCents > STAMP_DUTY_THRESHOLD_CENTS ? STAMP_DUTY_CENTS : 0;

/** A rate in hundredths of a percent (22 → 2200, 25.5 → 2550): integer arithmetic from here on. */
const hundredths = (ratePercent: number) => Math.round(ratePercent * 100);

/** `numerator / denominator` rounded to the nearest integer, halves up (both positive integers). */
const roundedQuotient = (numerator: bigint, denominator: bigint) =>
  (2n * numerator + denominator) / (2n * denominator);

export interface Split {
  /** Each line's taxable amount, in the lines' order; they add up to `taxableCents`. */
  lineTaxableCents: number[];
  taxableCents: number;
  taxCents: number;
}

/**
 * Splits tax-inclusive line amounts (cents, each ≥ 0) at one rate: taxable = total ÷ (1 + rate)
 * rounded to the cent, tax = total − taxable, so taxable + tax is the total charged and the tax is
 * within a cent of taxable × rate, as SDI's check requires.
 */
export function splitInclusive(grossCents: readonly number[], ratePercent: number): Split {
  for (const cents of grossCents)
    if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not an amount in cents: ${cents}`);
  const rate = BigInt(hundredths(ratePercent));
  const total = grossCents.reduce((sum, cents) => sum + BigInt(cents), 0n);
  const taxable = roundedQuotient(total * 10000n, 10000n + rate);
  // Each line's exact share of the taxable total, floored; the cents left go to the largest remainders.
  const shares = grossCents.map((cents, index) => {
    const exact = total === 0n ? 0n : BigInt(cents) * taxable;
    return { index, floor: total === 0n ? 0n : exact / total, remainder: total === 0n ? 0n : exact % total };
  });
  let left = taxable - shares.reduce((sum, share) => sum + share.floor, 0n);
  for (const share of [...shares].sort((a, b) =>
    b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.index - b.index,
  )) {
    if (left === 0n) break;
    share.floor += 1n;
    left -= 1n;
  }
  return {
    lineTaxableCents: shares.map((share) => Number(share.floor)),
    taxableCents: Number(taxable),
    taxCents: Number(total - taxable),
  };
}
