/**
 * The landing page ships without React: this script (loaded by root.tsx through the route's
 * `handle.script`) runs its overlays on the static markup of components/landing/overlays.tsx.
 * Timings are the spec's (TIMING). The countdown is computed from its target time, so a tab that
 * slept in the background is right when it wakes: the sample's target is 24 hours after this page
 * view, a live promotion's its recorded end (`data-ends-at`), the same for every visitor.
 */
import { TIMING } from "#app/content/site.ts";
import { enhanceMenu, markScripted } from "#app/enhance/menu.ts";
import { formatDuration, isoDuration } from "#app/lib/duration.ts";
import type { LandingFacts, ProofCard } from "#app/lib/storefront/landing-facts.ts";

const find = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector);

function promoBanner(banner: HTMLElement) {
  const clock = banner.querySelector("time")!;
  const endsAt = clock.dataset.endsAt;
  const target = endsAt ? Date.parse(endsAt) : Date.now() + TIMING.promoCountdownMs;
  // "Ends 30 Nov 2026, 23:59 CET" without the script; "Ends in 23:59:59" with it.
  const label = banner.querySelector<HTMLElement>("[data-ends-label]");
  if (label?.dataset.counting) label.textContent = label.dataset.counting;
  const tick = () => {
    const left = Math.max(0, target - Date.now());
    clock.textContent = formatDuration(left, true);
    // "24:00:00" is no valid time string; the duration it shows is (`PT23H59M59S`).
    clock.dateTime = isoDuration(left);
    if (left > 0) return;
    clearInterval(timer);
    // A promotion that has ended is no longer offered; the sample stops at zero.
    if (endsAt) banner.hidden = true;
  };
  const timer = setInterval(tick, 1000);
  tick();
  banner.querySelector("[data-close]")?.addEventListener("click", () => {
    clearInterval(timer);
    banner.hidden = true;
  });
}

/**
 * Where the social-proof card sits: bottom-left, above the sticky bar while it shows, and above
 * the hero's price and buttons while they are where the card would cover them (a laptop's or a
 * phone's first screen). Returns false when no place is free: between the top bars and the price
 * (a short phone screen), where the card is then not shown.
 */
function placeProof(region: HTMLElement, bar: HTMLElement | null, keepClear: HTMLElement[]): boolean {
  const card = region.firstElementChild;
  let bottom = 16;
  if (bar && bar.ariaHidden === "false") bottom += bar.offsetHeight;
  if (card && keepClear.length > 0) {
    const height = card.clientHeight;
    const cardRight = region.getBoundingClientRect().right;
    const covered = keepClear
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.left < cardRight && box.bottom > 0 && box.top < window.innerHeight);
    const cardTop = window.innerHeight - bottom - height;
    const top = Math.min(...covered.map((box) => box.top));
    if (covered.some((box) => box.bottom > cardTop && box.top < window.innerHeight - bottom)) {
      bottom = window.innerHeight - top + 8;
      // The header and the banner stay at the top: the card must fit below them.
      const topBars = Math.max(
        0,
        ...[...document.querySelectorAll<HTMLElement>("header, [data-promo-banner]")]
          .filter((element) => !element.hidden)
          .map((element) => element.getBoundingClientRect().bottom),
      );
      if (window.innerHeight - bottom - height < topBars + 8) return false;
    }
  }
  region.style.bottom = `${bottom}px`;
  return true;
}

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

const relativeTime = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "15 minutes ago" (or "just now") for an instant; the sample's cards carry their text as it is. */
function timeAgo(at: string, mode: LandingFacts["mode"]): string {
  if (mode === "sample") return at;
  const seconds = Math.round((Date.parse(at) - Date.now()) / 1000);
  const units = [
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
  ] as const;
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relativeTime.format(Math.round(seconds / size), unit);
  }
  return "just now";
}

