/**
 * The public counts of the store's reviews, as `/reviews` and `/how-reviews-are-verified` show
 * them: every published review with its average, how many have each star rating, and the hidden
 * ones by reason. Every star rating is listed, a zero included, so none is left out of sight.
 */
import {
  HIDDEN_REASON_EN,
  HIDDEN_REASONS,
  REVIEWS_PAGE_COPY,
  VERIFICATION_COPY,
} from "#app/content/reviews.ts";
import type { reviewCounts } from "#app/lib/reviews/reviews.server.ts";

export type ReviewCountsData = Awaited<ReturnType<typeof reviewCounts>>;

const STARS = [5, 4, 3, 2, 1] as const;

export function ReviewCounts({ counts }: { counts: ReviewCountsData }) {
  const copy = VERIFICATION_COPY;
  return (
    <ul className="mt-3 space-y-1 text-slate-800" data-testid="review-counts">
      <li>
        {copy.published(counts.published)}
        {counts.average && `, ${copy.average(counts.average)}`}
      </li>
      {STARS.map((stars) => (
        <li key={stars} className="ml-4 text-sm text-slate-700" data-stars={stars}>
          {`${REVIEWS_PAGE_COPY.stars(stars)}: ${counts.byRating[stars]}`}
        </li>
      ))}
      <li>{copy.hiddenCount(counts.hidden)}</li>
      {HIDDEN_REASONS.map((reason) => (
        <li key={reason} className="ml-4 text-sm text-slate-700">
          {copy.hiddenBy(HIDDEN_REASON_EN[reason], counts.hiddenByReason[reason] ?? 0)}
        </li>
      ))}
    </ul>
  );
}
