/**
 * The landing page's overlays, as static markup: the page ships without React and
 * enhance/landing.ts runs them (timers, scroll, dialog) through the data-* hooks below. Their
 * figures come from the landing facts (ADR 038): the specification's samples in test mode, the
 * store's records in a live store, where an overlay with nothing true to show is not rendered.
 */
import { X } from "lucide-react";
import { Link } from "react-router";
import { Stars } from "#app/components/stars.tsx";
import { LANDING } from "#app/content/landing.ts";
import { TIMING } from "#app/content/site.ts";
import { CLAIMED_OFFER_PATH } from "#app/lib/checkout/claimed-offer.ts";
import { formatDuration, isoDuration } from "#app/lib/duration.ts";
import { formatCents, formatShortCents } from "#app/lib/money.ts";
import { promotionEnd } from "#app/lib/pricing/rome-time.ts";
import type { LandingFacts, PromotionFacts } from "#app/lib/storefront/landing-facts.ts";

/**
 * The promo banner. The sample counts down 24 hours from page load and stops at zero; a live
 * promotion counts down to its recorded end, the same instant for every visitor, and is gone at
 * zero. It closes for this page view.
 */
export function PromoBanner({ promotion }: { promotion: PromotionFacts }) {
  // The checkout already charges a live promotion's price to everyone; the specification's button
  // leads to the checkout and its own offer.
  const copy = LANDING.banner;
  const { endsAt } = promotion;
  return (
    <aside
      data-promo-banner
      aria-label="Limited time offer"
      className="sticky top-16 z-30 bg-gradient-to-r from-brand-900 to-brand-700 text-white"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-4 gap-y-1 py-2 pr-9 pl-4 text-sm sm:px-10">
        {/* On a phone the offer fills the first line, the countdown and the button share the second. */}
        <strong className="basis-full text-center sm:basis-auto">
          {copy.text(promotion.percent, formatShortCents(promotion.priceCents))}
        </strong>
        <span>
          <span data-ends-label data-counting={copy.endsIn}>
            {endsAt ? copy.endsOn : copy.endsIn}
          </span>{" "}
          <time
            dateTime={endsAt ?? isoDuration(TIMING.promoCountdownMs)}
            data-ends-at={endsAt ?? undefined}
            className="font-mono font-bold tabular-nums"
            data-testid="promo-countdown"
          >
            {endsAt ? promotionEnd(new Date(endsAt)) : formatDuration(TIMING.promoCountdownMs, true)}
          </time>
        </span>
        <Link
          to="/checkout"
          className="rounded bg-white px-3 py-1 font-bold text-brand-900 hover:bg-brand-50"
        >
          {copy.cta(promotion.percent)}
        </Link>
      </div>
      <button
        type="button"
        data-close
        aria-label={copy.close}
        className="js-only absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 hover:bg-white/20"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}

const closeMark = (label: string) => (
  <button
    type="button"
    data-close
    aria-label={label}
    className="absolute top-2 right-2 rounded p-1 text-slate-500 hover:bg-slate-100"
  >
    <X aria-hidden="true" className="size-4" />
  </button>
);

const card = "relative rounded-xl border border-slate-200 bg-white p-4 pr-10 shadow-xl";

/**
 * The region where "recent sale" and "new review" cards appear (first at 3 s, then every 40 s, each
 * visible 4 s), the cards it draws from as JSON, and one template for each kind; the script fills
 * the `data-field`s and raises the region above the sticky bar while that is shown. With no cards
 * (a live store without sales or reviews to show) none of it is rendered.
 */
export function SocialProofPopup({
  mode,
  cards,
}: Pick<LandingFacts, "mode"> & { cards: LandingFacts["proofCards"] }) {
  const copy = LANDING.socialProof;
  if (cards.length === 0) return null;
  // "<" written as \u003c: no text of a card can end the script element.
  const json = JSON.stringify({ mode, cards }).replaceAll("<", "\\u003c");
  return (
    <>
      <div
        data-social-proof
        aria-live="polite"
        className="fixed bottom-4 left-4 z-40 w-[min(20rem,calc(100vw-2rem))] transition-[bottom]"
      />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data, its "<" escaped above. */}
      <script type="application/json" data-proof-cards dangerouslySetInnerHTML={{ __html: json }} />
      <template data-proof="sale">
        <div role="status" className={card}>
          {closeMark(copy.close)}
          <p className="text-xs font-bold tracking-wide text-emerald-700 uppercase">{copy.sale}</p>
          <p className="mt-1 text-sm">
            <strong data-field="customer" /> from <span data-field="location" />
          </p>
          <p className="text-sm text-slate-600">{copy.purchased}</p>
          <p className="mt-1 text-xs text-slate-500" data-field="at" />
        </div>
      </template>
      <template data-proof="review">
        <div role="status" className={card}>
          {closeMark(copy.close)}
          <p className="text-xs font-bold tracking-wide text-brand-700 uppercase">{copy.review}</p>
          <p className="mt-1 flex items-center gap-2 text-sm">
            <strong data-field="customer" />
            {/* Five stars, of which the script keeps as many as the review's rating. */}
            <Stars rating={5} className="size-3" />
          </p>
          <p className="text-sm text-slate-600">
            “<span data-field="comment" />”
          </p>
          <p className="mt-1 text-xs text-slate-500" data-field="at" />
        </div>
      </template>
    </>
  );
}

