/** "How It Works": the numbered steps from purchase to use, and the bonus box. */
import { Gift } from "lucide-react";
import { LANDING } from "#app/content/landing.ts";
import type { LandingFacts } from "#app/lib/storefront/landing-facts.ts";

/**
 * The steps, then the bonus items that come with the toolkit; the bonuses' "worth $200+" is the
 * specification's sample claim, which a live store has no basis for and leaves out (ADR 038).
 */
export function HowItWorks({ mode }: Pick<LandingFacts, "mode">) {
  const { how } = LANDING;
  return (
    <section className="render-when-visible bg-brand-900 py-16 text-white">
      <div className="mx-auto max-w-6xl px-4">
        <h2 className="text-center text-3xl font-extrabold">{how.title}</h2>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {how.steps.map((step, i) => (
            <li key={step.title} className="rounded-2xl bg-white/10 p-6">
              <span className="flex size-10 items-center justify-center rounded-full bg-white font-extrabold text-brand-900">
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-bold">{step.title}</h3>
              <p className="mt-2 text-brand-100">{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 rounded-2xl border-2 border-dashed border-amber-300 bg-amber-300/10 p-6 text-center">
          <p className="text-sm font-extrabold tracking-widest text-amber-300">{how.bonus.label}</p>
          <h3 className="mt-1 text-2xl font-bold">
            {mode === "sample" ? how.bonus.sampleTitle : how.bonus.title}
          </h3>
          <ul className="mt-3 flex flex-wrap justify-center gap-x-8 gap-y-2">
            {how.bonus.items.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <Gift aria-hidden="true" className="size-5 text-amber-300" /> {item}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
