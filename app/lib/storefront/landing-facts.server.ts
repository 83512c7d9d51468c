/**
 * A live store's landing facts, from what the store has recorded: the price and the public
 * promotion running now (pricing/current-price.server.ts), and the sales and verified reviews
 * buyers allowed it to show (reviews/storefront-proof.server.ts). ADR 038.
 */
import type { Db } from "#app/lib/db/database.server.ts";
import { currentPrice } from "#app/lib/pricing/current-price.server.ts";
import { savePercent } from "#app/lib/pricing/price-arithmetic.ts";
import { storefrontProof } from "#app/lib/reviews/storefront-proof.server.ts";
import {
  CONTENT_TESTIMONIALS,
  initialsOf,
  type LandingFacts,
  type ProofCard,
  type TestimonialCard,
} from "./landing-facts.ts";

/** The testimonial grid holds two rows of three. */
const MAX_TESTIMONIALS = 6;

export async function liveLandingFacts(db: Db, now = new Date()): Promise<LandingFacts> {
  const [price, proof] = await Promise.all([currentPrice(db, now), storefrontProof(db, now)]);
  const { promotion } = price;
  const priceCents = promotion?.priceCents ?? price.regularCents;
  // A reduction is announced only against the lowest price of the 30 days before it began (Codice
  // del Consumo art. 17-bis), in its figure: a promotion at a price already charged in that window
  // lowers the price without a banner, a struck-through price or an offer.
  const reference =
    promotion && price.referenceCents && price.referenceCents > priceCents
      ? { cents: price.referenceCents, savePercent: savePercent(price.referenceCents, priceCents) }
      : null;

  const proofCards: ProofCard[] = [
    ...proof.recentSales.map((sale) => ({
      kind: "sale" as const,
      customer: sale.customer,
      location: sale.location,
      at: sale.paidAt.toISOString(),
    })),
    ...proof.newReviews.map((review) => ({
      kind: "review" as const,
      customer: review.customer,
      rating: review.rating,
      comment: review.comment,
      at: review.publishedAt.toISOString(),
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
    MAX_TESTIMONIALS,
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
    priceCents,
    regularCents: price.regularCents,
    reference,
    promotion: promotion &&
      reference && {
        percent: reference.savePercent,
        priceCents: promotion.priceCents,
        endsAt: promotion.endsAt.toISOString(),
      },
    proofCards,
    testimonials:
      summary || cards.length > 0 || trustedByText
        ? { summary, cards, trustedBy: trustedByText, verificationPath: proof.verificationPath }
        : null,
  };
}
