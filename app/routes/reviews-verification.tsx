/**
 * `/how-reviews-are-verified`: how the store's reviews are verified (ADR 040; Codice del Consumo
 * art. 22(5-bis)): who can review, once per order, "Verified buyer" with the month, what is hidden
 * and why, which reviews the home page shows (the newest, whatever their rating), and today's
 * counts, read per request.
 */
import { Link } from "react-router";
import { ReviewCounts } from "#app/components/review-counts.tsx";
import { VERIFICATION_COPY as copy, REVIEWS_PATH } from "#app/content/reviews.ts";
import { reviewCounts } from "#app/lib/reviews/reviews.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/reviews-verification";

export const meta: Route.MetaFunction = () => [
  { title: copy.title },
  { name: "description", content: copy.description },
];

/** Counts change with every review and every moderation: a minute of caching at most. */
export function headers() {
  return { "Cache-Control": "public, max-age=60" };
}

export const loader = needsDatabase(async ({ context }: Route.LoaderArgs) =>
  reviewCounts(context.get(servicesContext).database.db),
);

export default function ReviewsVerification({ loaderData: counts }: Route.ComponentProps) {
  const sections: [string, string][] = [
    [copy.whoTitle, copy.who],
    [copy.onceTitle, copy.once],
    [copy.badgeTitle, copy.badge],
    [copy.hiddenTitle, copy.hidden],
    [copy.shownTitle, copy.shown],
    [copy.otherSourcesTitle, copy.otherSources],
  ];
  return (
    <article className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-extrabold">{copy.title}</h1>
      {sections.map(([title, text]) => (
        <section key={title} className="mt-8">
          <h2 className="text-xl font-bold">{title}</h2>
          <p className="mt-2 text-slate-700">{text}</p>
        </section>
      ))}
      <section className="mt-8 rounded-xl bg-slate-50 p-6" aria-labelledby="counts-title">
        <h2 id="counts-title" className="text-xl font-bold">
          {copy.countsTitle}
        </h2>
        <ReviewCounts counts={counts} />
        <p className="mt-4">
          <Link to={REVIEWS_PATH} className="text-brand-700 underline underline-offset-4">
            {copy.allReviews}
          </Link>
        </p>
      </section>
    </article>
  );
}
