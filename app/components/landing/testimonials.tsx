/** "Loved by Coaches": the overall rating and the customers' testimonials. */
import { Stars } from "#app/components/stars.tsx";
import { LANDING } from "#app/content/landing.ts";
import { TESTIMONIALS } from "#app/content/site.ts";

/** The rating line, one card per testimonial, and the closing line. */
export function Testimonials() {
  const { testimonials } = LANDING;
  return (
    <section className="render-when-visible bg-slate-50 py-16" aria-labelledby="testimonials-title">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="testimonials-title" className="text-center text-3xl font-extrabold">
          {testimonials.title}
        </h2>
        <p className="mt-3 flex items-center justify-center gap-2 text-lg">
          <Stars rating={5} className="size-5" />
          <strong>{testimonials.rating}</strong>{" "}
          <span className="text-slate-600">{testimonials.reviews}</span>
        </p>
        <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <figure key={t.name} className="rounded-2xl bg-white p-6 shadow-sm">
              <Stars rating={t.rating} />
              <blockquote className="mt-3 text-slate-700">“{t.content}”</blockquote>
              <figcaption className="mt-4 flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800"
                >
                  {t.avatar}
                </span>
                <span>
                  <strong className="block">{t.name}</strong>
                  <span className="text-sm text-slate-500">{t.title}</span>
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
        <p className="mt-8 text-center font-semibold text-slate-700">{testimonials.footer}</p>
      </div>
    </section>
  );
}
