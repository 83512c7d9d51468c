/**
 * Recensioni at `/{ADMIN_PATH}/recensioni` (ADR 040): the verified reviews, hidden only for a
 * stated reason and shown again, with their log; the figures the owner declares with their
 * source; and whether the site's own testimonials are confirmed real.
 */
import { Link } from "react-router";
import { AdminShell } from "#app/components/admin/admin-shell.tsx";
import { DeclaredFiguresForm, ReviewItem, TestimonialsForm } from "#app/components/admin/reviews-section.tsx";
import { ADMIN_REVIEWS_COPY as copy } from "#app/content/admin-reviews.ts";
import { VERIFICATION_PATH } from "#app/content/reviews.ts";
import { adminAction } from "#app/routes/admin/action.server.ts";
import { adminPage } from "#app/routes/admin/guard.server.ts";
import { adminHandle, adminHeaders, adminMeta } from "#app/routes/admin/page-handle.ts";
import { loadReviewsPage } from "#app/routes/admin/reviews.server.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/reviews";

export const handle = adminHandle;
export const meta = () => adminMeta(copy.title);
export const headers = adminHeaders;

export const loader = needsDatabase(async (args: Route.LoaderArgs) => loadReviewsPage(await adminPage(args)));

export const action = needsDatabase((args: Route.ActionArgs) => adminAction(args));

export default function ReviewsPage({ loaderData: data }: Route.ComponentProps) {
  return (
    <AdminShell adminPath={data.adminPath} title={copy.title}>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">{copy.intro}</p>
      <p className="mt-2 text-sm">
        <strong data-testid="review-counts">{copy.counts(data.counts.published, data.counts.hidden)}</strong>
        {" · "}
        <Link to={VERIFICATION_PATH} reloadDocument className="text-brand-700 underline">
          {copy.verificationLink}
        </Link>
      </p>
      <section aria-labelledby="reviews-title" className="mt-6">
        <h2 id="reviews-title" className="text-xl font-bold">
          {copy.listTitle}
        </h2>
        {data.reviews.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{copy.empty}</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {data.reviews.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </ul>
        )}
      </section>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <DeclaredFiguresForm declared={data.declared} />
        <TestimonialsForm confirmed={data.testimonialsConfirmed} />
      </div>
    </AdminShell>
  );
}
