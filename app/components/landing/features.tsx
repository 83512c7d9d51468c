/** What the toolkit contains and why coaches buy it: "What's Included", "Everything You Need", "Why Coaches Choose". */
import { BadgeCheck, Check, Gift, Palette, Star, Users } from "lucide-react";
import { LANDING } from "#app/content/landing.ts";

const INCLUDED_ICONS = [Palette, BadgeCheck, Check, Star, Users, Gift];

/** The six cards of what is in the download; the hero's secondary link points here. */
export function Included() {
  const { included } = LANDING;
  return (
    <section id="whats-included" className="mx-auto max-w-6xl px-4 py-16">
      <h2 className="text-center text-3xl font-extrabold">{included.title}</h2>
      <p className="mt-3 text-center text-slate-600">{included.intro}</p>
      <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {included.cards.map((card, i) => {
          const Icon = INCLUDED_ICONS[i] ?? Check;
          return (
            <article key={card.title} className="rounded-2xl border border-slate-200 p-6">
              <Icon aria-hidden="true" className="size-8 text-brand-700" />
              <h3 className="mt-4 text-lg font-bold">{card.title}</h3>
              <p className="mt-2 text-slate-600">{card.text}</p>
            </article>
          );
        })}
      </div>
      <p className="mt-10 text-center text-2xl font-extrabold text-brand-800">{included.total}</p>
    </section>
  );
}

/** The template families, each with its checklist. */
export function Everything() {
  const { everything } = LANDING;
  return (
    <section className="render-when-visible bg-slate-50 py-16">
      <div className="mx-auto max-w-6xl px-4">
        <h2 className="text-center text-3xl font-extrabold">{everything.title}</h2>
        <div className="mt-10 grid gap-6 md:grid-cols-2">
          {everything.blocks.map((block) => (
            <article key={block.title} className="rounded-2xl bg-white p-6 shadow-sm">
              <h3 className="text-xl font-bold">{block.title}</h3>
              <ul className="mt-3 space-y-2">
                {block.items.map((item) => (
                  <li key={item} className="flex gap-2 text-slate-700">
                    <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" /> {item}
                  </li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}

/** The five benefits. */
export function WhyChooseUs() {
  const { why } = LANDING;
  return (
    <section className="render-when-visible mx-auto max-w-6xl px-4 py-16">
      <h2 className="text-center text-3xl font-extrabold">{why.title}</h2>
      <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
        {why.benefits.map((benefit) => (
          <article key={benefit.title} className="rounded-2xl border border-slate-200 p-5">
            <h3 className="font-bold">{benefit.title}</h3>
            <p className="mt-2 text-sm text-slate-600">{benefit.text}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