function socialProof(region: HTMLElement, place: () => boolean) {
  const data = find("script[data-proof-cards]")?.textContent;
  if (!data) return;
  const { mode, cards } = JSON.parse(data) as { mode: LandingFacts["mode"]; cards: ProofCard[] };
  const templates = {
    sale: find<HTMLTemplateElement>("template[data-proof=sale]")!,
    review: find<HTMLTemplateElement>("template[data-proof=review]")!,
  };
  let hide: ReturnType<typeof setTimeout> | undefined;
  const clear = () => region.replaceChildren();
  const show = () => {
    const item = pick(cards);
    const card = templates[item.kind].content.cloneNode(true) as DocumentFragment;
    for (const field of card.querySelectorAll<HTMLElement>("[data-field]")) {
      const name = field.dataset.field;
      field.textContent =
        name === "at" ? timeAgo(item.at, mode) : String((item as Record<string, unknown>)[name ?? ""] ?? "");
    }
    if (item.kind === "review") {
      const stars = card.querySelector<HTMLElement>("[role=img]");
      stars?.setAttribute("aria-label", `${item.rating} out of 5 stars`);
      for (const star of [...(stars?.children ?? [])].slice(item.rating)) star.remove();
    }
    card.querySelector("[data-close]")?.addEventListener("click", clear);
    // A new card appears where it belongs; the region glides only when the sticky bar moves it.
    region.style.transition = "none";
    region.replaceChildren(card);
    clearTimeout(hide);
    const placed = place();
    void region.offsetHeight;
    region.style.transition = "";
    if (!placed) return;
    hide = setTimeout(clear, TIMING.socialProofVisibleMs);
  };
  setTimeout(() => {
    show();
    setInterval(show, TIMING.socialProofEveryMs);
  }, TIMING.socialProofFirstMs);
}

/** Shown beyond 500 px of scrolling; the social-proof card moves with it (`place`). */
function stickyBar(bar: HTMLElement, place: () => void) {
  const update = () => {
    const past = window.scrollY > TIMING.stickyBarScrollPx;
    bar.setAttribute("aria-hidden", String(!past));
    bar.inert = !past;
    place();
  };
  window.addEventListener("scroll", update, { passive: true });
  // The bar's height changes with the width (its text wraps on small screens). The observer's
  // first call, after the first layout, also covers a page restored below 500 px; calling update
  // here instead would force that layout while the page is still loading (reading scrollY does).
  new ResizeObserver(update).observe(bar);
}

/** Where this browser remembers that it was shown the exit offer, which is never shown again. */
const EXIT_OFFER_SEEN = "exit-offer-seen";

/** Whether this browser has seen the exit offer; a browser that keeps no storage is asked once per page view. */
function exitOfferSeen(): boolean {
  try {
    return localStorage.getItem(EXIT_OFFER_SEEN) !== null;
  } catch {
    return false;
  }
}

function exitIntent(dialog: HTMLDialogElement) {
  if (exitOfferSeen()) return;
  const open = () => {
    stop();
    // "This offer won't be shown again": not in this tab, nor after a reload, nor in another tab.
    if (exitOfferSeen()) return;
    try {
      localStorage.setItem(EXIT_OFFER_SEEN, new Date().toISOString());
    } catch {
      // Storage refused (a private window's quota): the offer still opens once in this page view.
    }
    dialog.showModal();
  };
  const onLeave = (event: MouseEvent) => {
    if (event.clientY <= 0 && !event.relatedTarget) open();
  };
  const timer = setTimeout(open, TIMING.exitIntentFallbackMs);
  document.addEventListener("mouseout", onLeave);
  // Whichever comes first removes both triggers.
  const stop = () => {
    clearTimeout(timer);
    document.removeEventListener("mouseout", onLeave);
  };
  // The close icon, "No thanks" and a click on the backdrop (the dialog itself) close it; so does
  // Escape, natively. The browser moves focus in on open and back on close.
  dialog.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (target === dialog || target.closest("[data-close]")) dialog.close();
  });
}

markScripted();
enhanceMenu();
const banner = find("[data-promo-banner]");
if (banner) promoBanner(banner);
const proof = find("[data-social-proof]");
const bar = find("[data-sticky-bar]");
const keepClear = [...document.querySelectorAll<HTMLElement>("[data-keep-clear]")];
// Measures only while a card is shown; a card with no free place is taken away.
const place = () => {
  if (!proof?.firstElementChild) return true;
  if (placeProof(proof, bar, keepClear)) return true;
  proof.replaceChildren();
  return false;
};
if (proof) socialProof(proof, place);
if (bar) stickyBar(bar, place);
const dialog = find<HTMLDialogElement>("dialog[data-exit-intent]");
if (dialog) exitIntent(dialog);
