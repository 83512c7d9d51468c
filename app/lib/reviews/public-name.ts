/**
 * What a recent sale may show of a buyer who allowed it: the first name and the initial of the
 * last ("Daniel W."), and the billing city, as the payment provider collected them and normalised
 * as the public sees them (public-text.ts). Nothing else of the name is kept.
 */
import { normalisePublicText } from "#app/lib/reviews/public-text.ts";

const MAX_PART = 40;

/** "Daniel Walker" → "Daniel W."; one word → itself; none → null. */
export function shortName(name: string | null): string | null {
  const words = normalisePublicText(name ?? "")
    .split(/\s+/)
    .filter(Boolean);
  const first = words[0]?.slice(0, MAX_PART);
  if (!first) return null;
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const initial = last ? [...last][0]?.toLocaleUpperCase("en") : undefined;
  return initial ? `${first} ${initial}.` : first;
}

/** The city trimmed and bounded, or null. */
export function cleanCity(city: string | null): string | null {
  const trimmed = normalisePublicText(city ?? "")
    .replace(/\s+/g, " ")
    .slice(0, MAX_PART);
  return trimmed || null;
}
