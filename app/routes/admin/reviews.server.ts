/**
 * Recensioni at `/{ADMIN_PATH}/recensioni` (ADR 040): the reviews with their moderation, the
 * declared figures and the testimonials' confirmation; and the actions the page posts, called by
 * action.server.ts once the session and the origin are checked.
 */
import { data } from "react-router";
import { ADMIN_REVIEWS_COPY as copy } from "#app/content/admin-reviews.ts";
import { logger } from "#app/lib/logger.server.ts";
import { uploaderLabel } from "#app/lib/products/version-history.server.ts";
import {
  contentTestimonialsConfirmed,
  declaredProof,
  declaredProofSchema,
  setContentTestimonialsConfirmed,
  setDeclaredProof,
} from "#app/lib/reviews/declared-proof.server.ts";
import {
  hideReview,
  isHideReason,
  reviewCounts,
  reviewsForAdmin,
  showReview,
} from "#app/lib/reviews/reviews.server.ts";
import { purchaseMonth } from "#app/lib/reviews/storefront-proof.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { field } from "#app/routes/http.server.ts";

export async function loadReviewsPage(services: Services) {
  const db = services.database.db;
  const [list, counts, declared, confirmed] = await Promise.all([
    reviewsForAdmin(db),
    reviewCounts(db),
    declaredProof(db),
    contentTestimonialsConfirmed(db),
  ]);
  return {
    adminPath: services.settings.adminPath,
    counts,
    reviews: list.map((review) => ({
      id: review.id,
      rating: review.rating,
      comment: review.comment,
      name: review.name,
      reference: review.reference,
      purchasedMonth: purchaseMonth(review.purchasedAt),
      createdAt: review.createdAt.toISOString(),
      hiddenReason: review.hiddenAt ? review.hiddenReason : null,
      history: review.history.map((entry) => ({
        id: entry.id,
        action: entry.action,
        reason: entry.reason,
        by: entry.by,
        at: entry.at.toISOString(),
      })),
    })),
    declared,
    testimonialsConfirmed: confirmed,
  };
}

export type ReviewsPageData = Awaited<ReturnType<typeof loadReviewsPage>>;

export const REVIEW_INTENTS = new Set(["review-hide", "review-show", "proof-declared", "proof-testimonials"]);

const fail = (intent: string, message: string, status: number) =>
  data({ intent, ok: false, title: message, message }, { status });

const reviewIdOf = (form: FormData) => {
  const value = field(form, "reviewId");
  return /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null;
};

export async function handleReviewAction(
  services: Services,
  intent: string,
  form: FormData,
  request: Request,
) {
  const db = services.database.db;
  const by = uploaderLabel(request.headers.get("user-agent"));
  switch (intent) {
    case "review-hide": {
      const reviewId = reviewIdOf(form);
      if (reviewId === null) return fail(intent, copy.notFound, 404);
      const reason = field(form, "reason");
      if (!reason) return fail(intent, copy.noReason, 400);
      if (!isHideReason(reason)) return fail(intent, copy.badReason, 400);
      const result = await hideReview(db, { reviewId, reason, by });
      if (result === "not-found") return fail(intent, copy.notFound, 404);
      if (result === "unchanged") return fail(intent, copy.alreadyHidden, 409);
      logger.info({ reviewId, reason }, "review hidden");
      return { intent, ok: true, message: copy.hidden };
    }
    case "review-show": {
      const reviewId = reviewIdOf(form);
      if (reviewId === null) return fail(intent, copy.notFound, 404);
      const result = await showReview(db, { reviewId, by });
      if (result === "not-found") return fail(intent, copy.notFound, 404);
      if (result === "unchanged") return fail(intent, copy.alreadyShown, 409);
      logger.info({ reviewId }, "review shown again");
      return { intent, ok: true, message: copy.shownAgain };
    }
    case "proof-declared": {
      const value = (name: string) => field(form, name).trim();
      const group = <T extends Record<string, string>>(fields: T) =>
        Object.values(fields).every((v) => v === "") ? null : fields;
      const parsed = declaredProofSchema.safeParse({
        reviews: group({
          rating: value("rating"),
          count: value("reviewCount"),
          source: value("reviewSource"),
        }),
        trustedBy: group({ figure: value("trustedBy"), source: value("trustedBySource") }),
      });
      if (!parsed.success) return fail(intent, copy.declaredIncomplete, 400);
      await setDeclaredProof(db, parsed.data);
      return { intent, ok: true, message: copy.declaredSaved };
    }
    default: {
      const confirmed = field(form, "confirmed") === "on";
      await setContentTestimonialsConfirmed(db, confirmed);
      return { intent, ok: true, message: copy.testimonialsSaved(confirmed) };
    }
  }
}
