/**
 * `/review/{token}`: a buyer's review of their order (ADR 040). The token is the order's signed
 * review link (the success page and the review-request e-mail carry it). Only a paid order that is
 * not refunded, disputed or erased can be reviewed, once; the review is published at once with the
 * buyer's consent, marked "Verified buyer" with the month of purchase. The form posts as a
 * document, so the page works without JavaScript.
 */
import { data, Form, Link } from "react-router";
import { REVIEW_COPY, REVIEW_LIMITS, VERIFICATION_PATH } from "#app/content/reviews.ts";
import {
  parseReview,
  type ReviewField,
  reviewState,
  reviewTokenOrder,
  submitReview,
} from "#app/lib/reviews/reviews.server.ts";
import { purchaseMonth } from "#app/lib/reviews/storefront-proof.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import { field, needsDatabase, readForm } from "#app/routes/http.server.ts";
import type { Route } from "./+types/review";

export const meta: Route.MetaFunction = () => [
  { title: REVIEW_COPY.title },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers() {
  return { "Cache-Control": "no-store" };
}

type Closed = "reviewed" | "not-eligible" | "invalid";
const STATUS: Record<Closed, number> = { reviewed: 409, "not-eligible": 403, invalid: 404 };

export const loader = needsDatabase(async ({ params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  const state = await reviewState(
    services.database.db,
    reviewTokenOrder(services.settings.tokenSecrets, params.token),
  );
  if (state.kind !== "open") return data({ state: state.kind, month: null }, { status: STATUS[state.kind] });
  return { state: "open" as const, month: purchaseMonth(state.purchasedAt) };
});

export const action = needsDatabase(async ({ params, request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const orderId = reviewTokenOrder(services.settings.tokenSecrets, params.token);
  const db = services.database.db;
  const state = await reviewState(db, orderId);
  if (!orderId || state.kind !== "open") {
    return data(
      { done: state.kind as Closed, errors: null, values: null },
      { status: STATUS[state.kind as Closed] },
    );
  }
  const form = await readForm(request);
  const values = {
    rating: field(form, "rating"),
    comment: field(form, "comment"),
    name: field(form, "name"),
    consent: field(form, "consent"),
  };
  const parsed = parseReview(values);
  if (!parsed.ok) {
    // What the buyer typed comes back to the form, bounded like the form bounds it.
    const kept = {
      rating: values.rating.slice(0, 1),
      comment: values.comment.slice(0, REVIEW_LIMITS.comment),
      name: values.name.slice(0, REVIEW_LIMITS.name),
    };
    return data({ done: null, errors: parsed.errors, values: kept }, { status: 400 });
  }
  const result = await submitReview(db, orderId, parsed.review);
  if (result === "published") return { done: "published" as const, errors: null, values: null };
  return data({ done: result, errors: null, values: null }, { status: STATUS[result] });
});

const CLOSED_COPY: Record<Closed | "published", [string, string]> = {
  published: [REVIEW_COPY.thanksTitle, REVIEW_COPY.thanks],
  reviewed: [REVIEW_COPY.alreadyTitle, REVIEW_COPY.already],
  "not-eligible": [REVIEW_COPY.notEligibleTitle, REVIEW_COPY.notEligible],
  invalid: [REVIEW_COPY.invalidTitle, REVIEW_COPY.invalid],
};

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.done ?? (loaderData.state === "open" ? null : loaderData.state);
  if (done) {
    const [heading, text] = CLOSED_COPY[done];
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{heading}</h1>
        <p className="mt-4 text-slate-700">{text}</p>
        <p className="mt-8 flex flex-wrap justify-center gap-6">
          <Link to={VERIFICATION_PATH} className="text-brand-700 underline underline-offset-4">
            {REVIEW_COPY.how}
          </Link>
          <Link to="/" className="text-brand-700 underline underline-offset-4">
            {REVIEW_COPY.home}
          </Link>
        </p>
      </section>
    );
  }
  const errors: Partial<Record<ReviewField, string>> = actionData?.errors ?? {};
  const values = actionData?.values;
  const error = (name: ReviewField) =>
    errors[name] ? (
      <p id={`${name}-error`} role="alert" className="mt-1 text-sm text-red-700">
        {errors[name]}
      </p>
    ) : null;
  const described = (name: ReviewField, hint?: string) =>
    [hint, errors[name] ? `${name}-error` : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <section className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-3xl font-extrabold">{REVIEW_COPY.title}</h1>
      <p className="mt-3 text-slate-700">{REVIEW_COPY.intro}</p>
      {loaderData.month && (
        <p className="mt-2 text-sm text-slate-600">{REVIEW_COPY.verifiedNote(loaderData.month)}</p>
      )}
      <Form method="post" className="mt-8 space-y-6" noValidate>
        <fieldset aria-describedby={described("rating")}>
          <legend className="font-semibold">{REVIEW_COPY.rating}</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {[5, 4, 3, 2, 1].map((n) => (
              <label key={n} className="flex items-center gap-2 rounded-md border border-slate-300 px-3 py-2">
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  required
                  defaultChecked={values?.rating === String(n)}
                  className="accent-brand-700"
                />
                <span aria-hidden="true" className="text-amber-500">
                  {"★".repeat(n)}
                </span>
                <span className="sr-only">{REVIEW_COPY.stars(n)}</span>
              </label>
            ))}
          </div>
          {error("rating")}
        </fieldset>
        <div>
          <label htmlFor="comment" className="block font-semibold">
            {REVIEW_COPY.comment}
          </label>
          <textarea
            id="comment"
            name="comment"
            rows={6}
            required
            maxLength={REVIEW_LIMITS.comment}
            defaultValue={values?.comment}
            aria-describedby={described("comment", "comment-hint")}
            aria-invalid={errors.comment ? true : undefined}
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-base"
          />
          <p id="comment-hint" className="mt-1 text-xs text-slate-500">
            {REVIEW_COPY.commentHint}
          </p>
          {error("comment")}
        </div>
        <div>
          <label htmlFor="name" className="block font-semibold">
            {REVIEW_COPY.name}
          </label>
          <input
            id="name"
            name="name"
            required
            maxLength={REVIEW_LIMITS.name}
            autoComplete="given-name"
            defaultValue={values?.name}
            aria-describedby={described("name", "name-hint")}
            aria-invalid={errors.name ? true : undefined}
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-base"
          />
          <p id="name-hint" className="mt-1 text-xs text-slate-500">
            {REVIEW_COPY.nameHint}
          </p>
          {error("name")}
        </div>
        <div>
          <div className="flex items-start gap-2">
            <input
              id="consent"
              name="consent"
              type="checkbox"
              required
              aria-describedby={described("consent")}
              aria-invalid={errors.consent ? true : undefined}
              className="mt-1 size-4 shrink-0 accent-brand-700"
            />
            <label htmlFor="consent" className="text-sm text-slate-700">
              {REVIEW_COPY.consent}
            </label>
          </div>
          {error("consent")}
        </div>
        <button
          type="submit"
          className="w-full rounded-md bg-brand-700 px-4 py-3 text-lg font-bold text-white hover:bg-brand-800"
        >
          {REVIEW_COPY.submit}
        </button>
        <p className="text-center text-sm">
          <Link to={VERIFICATION_PATH} className="text-brand-700 underline underline-offset-4">
            {REVIEW_COPY.how}
          </Link>
        </p>
      </Form>
    </section>
  );
}
