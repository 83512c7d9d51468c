/** The 30-day money-back guarantee: its points and the promise. */
import { ShieldCheck } from "lucide-react";
import { LANDING } from "#app/content/landing.ts";

/** The guarantee section. */
export function Guarantee() {
  const { guarantee } = LANDING;
  return (
    <section
      className="render-when-visible mx-auto max-w-5xl px-4 py-16 text-center"
      aria-labelledby="guarantee-title"
    >
      <ShieldCheck aria-hidden="true" className="mx-auto size-14 text-emerald-600" />
      <h2 id="guarantee-title" className="mt-3 text-3xl font-extrabold">
        {guarantee.title}
      </h2>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {guarantee.points.map((point) => (
          <article key={point.title} className="rounded-2xl border border-emerald-200 bg-emerald-50 p-6">
            <h3 className="text-lg font-bold">{point.title}</h3>
            <p className="mt-2 text-slate-700">{point.text}</p>
          </article>
        ))}
      </div>
      <p className="mx-auto mt-8 max-w-2xl text-lg text-slate-700">{guarantee.promise}</p>
    </section>
  );
}
