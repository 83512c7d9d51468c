/**
 * The landing page ships without React: this script (loaded by root.tsx through the route's
 * `handle.script`) runs its overlays on the static markup of components/landing/overlays.tsx.
 * Timings are the spec's (TIMING); the countdown is computed from its target time, so a tab that
 * slept in the background is right when it wakes.
 */
import { SAMPLE_REVIEWS, SAMPLE_SALES, TIMING } from "#app/content/site.ts";
import { enhanceMenu, markScripted } from "#app/enhance/menu.ts";
import { formatDuration, isoDuration } from "#app/lib/duration.ts";

const find = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector);

function promoBanner(banner: HTMLElement) {
  const clock = banner.querySelector("time")!;
  const target = Date.now() + TIMING.promoCountdownMs;
  const tick = () => {
    const left = Math.max(0, target - Date.now());
    clock.textContent = formatDuration(left, true);
    // "24:00:00" is no valid time string; the duration it shows is (`PT23H59M59S`).
    clock.dateTime = isoDuration(left);
    if (left === 0) clearInterval(timer);
  };
  const timer = setInterval(tick, 1000);
  tick();
  banner.querySelector("[data-close]")?.addEventListener("click", () => {
    clearInterval(timer);
    banner.hidden = true;
  });
}

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

/**
 * Where the social-proof card sits: bottom-left, above the sticky bar while it shows, and above
 * the hero's buttons while they are where the card would cover them (a laptop's first screen).
 */
function placeProof(region: HTMLElement, bar: HTMLElement | null, keepClear: HTMLElement | null) {
  const card = region.firstElementChild;
  let bottom = 16;
  if (bar && bar.ariaHidden === "false") bottom += bar.offsetHeight;
  if (card && keepClear) {
    const cardTop = window.innerHeight - bottom - card.clientHeight;
    const buttons = keepClear.getBoundingClientRect();
    const covers =
      buttons.left < region.getBoundingClientRect().right &&
      buttons.bottom > cardTop &&
      buttons.top < window.innerHeight - bottom;
    if (covers) bottom = window.innerHeight - buttons.top + 8;
  }
  region.style.bottom = `${bottom}px`;
}

function socialProof(region: HTMLElement, place: () => void) {
  const templates = {
    sale: find<HTMLTemplateElement>("template[data-proof=sale]")!,
    review: find<HTMLTemplateElement>("template[data-proof=review]")!,
  };
  let hide: ReturnType<typeof setTimeout> | undefined;
  const clear = () => region.replaceChildren();
  const show = () => {
    // A fair coin picks a sale or a review, then one of its samples at random.
    const [kind, item] =
      Math.random() < 0.5
        ? (["sale", pick(SAMPLE_SALES)] as const)
        : (["review", pick(SAMPLE_REVIEWS)] as const);
    const card = templates[kind].content.cloneNode(true) as DocumentFragment;
    for (const field of card.querySelectorAll<HTMLElement>("[data-field]")) {
      field.textContent = String(item[field.dataset.field as keyof typeof item] ?? "");
    }
    card.querySelector("[data-close]")?.addEventListener("click", clear);
    region.replaceChildren(card);
    place();
    clearTimeout(hide);
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

function exitIntent(dialog: HTMLDialogElement) {
  const open = () => {
    stop();
    dialog.showModal();
  };
  const onLeave = (event: MouseEvent) => {
    if (event.clientY <= 0 && !event.relatedTarget) open();
  };
  const timer = setTimeout(open, TIMING.exitIntentFallbackMs);
  document.addEventListener("mouseout", onLeave);
  // Once per page view: whichever comes first removes both triggers.
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
const keepClear = find("[data-keep-clear]");
// Measures only while a card is shown.
const place = () => proof?.firstElementChild && placeProof(proof, bar, keepClear);
if (proof) socialProof(proof, place);
if (bar) stickyBar(bar, place);
const dialog = find<HTMLDialogElement>("dialog[data-exit-intent]");
if (dialog) exitIntent(dialog);
