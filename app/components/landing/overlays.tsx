import { X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Stars } from "~/components/stars";
import { LANDING } from "~/content/landing";
import { SAMPLE_REVIEWS, SAMPLE_SALES, type SampleReview, type SampleSale, TIMING } from "~/content/site";
import { formatDuration, useCountdown } from "~/lib/use-countdown";

/** The fixed promo banner: counts down 24 hours from page load, stops at zero, closes for this page view. */
export function PromoBanner() {
  const [target, setTarget] = useState<number | null>(null);
  const [open, setOpen] = useState(true);
  useEffect(() => setTarget(Date.now() + TIMING.promoCountdownMs), []);
  const remaining = useCountdown(target);
  if (!open) return null;
  const copy = LANDING.banner;
  return (
    <aside
      aria-label="Limited time offer"
      className="sticky top-16 z-30 bg-gradient-to-r from-brand-900 to-brand-700 text-white"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-center gap-x-4 gap-y-1 px-10 py-2 text-sm">
        <strong>{copy.text}</strong>
        <span>
          {copy.endsIn}{" "}
          <time className="font-mono font-bold tabular-nums" data-testid="promo-countdown">
            {formatDuration(target === null ? TIMING.promoCountdownMs : remaining, true)}
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
        aria-label={copy.close}
        onClick={() => setOpen(false)}
        className="js-only absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 hover:bg-white/20"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}

type Proof = { kind: "sale"; item: SampleSale } | { kind: "review"; item: SampleReview };

const pick = <T,>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

/** Canned "recent sale" and "new review" cards: first at 3 s, then every 40 s, each visible 4 s. */
export function SocialProofPopup({ raised }: { raised: boolean }) {
  const [proof, setProof] = useState<Proof | null>(null);
  useEffect(() => {
    let hide: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      setProof(
        Math.random() < 0.5
          ? { kind: "sale", item: pick(SAMPLE_SALES) }
          : { kind: "review", item: pick(SAMPLE_REVIEWS) },
      );
      clearTimeout(hide);
      hide = setTimeout(() => setProof(null), TIMING.socialProofVisibleMs);
    };
    let every: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      show();
      every = setInterval(show, TIMING.socialProofEveryMs);
    }, TIMING.socialProofFirstMs);
    return () => {
      clearTimeout(first);
      clearTimeout(hide);
      clearInterval(every);
    };
  }, []);
  const copy = LANDING.socialProof;
  return (
    <div
      aria-live="polite"
      className={`fixed left-4 z-40 w-[min(20rem,calc(100vw-2rem))] transition-[bottom] ${raised ? "bottom-24 md:bottom-20" : "bottom-4"}`}
    >
      {proof && (
        <div
          role="status"
          className="relative rounded-xl border border-slate-200 bg-white p-4 pr-10 shadow-xl"
        >
          <button
            type="button"
            aria-label={copy.close}
            onClick={() => setProof(null)}
            className="absolute top-2 right-2 rounded p-1 text-slate-500 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
          {proof.kind === "sale" ? (
            <>
              <p className="text-xs font-bold tracking-wide text-emerald-700 uppercase">{copy.sale}</p>
              <p className="mt-1 text-sm">
                <strong>{proof.item.customer}</strong> from {proof.item.location}
              </p>
              <p className="text-sm text-slate-600">{proof.item.product}</p>
              <p className="mt-1 text-xs text-slate-500">{proof.item.timeAgo}</p>
            </>
          ) : (
            <>
              <p className="text-xs font-bold tracking-wide text-brand-700 uppercase">{copy.review}</p>
              <p className="mt-1 flex items-center gap-2 text-sm">
                <strong>{proof.item.customer}</strong>
                <Stars rating={proof.item.rating} className="size-3" />
              </p>
              <p className="text-sm text-slate-600">“{proof.item.comment}”</p>
              <p className="mt-1 text-xs text-slate-500">{proof.item.timeAgo}</p>
            </>
          )}
        </div>
      )}
    </div>
  );
}

/** The bottom bar shown once the page is scrolled beyond 500 px. */
export function useScrolledPast(threshold: number) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [threshold]);
  return past;
}

export function StickyBar({ visible }: { visible: boolean }) {
  const copy = LANDING.stickyBar;
  return (
    <div
      aria-hidden={!visible}
      inert={!visible}
      className={`fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] backdrop-blur transition-transform ${visible ? "translate-y-0" : "translate-y-full"}`}
      data-testid="sticky-bar"
    >
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <div>
          <p className="font-bold">{copy.title}</p>
          <p className="hidden text-sm text-slate-600 sm:block">{copy.detail}</p>
        </div>
        <Link
          to="/checkout"
          className="rounded-md bg-brand-700 px-4 py-2.5 font-semibold whitespace-nowrap text-white hover:bg-brand-800"
        >
          {copy.cta}
        </Link>
      </div>
    </div>
  );
}

/** Opens once per page view: when the pointer leaves through the top edge, or after 30 s. */
export function ExitIntentDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    let shown = false;
    const open = () => {
      if (shown || !ref.current) return;
      shown = true;
      ref.current.showModal();
      cleanup();
    };
    const onLeave = (event: MouseEvent) => {
      if (event.clientY <= 0 && !event.relatedTarget) open();
    };
    const timer = setTimeout(open, TIMING.exitIntentFallbackMs);
    document.addEventListener("mouseout", onLeave);
    const cleanup = () => {
      clearTimeout(timer);
      document.removeEventListener("mouseout", onLeave);
    };
    return cleanup;
  }, []);
  const copy = LANDING.exitIntent;
  const close = () => ref.current?.close();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click has its keyboard twin in Escape, which <dialog> handles
    <dialog
      ref={ref}
      aria-labelledby="exit-title"
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto w-[min(92vw,30rem)] rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/60"
    >
      <div className="relative p-6 text-center">
        <button
          type="button"
          aria-label={copy.close}
          onClick={close}
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
          to="/checkout"
          className="mt-6 block rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800"
        >
          {copy.accept}
        </Link>
        <button type="button" onClick={close} className="mt-3 text-sm text-slate-600 underline">
          {copy.decline}
        </button>
        <p className="mt-3 text-xs text-slate-500">{copy.note}</p>
      </div>
    </dialog>
  );
}
