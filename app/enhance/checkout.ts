/**
 * The checkout ships without React (ADR 029): this script (loaded by root.tsx through the route's
 * `handle.script`) runs the page the server rendered (routes/checkout.tsx). It opens the discount
 * dialog, gets an offer from /checkout/offer and counts it down, shows the discounted price while
 * it runs, checks the form before it posts (the server checks it again), and shows only the invoice
 * request's fields that apply. The prices come from the page (`data-prices`, decided on the server:
 * ADR 039). The form itself posts as a document, with JavaScript or without.
 */
import { CHECKOUT_COPY } from "#app/content/checkout.ts";
import { enhanceInvoiceFields } from "#app/enhance/invoice-fields.ts";
import { enhanceMenu, markScripted } from "#app/enhance/menu.ts";
import { showToast } from "#app/enhance/toast.ts";
import { formatDuration } from "#app/lib/duration.ts";
import { localPartFits } from "#app/lib/email-address.ts";
import { formatCents } from "#app/lib/money.ts";
import type { CheckoutTerms, ShownPrice } from "#app/lib/pricing/checkout-price.server.ts";
import type { UnlockedOffer } from "#app/routes/checkout-offer.ts";

const page = document.querySelector<HTMLElement>("[data-checkout]")!;
const $ = <T extends Element = HTMLElement>(selector: string) => page.querySelector<T>(selector)!;
const form = page.querySelector<HTMLFormElement>("form[data-order-form]");
const prices = JSON.parse(page.dataset.prices!) as {
  base: ShownPrice;
  offer: CheckoutTerms["offer"];
};
const percent = prices.offer?.percent ?? 0;

/** The order card's prices, with the discount on or off; the offer's token goes with the form. */
function showPrice(offer: string | null) {
  const shown = (offer && prices.offer) || prices.base;
  const { priceCents: price, compare } = shown;
  $("[data-price]").textContent = formatCents(price);
  for (const element of [$("[data-compare-row]"), $("[data-save]"), $("[data-saved]")])
    element.hidden = !compare;
  if (compare) {
    $("[data-compare-label]").textContent =
      `${offer ? CHECKOUT_COPY.standardPrice : CHECKOUT_COPY.listPrice}: `;
    $("[data-compare]").textContent = formatCents(compare.cents);
    $("[data-save]").textContent = CHECKOUT_COPY.save(compare.savePercent);
    $("[data-saved]").textContent = CHECKOUT_COPY.saved(formatCents(compare.cents - price));
  }
  if (!form) return;
  (form.elements.namedItem("offer") as HTMLInputElement).value = offer ?? "";
  $("[data-buy]").textContent = CHECKOUT_COPY.buy(formatCents(price));
}

/**
 * Runs an offer until it expires: the banner shows the time left (mm:ss under an hour, hh:mm:ss
 * beyond), computed from the target time every second (right again after a tab slept); at zero
 * the standard price returns, with a notice.
 */
function runOffer(offer: string, expiresInMs: number) {
  const banner = $("[data-discount-banner]");
  const target = Date.now() + expiresInMs;
  const tick = () => {
    const left = Math.max(0, target - Date.now());
    banner.textContent = CHECKOUT_COPY.discountBanner(percent, formatDuration(left, left >= 3_600_000));
    if (left > 0) return;
    clearInterval(timer);
    banner.hidden = true;
    showPrice(null);
    showToast(CHECKOUT_COPY.discountExpired(percent));
  };
  const timer = setInterval(tick, 1000);
  showPrice(offer);
  tick();
  banner.hidden = false;
}

/** The offer dialog, opened on a first visit: "Unlock" asks the server for a signed offer. */
function offerDialog(dialog: HTMLDialogElement) {
  const unlock = dialog.querySelector<HTMLButtonElement>("[data-unlock]")!;
  unlock.addEventListener("click", async () => {
    unlock.disabled = true;
    try {
      const response = await fetch("/checkout/offer", { method: "POST" });
      if (!response.ok) throw new Error(`The offer answered ${response.status}`);
      const { offer, expiresInMs } = (await response.json()) as UnlockedOffer;
      runOffer(offer, expiresInMs);
      dialog.close();
    } finally {
      // Unanswered, the button can be pressed again; "Continue without discount" is still there.
      unlock.disabled = false;
    }
  });
  // The close icon, "Continue without discount" and a click on the backdrop (the dialog itself)
  // close it; so does Escape, natively.
  dialog.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (target === dialog || target.closest("[data-close]")) dialog.close();
  });
  dialog.showModal();
}

/** Refuses what the server would refuse before posting: no address, a local part over 64, no consent. */
function checkBeforePosting(form: HTMLFormElement) {
  const email = form.elements.namedItem("email") as HTMLInputElement;
  const consent = form.elements.namedItem("consent") as HTMLInputElement;
  const emailError = $("#email-error");
  const consentError = $("#consent-error");
  const buy = $<HTMLButtonElement>("[data-buy]");
  const label = buy.textContent;
  const refuse = (event: SubmitEvent, field: HTMLInputElement, copy: { title: string; message: string }) => {
    event.preventDefault();
    showToast(copy.title, copy.message);
    field.focus();
  };
  // Ticked, the box is no longer flagged.
  consent.addEventListener("change", () => {
    if (!consent.checked) return;
    consentError.hidden = true;
    consent.ariaInvalid = null;
  });
  form.addEventListener("submit", (event) => {
    const address = email.value.trim();
    if (!address) return refuse(event, email, CHECKOUT_COPY.emailRequired);
    if (!localPartFits(address)) {
      emailError.textContent = CHECKOUT_COPY.emailInvalid.message;
      emailError.hidden = false;
      email.ariaInvalid = "true";
      return refuse(event, email, CHECKOUT_COPY.emailInvalid);
    }
    if (!consent.checked) {
      consentError.textContent = CHECKOUT_COPY.consentRequired.message;
      consentError.hidden = false;
      consent.ariaInvalid = "true";
      return refuse(event, consent, CHECKOUT_COPY.consentRequired);
    }
    buy.disabled = true;
    buy.textContent = CHECKOUT_COPY.processing;
  });
  // Back from the payment page, a page restored from the back/forward cache can be used again.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    buy.disabled = false;
    buy.textContent = label;
  });
}

markScripted();
enhanceMenu();
const { offer, offerMs, openOffer, refusal } = page.dataset;
if (offer && offerMs) runOffer(offer, Number(offerMs));
const dialog = page.querySelector<HTMLDialogElement>("dialog[data-discount-dialog]");
if (dialog && openOffer !== undefined) offerDialog(dialog);
if (form) checkBeforePosting(form);
enhanceInvoiceFields(page);
if (refusal) {
  const [title = "", message = ""] = refusal.split("\n");
  showToast(title, message);
}
