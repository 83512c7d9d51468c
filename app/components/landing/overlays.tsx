/**
 * The landing page's overlays, as static markup: the page ships without React and
 * enhance/landing.ts runs them (timers, scroll, dialog) through the data-* hooks below.
 */
import { X } from "lucide-react";
import { Link } from "react-router";
import { Stars } from "#app/components/stars.tsx";
import { LANDING } from "#app/content/landing.ts";
import { TIMING } from "#app/content/site.ts";
import { CLAIMED_OFFER_PATH } from "#app/lib/checkout/claimed-offer.ts";
import { formatDuration, isoDuration } from "#app/lib/duration.ts";

/** The fixed promo banner: counts down 24 hours from page load, stops at zero, closes for this page view. */
export function PromoBanner() {
  const copy = LANDING.banner;
  return (
    <aside
      data-promo-banner
      aria-label="Limited time offer"
      className="sticky top-16 z-30 bg-gradient-to-r from-brand-900 to-brand-700 text-white"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-4 gap-y-1 px-10 py-2 text-sm">
        <strong>{copy.text}</strong>
        <span>
          {copy.endsIn}{" "}
          <time
            dateTime={isoDuration(TIMING.promoCountdownMs)}
            className="font-mono font-bold tabular-nums"
            data-testid="promo-countdown"
          >
            {formatDuration(TIMING.promoCountdownMs, true)}
          </time>
        </span>
        <Link
          to="/checkout"
          className="rounded bg-white px-3 py-1 font-bold text-brand-900 hover:bg-brand-50"
        >
          {copy.cta}
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
 * The region where canned "recent sale" and "new review" cards appear (first at 3 s, then every
 * 40 s, each visible 4 s), and one template for each kind; the script fills the `data-field`s and
 * raises the region above the sticky bar while that is shown.
 */
export function SocialProofPopup() {
  const copy = LANDING.socialProof;
  return (
    <>
      <div
        data-social-proof
        aria-live="polite"
        className="fixed bottom-4 left-4 z-40 w-[min(20rem,calc(100vw-2rem))] transition-[bottom]"
      />
      <template data-proof="sale">
        <div role="status" className={card}>
          {closeMark(copy.close)}
          <p className="text-xs font-bold tracking-wide text-emerald-700 uppercase">{copy.sale}</p>
          <p className="mt-1 text-sm">
            <strong data-field="customer" /> from <span data-field="location" />
          </p>
          <p className="text-sm text-slate-600" data-field="product" />
          <p className="mt-1 text-xs text-slate-500" data-field="timeAgo" />
        </div>
      </template>
      <template data-proof="review">
        <div role="status" className={card}>
          {closeMark(copy.close)}
          <p className="text-xs font-bold tracking-wide text-brand-700 uppercase">{copy.review}</p>
          <p className="mt-1 flex items-center gap-2 text-sm">
            <strong data-field="customer" />
            {/* Every sample review is rated 5 (SampleReview.rating). */}
            <Stars rating={5} className="size-3" />
          </p>
          <p className="text-sm text-slate-600">
            “<span data-field="comment" />”
          </p>
          <p className="mt-1 text-xs text-slate-500" data-field="timeAgo" />
        </div>
      </template>
    </>
  );
}

/** The bottom bar, shown once the page is scrolled beyond 500 px. */
export function StickyBar() {
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
          <p className="text-sm font-bold sm:text-base">{copy.title}</p>
          <p className="hidden text-sm text-slate-600 sm:block">{copy.detail}</p>
        </div>
        <Link
          to="/checkout"
          className="rounded-md bg-brand-700 px-3 py-2.5 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-800 sm:px-4 sm:text-base"
        >
          {copy.cta}
        </Link>
      </div>
    </div>
  );
}

/** Opens once per page view: when the pointer leaves through the top edge, or after 30 s. */
export function ExitIntentDialog() {
  const copy = LANDING.exitIntent;
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
        <h2 id="exit-title" className="text-2xl font-extrabold">
          {copy.title}
        </h2>
        <p className="mt-2 inline-block rounded-full bg-red-100 px-3 py-1 text-sm font-bold text-red-700">
          {copy.offer}
        </p>
        <p className="mt-3 text-slate-700">{copy.price}</p>
        <ul className="mt-4 space-y-1 text-left text-sm">
          {copy.bullets.map((bullet) => (
            <li key={bullet}>✓ {bullet}</li>
          ))}
        </ul>
        <Link
          to={CLAIMED_OFFER_PATH}
          className="mt-6 block rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800"
        >
          {copy.accept}
        </Link>
        <button type="button" data-close className="mt-3 text-sm text-slate-600 underline">
          {copy.decline}
        </button>
        <p className="mt-3 text-xs text-slate-500">{copy.note}</p>
      </div>
    </dialog>
  );
}
