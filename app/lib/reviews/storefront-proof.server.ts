/**
 * The social proof the landing page shows in a live store (ADR 040), from recorded data only:
 * real sales of the last 7 days whose buyer allowed showing them, published verified reviews,
 * the owner's declared figures with their source, and null wherever there is nothing true to show.
 */
import { sql } from "drizzle-orm";
import { REVIEWS_PATH, TESTIMONIALS_SHOWN, VERIFICATION_PATH } from "#app/content/reviews.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { contentTestimonialsConfirmed, declaredProof } from "#app/lib/reviews/declared-proof.server.ts";
import { checkPublicText, normalisePublicText } from "#app/lib/reviews/public-text.ts";
import { reviewCounts } from "#app/lib/reviews/reviews.server.ts";

export interface StorefrontProof {
  /** Real sales of the last 7 days whose buyer allowed showing them, newest first, at most 10: customer "Daniel W.", location "London". */
  recentSales: { customer: string; location: string; paidAt: Date }[];
  /** Published verified reviews, newest first, at most 10 (the 'New Review' cards). */
  newReviews: { customer: string; rating: number; comment: string; publishedAt: Date }[];
  /**
   * The testimonial cards: the newest published verified reviews, at most TESTIMONIALS_SHOWN,
   * whatever their rating (the rule the verification page states).
   */
  testimonials: {
    name: string;
    rating: number;
    comment: string;
    purchasedMonth: string /* "November 2026" */;
  }[];
  /** Whether the owner confirmed the content file's testimonials are real (they then fill the grid after the verified ones). */
  contentTestimonialsConfirmed: boolean;
  /** The header: the real average and count once there are at least 5 published verified reviews; else the owner's declared figures with their source; else null. */
  reviewSummary:
    | { kind: "verified"; average: string /* "4.8" */; count: number; hidden: number }
    | { kind: "declared"; rating: string; reviews: string; source: string }
    | null;
  /** "trusted by {figure} coaches": computed from paid, unrefunded orders (source null), or declared with its source; null with neither. */
  trustedBy: { figure: string; source: string | null } | null;
  /** Every published review, counted the same whatever its rating, and the page that lists them all. */
  allReviews: { count: number; path: string };
  /** The public page that explains how reviews are verified. */
  verificationPath: string;
}

const RECENT_MS = 7 * 24 * 3600_000;
/** Below this many published reviews, an average says little: the header shows the declared figures or nothing. */
export const VERIFIED_SUMMARY_MIN = 5;

/** A sale that counts: paid, never refunded (not even in part), not disputed, not erased. */
const countedSale = sql`o.status = 'paid' and o.refunded_cents = 0 and o.dispute_status is null and o.erased_at is null`;

/** "November 2026", in UTC like every date the store records. */
export const purchaseMonth = (at: Date) =>
  at.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

const countryNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** "Italy" for "IT"; null for a code Intl does not know. */
function countryName(code: string | null): string | null {
  if (!code || !/^[A-Z]{2}$/i.test(code)) return null;
  try {
    return countryNames.of(code.toUpperCase()) ?? null;
  } catch {
    return null;
  }
}

/** A buyer's name or city as a card shows it, or null when it may not be shown (public-text.ts). */
function shown(text: string | null): string | null {
  if (text === null) return null;
  const checked = checkPublicText(text);
  return checked.ok ? checked.text : null;
}

export async function storefrontProof(db: Db, now: Date = new Date()): Promise<StorefrontProof> {
  const since = new Date(now.getTime() - RECENT_MS).toISOString();
  const [sales, published, newest, counts, buyers, declared, confirmed] = await Promise.all([
    db.execute<{ name: string; city: string; country: string | null; paid_at: Date | string }>(sql`
      select o.buyer_short_name as name, o.city, o.country, o.paid_at from orders o
      where ${countedSale} and o.paid_at > ${since} and o.paid_at <= ${now.toISOString()}
        and o.show_purchase_at is not null and o.buyer_short_name is not null and o.city is not null
      order by o.paid_at desc limit 10`),
    db.execute<{ name: string; rating: number; comment: string; created_at: Date | string }>(sql`
      select display_name as name, rating, comment, created_at from reviews
      where hidden_at is null and created_at <= ${now.toISOString()}
      order by created_at desc, id desc limit 10`),
    db.execute<{ name: string; rating: number; comment: string; purchased_at: Date | string }>(sql`
      select display_name as name, rating, comment, purchased_at from reviews
      where hidden_at is null and created_at <= ${now.toISOString()}
      order by created_at desc, id desc limit ${TESTIMONIALS_SHOWN}`),
    reviewCounts(db),
    db.execute<{ n: number | string }>(sql`select count(*) as n from orders o where ${countedSale}`),
    declaredProof(db),
    contentTestimonialsConfirmed(db),
  ]);

  const recentSales: StorefrontProof["recentSales"] = [];
  for (const sale of sales.rows) {
    const paidAt = asDate(sale.paid_at);
    // A name or city that names an address or shows nothing leaves the card to its country.
    const customer = shown(sale.name);
    const city = shown(sale.city);
    if (customer && city) recentSales.push({ customer, location: city, paidAt });
    else {
      const country = countryName(sale.country);
      if (country) recentSales.push({ customer: "A coach", location: country, paidAt });
    }
  }

  const orderCount = Number(buyers.rows[0]?.n ?? 0);
  return {
    recentSales,
    newReviews: published.rows.map((r) => ({
      customer: normalisePublicText(r.name),
      rating: Number(r.rating),
      comment: normalisePublicText(r.comment),
      publishedAt: asDate(r.created_at),
    })),
    testimonials: newest.rows.map((r) => ({
      name: normalisePublicText(r.name),
      rating: Number(r.rating),
      comment: normalisePublicText(r.comment),
      purchasedMonth: purchaseMonth(asDate(r.purchased_at)),
    })),
    contentTestimonialsConfirmed: confirmed,
    reviewSummary:
      counts.published >= VERIFIED_SUMMARY_MIN && counts.average
        ? { kind: "verified", average: counts.average, count: counts.published, hidden: counts.hidden }
        : declared.reviews
          ? {
              kind: "declared",
              rating: declared.reviews.rating,
              reviews: declared.reviews.count,
              source: declared.reviews.source,
            }
          : null,
    trustedBy: declared.trustedBy
      ? { figure: declared.trustedBy.figure, source: declared.trustedBy.source }
      : orderCount > 0
        ? { figure: orderCount.toLocaleString("en-US"), source: null }
        : null,
    allReviews: { count: counts.published, path: REVIEWS_PATH },
    verificationPath: VERIFICATION_PATH,
  };
}
