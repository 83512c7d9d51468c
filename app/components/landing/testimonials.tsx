/** "Loved by Coaches": the overall rating and the customers' testimonials. */
import { Link } from "react-router";
import { Stars } from "#app/components/stars.tsx";
import { LANDING } from "#app/content/landing.ts";
import type { LandingFacts } from "#app/lib/storefront/landing-facts.ts";

/**
 * The rating line, one card per testimonial, and the closing line; each part only when there is
 * something true to show (a live store: the newest verified reviews, or figures the owner declared
 * with their source), and beside them how many reviews there are in all, linking to the page that
 * lists every one, and the page that says how reviews are verified and chosen.
 */
export function Testimonials({ testimonials }: { testimonials: NonNullable<LandingFacts["testimonials"]> }) {
  const copy = LANDING.testimonials;
  const { summary, cards, trustedBy, verificationPath, allReviews } = testimonials;
  return (
    <section className="render-when-visible bg-slate-50 py-16" aria-labelledby="testimonials-title">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="testimonials-title" className="text-center text-3xl font-extrabold">
          {copy.title}
        </h2>
        {summary && (
          <p className="mt-3 flex flex-wrap items-center justify-center gap-2 text-lg">
            <Stars rating={Math.round(Number.parseFloat(summary.rating)) || 5} className="size-5" />
            <strong>{summary.rating}</strong> <span className="text-slate-600">{summary.reviews}</span>
            {summary.source && <span className="text-sm text-slate-500">{copy.source(summary.source)}</span>}
          </p>
        )}
        {(allReviews || verificationPath) && (
          <p className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-center text-sm">
            {allReviews && (
              <Link
                to={allReviews.path}
                className="font-semibold text-brand-700 underline underline-offset-4"
              >
                {copy.allReviews(allReviews.count)}
              </Link>
            )}
            {verificationPath && (
              <Link to={verificationPath} className="text-brand-700 underline underline-offset-4">
                {copy.verification}
              </Link>
            )}
          </p>
        )}
        {cards.length > 0 && (
          <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {cards.map((t) => (
              <figure key={`${t.name}|${t.comment}`} className="rounded-2xl bg-white p-6 shadow-sm">
                <Stars rating={t.rating} />
                <blockquote className="mt-3 text-slate-700">“{t.comment}”</blockquote>
                <figcaption className="mt-4 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
                  >
                    {t.initials}
                  </span>
                  <span>
                    <strong className="block">{t.name}</strong>
                    <span className="text-sm text-slate-500">{t.detail}</span>
                  </span>
                </figcaption>
              </figure>
            ))}
          </div>
        )}
        {trustedBy && <p className="mt-8 text-center font-semibold text-slate-700">{trustedBy}</p>}
      </div>
    </section>
  );
}
