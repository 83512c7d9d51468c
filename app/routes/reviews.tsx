/**
 * `/reviews`: every published review, newest first, a page at a time (`?page=2`), with the count
 * for each star rating, the average of all of them and the hidden ones by reason (16 CFR Part 465;
 * UCPD art. 7(6)). Rendered on the server per request and shipped without React: its links to the
 * next and previous pages work without JavaScript.
 */
import { data } from "react-router";
import { ReviewCounts } from "#app/components/review-counts.tsx";
import { Stars } from "#app/components/stars.tsx";
import { REVIEWS_PAGE_COPY as copy, REVIEWS_PATH, VERIFICATION_PATH } from "#app/content/reviews.ts";
// A standalone page script, not a worker: see home.tsx and ADR 008.
import legalScript from "#app/enhance/legal.ts?worker&url";
import { publicConfigOf } from "#app/lib/public-config.server.ts";
import { publishedReviewsPage, REVIEWS_PER_PAGE, reviewCounts } from "#app/lib/reviews/reviews.server.ts";
import { purchaseMonth } from "#app/lib/reviews/storefront-proof.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import type { PageHandle } from "#app/root.tsx";
import { needsDatabase } from "#app/routes/http.server.ts";
import { loadAsDocument } from "#app/routes/load-as-document.ts";
import type { Route } from "./+types/reviews";

export const handle: PageHandle = { script: legalScript };
export const clientLoader = loadAsDocument;

/** The address of page `page` of the list: the first is the page's own address. */
const pageHref = (page: number) => (page === 1 ? REVIEWS_PATH : `${REVIEWS_PATH}?page=${page}`);

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData && loaderData.page > 1 ? `${copy.title} (page ${loaderData.page})` : copy.title },
  { name: "description", content: copy.description },
  ...(loaderData
    ? [{ tagName: "link", rel: "canonical", href: `${loaderData.publicUrl}${pageHref(loaderData.page)}` }]
    : []),
];

/** Reviews and counts change with every review and every moderation: a minute of caching at most. */
export function headers() {
  return { "Cache-Control": "public, max-age=60" };
}

export const loader = needsDatabase(async ({ request, context }: Route.LoaderArgs) => {
  const param = new URL(request.url).searchParams.get("page");
  // One address per page: no "?page=1", no "?page=02", nothing that is not a page number.
  if (param !== null && !/^[1-9]\d{0,5}$/.test(param)) throw data(null, { status: 404 });
  const page = param === null ? 1 : Number(param);
  if (param === "1") throw data(null, { status: 404 });
  const db = context.get(servicesContext).database.db;
  const [counts, reviews] = await Promise.all([reviewCounts(db), publishedReviewsPage(db, page)]);
  const pages = Math.max(1, Math.ceil(counts.published / REVIEWS_PER_PAGE));
  if (page > pages) throw data(null, { status: 404 });
  return {
    publicUrl: publicConfigOf(context).publicUrl,
    page,
    pages,
    counts,
    reviews: reviews.map((review) => ({
      id: review.id,
      rating: review.rating,
      comment: review.comment,
      name: review.name,
      month: purchaseMonth(review.purchasedAt),
      publishedAt: review.publishedAt.toISOString(),
    })),
  };
});

export default function Reviews({ loaderData }: Route.ComponentProps) {
  const { page, pages, counts, reviews } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight md:text-4xl">{copy.title}</h1>
      <p className="mt-3 text-slate-700">{copy.intro}</p>
      <section className="mt-8 rounded-xl bg-slate-50 p-6" aria-labelledby="counts-title">
        <h2 id="counts-title" className="text-xl font-bold">
          {copy.countsTitle}
        </h2>
        <ReviewCounts counts={counts} />
        <p className="mt-4 text-sm">
          <a href={VERIFICATION_PATH} className="text-brand-700 underline underline-offset-4">
            {copy.how}
          </a>
        </p>
      </section>
      {reviews.length === 0 ? (
        <p className="mt-8 text-slate-700">{copy.none}</p>
      ) : (
        <ol className="mt-8 space-y-6" aria-label={copy.listLabel} data-testid="reviews">
          {reviews.map((review) => (
            <li
              key={review.id}
              className="rounded-2xl border border-slate-200 p-6"
              data-rating={review.rating}
            >
              <Stars rating={review.rating} />
              <blockquote className="mt-3 whitespace-pre-line text-slate-800 [overflow-wrap:anywhere]">
                {review.comment}
              </blockquote>
              <p className="mt-4 text-sm text-slate-700">
                <strong className="[overflow-wrap:anywhere]">{review.name}</strong>
                {" · "}
                {copy.verified(review.month)}
                {" · "}
                {copy.published}{" "}
                <time dateTime={review.publishedAt}>
                  {new Date(review.publishedAt).toLocaleDateString("en-US", {
                    dateStyle: "long",
                    timeZone: "UTC",
                  })}
                </time>
              </p>
            </li>
          ))}
        </ol>
      )}
      {pages > 1 && (
        <nav aria-label="Pages of reviews" className="mt-8 flex flex-wrap items-center justify-between gap-4">
          {page > 1 ? (
            <a href={pageHref(page - 1)} rel="prev" className="text-brand-700 underline underline-offset-4">
              {copy.newer}
            </a>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-700">{copy.pageOf(page, pages)}</span>
          {page < pages ? (
            <a href={pageHref(page + 1)} rel="next" className="text-brand-700 underline underline-offset-4">
              {copy.older}
            </a>
          ) : (
            <span />
          )}
        </nav>
      )}
    </article>
  );
}