/** The bottom bar, shown once the page is scrolled beyond 500 px, with the price every buyer pays now. */
export function StickyBar({ priceCents }: { priceCents: number }) {
  const price = formatShortCents(priceCents);
  const copy = LANDING.stickyBar;
  return (
    <div
      data-sticky-bar
      aria-hidden="true"
      inert
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur transition-transform aria-hidden:translate-y-full"
      data-testid="sticky-bar"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-3">
        <div className="min-w-0">
          <p className="text-sm font-bold sm:text-base">{copy.title(price)}</p>
          <p className="hidden text-sm text-slate-600 sm:block">{copy.detail}</p>
        </div>
        <Link
          to="/checkout"
          className="rounded-md bg-brand-700 px-3 py-2.5 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-800 sm:px-4 sm:text-base"
        >
          {copy.cta(price)}
        </Link>
      </div>
    </div>
  );
}

/**
 * Offers the running promotion once per browser: when the pointer leaves through the top edge, or
 * after 30 s, unless this browser has seen it before (enhance/landing.ts keeps that). Test mode
 * shows the specification's one-time offer as written; a live store names its public promotion and
 * its real end, at the price the checkout charges everyone anyway, with a neutral "No thanks".
 */
export function ExitIntentDialog({
  promotion,
  insteadOfCents,
}: {
  promotion: PromotionFacts;
  /**
   * The price the promotion is announced against: the regular price in the sample; in a live
   * store the lowest price of the 30 days before it began, the one its percentage is computed on.
   */
  insteadOfCents: number;
}) {
  const copy = LANDING.exitIntent;
  const live = promotion.endsAt !== null;
  const price = formatShortCents(promotion.priceCents);
  return (
    <dialog
      data-exit-intent
      aria-labelledby="exit-title"
      className="m-auto w-[min(92vw,30rem)] rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/60"
    >
      <div className="relative p-6 text-center">
        <button
          type="button"
          data-close
          aria-label={copy.close}
          className="absolute top-3 right-3 rounded p-1 text-slate-500 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
        <h2 id="exit-title" className="px-8 text-2xl font-extrabold">
          {copy.title}
        </h2>
        <p className="mt-2 inline-block rounded-full bg-red-100 px-3 py-1 text-sm font-bold text-red-700">
          {promotion.endsAt
            ? copy.live.offer(promotion.percent, promotionEnd(new Date(promotion.endsAt)))
            : copy.offer(promotion.percent)}
        </p>
        <p className="mt-3 text-slate-700">{copy.price(price, formatShortCents(insteadOfCents))}</p>
        <ul className="mt-4 space-y-1 text-left text-sm">
          {copy.bullets.map((bullet) => (
            <li key={bullet}>✓ {bullet}</li>
          ))}
        </ul>
        <Link
          to={live ? "/checkout" : CLAIMED_OFFER_PATH}
          className="mt-6 block rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800"
        >
          {live ? copy.live.accept(formatCents(promotion.priceCents)) : copy.accept(promotion.percent)}
        </Link>
        <button type="button" data-close className="mt-3 text-sm text-slate-600 underline">
          {live ? copy.live.decline : copy.decline}
        </button>
        {!live && <p className="mt-3 text-xs text-slate-500">{copy.note}</p>}
      </div>
    </dialog>
  );
}
