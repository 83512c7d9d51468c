/**
 * What the landing page says about prices, time, sales and reviews (ADR 038). A store in test mode
 * shows the specification's canned figures (`SAMPLE_FACTS`: it sells nothing, so nothing it says can
 * mislead); a live store shows only recorded ones (landing-facts.server.ts), and each element with
 * nothing true to show is left out. The components and the page script read the same shape.
 */
import { LANDING } from "#app/content/landing.ts";
import { PRODUCT, PROMO_PRICE_CENTS, SAMPLE_REVIEWS, SAMPLE_SALES, TESTIMONIALS } from "#app/content/site.ts";

/** A reduction of the price everyone pays, as the banner, the hero and the exit dialog show it. */
export interface PromotionFacts {
  percent: number;
  priceCents: number;
  /** When it ends (ISO instant); null for the sample's countdown, which restarts with each page view. */
  endsAt: string | null;
}

/** A 'Recent Sale' or 'New Review' card: `at` is an ISO instant, or the sample's canned "2 minutes ago". */
export type ProofCard =
  | { kind: "sale"; customer: string; location: string; at: string }
  | { kind: "review"; customer: string; rating: number; comment: string; at: string };

export interface TestimonialCard {
  name: string;
  /** Under the name: the coach's title (content file) or "Verified buyer · November 2026". */
  detail: string;
  initials: string;
  rating: number;
  comment: string;
}

export interface LandingFacts {
  /** "sample": the specification's canned data (test mode); "live": recorded data only. */
  mode: "sample" | "live";
  /** What a buyer pays now without a code. */
  priceCents: number;
  regularCents: number;
  /** The struck-through price and its "Save N%": only while the price is reduced. */
  reference: { cents: number; savePercent: number } | null;
  promotion: PromotionFacts | null;
  /** Relative times: "sample" cards carry their text, "live" ones an instant the page script words. */
  proofCards: ProofCard[];
  testimonials: {
    /** "4.9/5" and "(500+ reviews)", with where a declared figure comes from. */
    summary: { rating: string; reviews: string; source: string | null } | null;
    cards: TestimonialCard[];
    /** "trusted by 2,000+ coaches", with its source when the owner declared it. */
    trustedBy: string | null;
    /** The page that says how reviews are verified (live store). */
    verificationPath: string | null;
    /** How many published reviews there are in all, and the page that lists every one (live store). */
    allReviews: { count: number; path: string } | null;
  } | null;
}

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();

/** The content file's testimonials as cards (sample data, or confirmed real by the owner). */
export const CONTENT_TESTIMONIALS: TestimonialCard[] = TESTIMONIALS.map((t) => ({
  name: t.name,
  detail: t.title,
  initials: t.avatar || initialsOf(t.name),
  rating: t.rating,
  comment: t.content,
}));

/** The specification's landing page, word for word: what a store in test mode shows. */
export const SAMPLE_FACTS: LandingFacts = {
  mode: "sample",
  priceCents: PRODUCT.priceCents,
  regularCents: PRODUCT.priceCents,
  reference: { cents: PRODUCT.listPriceCents, savePercent: PRODUCT.savePercent },
  promotion: { percent: PRODUCT.promoPercentOff, priceCents: PROMO_PRICE_CENTS, endsAt: null },
  proofCards: [
    ...SAMPLE_SALES.map((s) => ({
      kind: "sale" as const,
      customer: s.customer,
      location: s.location,
      at: s.timeAgo,
    })),
    ...SAMPLE_REVIEWS.map((r) => ({
      kind: "review" as const,
      customer: r.customer,
      rating: r.rating,
      comment: r.comment,
      at: r.timeAgo,
    })),
  ],
  testimonials: {
    summary: { rating: LANDING.testimonials.rating, reviews: LANDING.testimonials.reviews, source: null },
    cards: CONTENT_TESTIMONIALS,
    trustedBy: LANDING.testimonials.footer,
    verificationPath: null,
    allReviews: null,
  },
};

/** What a live store can always say truthfully: its regular price, and nothing else. */
export const regularPriceFacts: LandingFacts = {
  mode: "live",
  priceCents: PRODUCT.priceCents,
  regularCents: PRODUCT.priceCents,
  reference: null,
  promotion: null,
  proofCards: [],
  testimonials: null,
};
