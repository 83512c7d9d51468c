/** Recensioni's pieces (ADR 040): one review with its moderation, the declared figures, the testimonials' confirmation. */
import { useFetcher } from "react-router";
import type { AdminActionData, ReviewsPageData } from "#app/components/admin/admin-types.ts";
import { useActionToast } from "#app/components/admin/use-action-toast.ts";
import { Stars } from "#app/components/stars.tsx";
import { ADMIN_REVIEWS_COPY as copy } from "#app/content/admin-reviews.ts";
import { HIDE_REASONS, type HideReason, REFUNDED_REASON } from "#app/content/reviews.ts";
import { dateTimeIt } from "#app/lib/admin/format-it.ts";

type Review = ReviewsPageData["reviews"][number];

const reasonIt = (reason: string | null) =>
  reason === REFUNDED_REASON
    ? copy.refunded
    : reason && reason in copy.reasons
      ? copy.reasons[reason as HideReason]
      : (reason ?? "");

const button =
  "rounded border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-50 disabled:opacity-50";
const input = "mt-1 w-full rounded border border-slate-300 px-2 py-1.5 text-sm";

export function ReviewItem({ review }: { review: Review }) {
  const fetcher = useFetcher<AdminActionData>();
  useActionToast(fetcher);
  const busy = fetcher.state !== "idle";
  return (
    <li
      className={`rounded-lg border p-4 text-sm ${review.hiddenReason ? "border-slate-200 bg-slate-50" : "border-slate-200"}`}
      data-testid="admin-review"
    >
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} />
        <strong>{review.name}</strong>
        <span className="text-slate-600">{copy.purchased(review.purchasedMonth)}</span>
        <span className="font-mono text-xs">
          {copy.order} {review.reference}
        </span>
        <span className="text-slate-600">
          {copy.written} {dateTimeIt(review.createdAt)}
        </span>
      </p>
      <p lang="en" className="mt-2 whitespace-pre-line break-words">
        {review.comment}
      </p>
      <p className="mt-2 font-semibold">
        {review.hiddenReason ? copy.hiddenState(reasonIt(review.hiddenReason)) : copy.shown}
      </p>
      {review.hiddenReason === REFUNDED_REASON ? null : review.hiddenReason ? (
        <fetcher.Form method="post" className="mt-2">
          <input type="hidden" name="reviewId" value={review.id} />
          <button type="submit" name="intent" value="review-show" className={button} disabled={busy}>
            {copy.show}
          </button>
        </fetcher.Form>
      ) : (
        <fetcher.Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
          <input type="hidden" name="reviewId" value={review.id} />
          <label className="text-sm">
            {copy.reasonLabel}
            <select name="reason" className={input} defaultValue="">
              <option value="">{copy.reasonChoose}</option>
              {HIDE_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {copy.reasons[reason]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" name="intent" value="review-hide" className={button} disabled={busy}>
            {copy.hide}
          </button>
        </fetcher.Form>
      )}
      {review.history.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer text-slate-600">{copy.history}</summary>
          <ul className="mt-1 space-y-0.5 text-slate-700">
            {review.history.map((entry) => (
              <li key={entry.id}>
                {dateTimeIt(entry.at)}:{" "}
                {entry.action === "hide" ? copy.historyHide(reasonIt(entry.reason)) : copy.historyShow},{" "}
                {copy.by(entry.by ?? copy.unknownBrowser)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

export function DeclaredFiguresForm({ declared }: { declared: ReviewsPageData["declared"] }) {
  const fetcher = useFetcher<AdminActionData>();
  useActionToast(fetcher);
  const fields: [string, string, string | undefined][] = [
    ["rating", copy.rating, declared.reviews?.rating],
    ["reviewCount", copy.reviewCount, declared.reviews?.count],
    ["reviewSource", copy.reviewSource, declared.reviews?.source],
    ["trustedBy", copy.trustedBy, declared.trustedBy?.figure],
    ["trustedBySource", copy.trustedBySource, declared.trustedBy?.source],
  ];
  return (
    <section aria-labelledby="declared-title" className="rounded-xl border border-slate-200 p-4">
      <h2 id="declared-title" className="text-lg font-bold">
        {copy.declaredTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{copy.declaredIntro}</p>
      <fetcher.Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
        {fields.map(([name, label, value]) => (
          <label key={name} className="text-sm">
            {label}
            <input name={name} maxLength={40} defaultValue={value ?? ""} className={input} />
          </label>
        ))}
        <div className="sm:col-span-2">
          <button type="submit" name="intent" value="proof-declared" className={button}>
            {copy.saveDeclared}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}

export function TestimonialsForm({ confirmed }: { confirmed: boolean }) {
  const fetcher = useFetcher<AdminActionData>();
  useActionToast(fetcher);
  return (
    <section aria-labelledby="testimonials-title" className="rounded-xl border border-slate-200 p-4">
      <h2 id="testimonials-title" className="text-lg font-bold">
        {copy.testimonialsTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{copy.testimonialsText}</p>
      <fetcher.Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="confirmed" defaultChecked={confirmed} className="mt-0.5" />
          {copy.testimonialsConfirm}
        </label>
        <button type="submit" name="intent" value="proof-testimonials" className={button}>
          {copy.saveTestimonials}
        </button>
      </fetcher.Form>
    </section>
  );
}
