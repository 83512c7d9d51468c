// Made on first use: a module-level formatter would be built by every bundle that imports this
// module, even the landing page's script, which formats no prices.
let usd: Intl.NumberFormat | undefined;

/** The one place cents become text: 4700 -> "$47.00". */
export function formatCents(cents: number): string {
  usd ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  return usd.format(cents / 100);
}

/** Price after a percentage discount, rounded to whole cents (4700, 25 -> 3525). */
export function discounted(cents: number, percentOff: number): number {
  return Math.round((cents * (100 - percentOff)) / 100);
}

/** A price as the landing page's copy writes it: whole dollars without cents (12700 -> "$127"). */
export function formatShortCents(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : formatCents(cents);
}
