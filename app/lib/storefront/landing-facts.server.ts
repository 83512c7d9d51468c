/**
 * A live store's landing facts, from what the store has recorded: the price every buyer pays now
 * and the public promotion it announces (pricing/public-price.server.ts), and the sales and
 * verified reviews buyers allowed it to show (reviews/storefront-proof.server.ts). ADR 038.
 */
import { TESTIMONIALS_SHOWN } from "#app/content/reviews.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { publicPrice } from "#app/lib/pricing/public-price.server.ts";
import { storefrontProof } from "#app/lib/reviews/storefront-proof.server.ts";
import {
  CONTENT_TESTIMONIALS,
  initialsOf,
  type LandingFacts,
  type ProofCard,
  type TestimonialCard,
} from "./landing-facts.ts";

/** A card's time: the page words it to the minute ("15 minutes ago"), so no finer time is published. */
const toTheMinute = (at: Date) => new Date(at.getTime() - (at.getTime() % 60_000)).toISOString();

export async function liveLandingFacts(db: Db, now = new Date()): Promise<LandingFacts> {
  const [price, proof] = await Promise.all([publicPrice(db, false, now), storefrontProof(db, now)]);
  const { promotion } = price;

  const proofCards: ProofCard[] = [
    ...proof.recentSales.map((sale) => ({
      kind: "sale" as const,
      customer: sale.customer,
      location: sale.location,
      at: toTheMinute(sale.paidAt),
    })),
    ...proof.newReviews.map((review) => ({
      kind: "review" as const,
      customer: review.customer,
      rating: review.rating,
      comment: review.comment,
      at: toTheMinute(review.publishedAt),
    })),
  ];

  const verified: TestimonialCard[] = proof.testimonials.map((t) => ({
    name: t.name,
    detail: `Verified buyer · ${t.purchasedMonth}`,
    initials: initialsOf(t.name),
    rating: t.rating,
    comment: t.comment,
  }));
  const cards = [...verified, ...(proof.contentTestimonialsConfirmed ? CONTENT_TESTIMONIALS : [])].slice(
    0,
    TESTIMONIALS_SHOWN,
  );
  const { reviewSummary, trustedBy } = proof;
  const summary =
    reviewSummary?.kind === "verified"
      ? { rating: `${reviewSummary.average}/5`, reviews: `(${reviewSummary.count} reviews)`, source: null }
      : reviewSummary?.kind === "declared"
        ? {
            rating: reviewSummary.rating,
            reviews: `(${reviewSummary.reviews})`,
            source: reviewSummary.source,
          }
        : null;
  const trustedByText =
    trustedBy &&
    `trusted by ${trustedBy.figure} coaches${trustedBy.source ? ` (source: ${trustedBy.source})` : ""}`;

  return {
    mode: "live",
    priceCents: price.priceCents,
    regularCents: price.regularCents,
    reference: price.reference,
    promotion: promotion && { ...promotion, endsAt: promotion.endsAt.toISOString() },
    proofCards,
    testimonials:
      summary || cards.length > 0 || trustedByText
        ? {
            summary,
            cards,
            trustedBy: trustedByText,
            verificationPath: proof.verificationPath,
            allReviews: proof.allReviews.count > 0 ? proof.allReviews : null,
          }
        : null,
  };
}
