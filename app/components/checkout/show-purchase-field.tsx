import { CHECKOUT_COPY } from "#app/content/checkout.ts";

/**
 * The checkout's optional consent to show the buyer as a recent purchase ("Daniel W. from London"):
 * unticked by default, and the order is the same either way (ADR 040).
 */
export function ShowPurchaseField() {
  return (
    <div className="mt-3 flex items-start gap-2">
      <input
        id="show-purchase"
        name="showPurchase"
        type="checkbox"
        className="mt-1 size-4 shrink-0 accent-brand-700"
      />
      <label htmlFor="show-purchase" className="text-sm text-slate-700">
        {CHECKOUT_COPY.showPurchase}
      </label>
    </div>
  );
}
