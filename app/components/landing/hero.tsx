/** The landing page's first screen: headline, price, the two calls to action, badges and the hero picture. */
import { Check, Clock, Download, Palette, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { cta } from "#app/components/landing/call-to-action.tsx";
import { HeroMockup } from "#app/components/landing/mockups.tsx";
import { LANDING } from "#app/content/landing.ts";
import { formatCents, formatShortCents } from "#app/lib/money.ts";
import type { LandingFacts } from "#app/lib/storefront/landing-facts.ts";

const BADGE_ICONS = [Download, ShieldCheck, Palette];

/**
 * The hero section: the page's only h1, the price and the primary call to action. A struck-through
 * price and its saving show only while the price is reduced, "limited time" only while a promotion runs.
 */
export function Hero({ facts }: { facts: Pick<LandingFacts, "priceCents" | "reference" | "promotion"> }) {
  const { hero } = LANDING;
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 md:grid-cols-2 md:py-20">
        <div>
          <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">{hero.eyebrow}</p>
          <h1 className="mt-3 text-4xl leading-tight font-extrabold tracking-tight md:text-5xl">
            {hero.title}
          </h1>
          <p className="mt-5 text-lg text-slate-700">{hero.subtitle}</p>
          {/* The social-proof card keeps clear of the price and of the buttons (enhance/landing.ts). */}
          <div data-keep-clear className="mt-6 flex flex-wrap items-baseline gap-3">
            <span className="text-4xl font-extrabold" data-testid="hero-price">
              {formatCents(facts.priceCents)}
            </span>
            {facts.reference && (
              <>
                <s className="text-xl text-slate-500">
                  <span className="sr-only">Regular price </span>
                  {formatShortCents(facts.reference.cents)}
                </s>
                <span className="rounded-full bg-red-100 px-3 py-1 text-sm font-bold text-red-700">
                  {hero.save(facts.reference.savePercent)}
                </span>
              </>
            )}
            {facts.promotion && (
              <span className="inline-flex items-center gap-1 text-sm font-semibold text-amber-800">
                <Clock aria-hidden="true" className="size-4" /> {hero.limited}
              </span>
            )}
          </div>
          <div data-keep-clear className="mt-8 flex flex-wrap items-center gap-4">
            <Link to="/checkout" className={cta}>
              {hero.cta(formatShortCents(facts.priceCents))}
            </Link>
            <a href="#whats-included" className="font-semibold text-brand-700 underline underline-offset-4">
              {hero.secondary}
            </a>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-slate-700">
            {hero.badges.map((badge, i) => {
              const Icon = BADGE_ICONS[i] ?? Check;
              return (
                <li key={badge} className="flex items-center gap-2">
                  <Icon aria-hidden="true" className="size-5 text-emerald-600" /> {badge}
                </li>
              );
            })}
          </ul>
        </div>
        <div className="mx-auto w-full max-w-xl md:max-w-none">
          <HeroMockup alt={hero.imageAlt} />
        </div>
      </div>
    </section>
  );
}
