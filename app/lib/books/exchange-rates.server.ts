/**
 * The European Central Bank's euro reference rates (ADR 043). A sale charged in dollars is invoiced
 * and recorded in euro at the rate of its day, or of the nearest day before when none was published
 * (art. 13 c. 4 DPR 633/72: the ECB's quotation); the OSS return converts at the rate of the
 * period's last day (art. 369h Directive 2006/112). The rates are fetched from the ECB's 90-day file
 * and kept, one row per currency and day, so a period's books can be made again later alike.
 */
import { and, desc, eq, gte, lte, max, min } from "drizzle-orm";
import { boundedText } from "#app/lib/bounded-text.server.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { exchangeRates } from "#db/schema.ts";

export interface Rate {
  /** Units of the currency per euro, as the ECB publishes it (USD 1.0542). */
  perEuro: number;
  /** The day the ECB published it for (YYYY-MM-DD). */
  day: string;
}

/** The ECB publishes on TARGET working days: the longest gap (Easter) is four days; a week is a missed fetch. */
const MAX_RATE_AGE_DAYS = 7;
/** The ECB's 90-day file is about 100 KB; anything much larger is not it. */
const MAX_FILE_BYTES = 2_000_000;
const FETCH_TIMEOUT_MS = 15_000;

/** Every (day, currency, rate) of an ECB eurofxref XML file; an empty list when it is not one. */
export function parseEcbRates(xml: string): { day: string; currency: string; perEuro: number }[] {
  const rates: { day: string; currency: string; perEuro: number }[] = [];
  for (const [, day, cubes] of xml.matchAll(
    /<Cube\s+time=['"](\d{4}-\d{2}-\d{2})['"]\s*>([\s\S]*?)<\/Cube>/g,
  ))
    for (const [, currency, rate] of cubes!.matchAll(
      /<Cube\s+currency=['"]([A-Z]{3})['"]\s+rate=['"](\d{1,6}(?:\.\d{1,6})?)['"]\s*\/>/g,
    ))
      if (Number(rate) > 0) rates.push({ day: day!, currency: currency!, perEuro: Number(rate) });
  return rates;
}

/**
 * Fetches the ECB's file from `url` and keeps the rates not yet stored; returns how many were new.
 * Refuses an answer that is not the file (an HTML error page has no rates), one over 2 MB, and
 * one that takes longer than `timeoutMs`.
 */
export async function fetchEcbRates(
  db: Db,
  url: string,
  options: { timeoutMs?: number } = {},
): Promise<number> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? FETCH_TIMEOUT_MS);
  const response = await fetch(url, { signal });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`The ECB's rates answered HTTP ${response.status}`);
  }
  const rates = parseEcbRates(await boundedText(response, MAX_FILE_BYTES, "The ECB's rates file"));
  if (rates.length === 0) throw new Error("The ECB's rates file has no rates");
  const inserted = await db
    .insert(exchangeRates)
    .values(rates)
    .onConflictDoNothing()
    .returning({ day: exchangeRates.day });
  return inserted.length;
}

/** The day `days` before `day` (both YYYY-MM-DD). */
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The rate of `currency` for `day`: the day's own, or the nearest published before it within a
 * week; null when none is stored (fetch first). The euro is 1.
 */
export async function rateOn(db: Db, currency: string, day: string): Promise<Rate | null> {
  const code = currency.toUpperCase();
  if (code === "EUR") return { perEuro: 1, day };
  const [row] = await db
    .select({ perEuro: exchangeRates.perEuro, day: exchangeRates.day })
    .from(exchangeRates)
    .where(
      and(
        eq(exchangeRates.currency, code),
        lte(exchangeRates.day, day),
        gte(exchangeRates.day, daysBefore(day, MAX_RATE_AGE_DAYS)),
      ),
    )
    .orderBy(desc(exchangeRates.day))
    .limit(1);
  return row ?? null;
}

/**
 * The rate for `day` as above, fetching the ECB's file first when the newest stored rate is older
 * than `day` (at most once per `url` every ten minutes in this process, so a failing ECB is not
 * asked at every request).
 */
export async function ensureRateOn(db: Db, url: string, currency: string, day: string): Promise<Rate | null> {
  const stored = await rateOn(db, currency, day);
  if (stored?.day === day || currency.toUpperCase() === "EUR") return stored;
  const [newest] = await db.select({ day: max(exchangeRates.day) }).from(exchangeRates);
  const now = Date.now();
  if ((newest?.day ?? "") < day && (lastFetch.get(url) ?? 0) < now - REFETCH_MS) {
    lastFetch.set(url, now);
    await fetchEcbRates(db, url);
    return rateOn(db, currency, day);
  }
  return stored;
}
const REFETCH_MS = 10 * 60_000;
const lastFetch = new Map<string, number>();

/** `cents` of a currency quoted at `perEuro` as euro cents, rounded half up. */
export function toEuroCents(cents: number, perEuro: number): number {
  const micro = BigInt(Math.round(perEuro * 1_000_000));
  return Number((2n * BigInt(cents) * 1_000_000n + micro) / (2n * micro));
}

/**
 * The rate the OSS return converts at (art. 369h(2) Directive 2006/112): the one the ECB published
 * for `day`, the period's last day, or, when it published none that day, the one of its next
 * publication. The ECB publishes every currency at once, so the next publication is the first day
 * after `day` with any stored rate. The ECB's file is fetched (as in ensureRateOn) while none is
 * stored; null until the ECB has published one.
 */
export async function ensureRateOnOrAfter(
  db: Db,
  url: string,
  currency: string,
  day: string,
): Promise<Rate | null> {
  const code = currency.toUpperCase();
  if (code === "EUR") return { perEuro: 1, day };
  const stored = await nextPublishedRate(db, code, day);
  if (stored !== undefined) return stored;
  const now = Date.now();
  if ((lastFetch.get(url) ?? 0) >= now - REFETCH_MS) return null;
  lastFetch.set(url, now);
  await fetchEcbRates(db, url);
  return (await nextPublishedRate(db, code, day)) ?? null;
}

/** The currency's rate of the first publication on or after `day`; undefined when none is stored yet, null when that publication lacks the currency. */
async function nextPublishedRate(db: Db, currency: string, day: string): Promise<Rate | null | undefined> {
  const [first] = await db
    .select({ day: min(exchangeRates.day) })
    .from(exchangeRates)
    .where(gte(exchangeRates.day, day));
  if (!first?.day) return undefined;
  const [row] = await db
    .select({ perEuro: exchangeRates.perEuro, day: exchangeRates.day })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.currency, currency), eq(exchangeRates.day, first.day)));
  return row ?? null;
}
