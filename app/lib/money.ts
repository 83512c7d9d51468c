const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** The one place cents become text: 4700 -> "$47.00". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** Price after a percentage discount, rounded to whole cents (4700, 25 -> 3525). */
export function discounted(cents: number, percentOff: number): number {
  return Math.round((cents * (100 - percentOff)) / 100);
}
