import { X } from "lucide-react";
import { CHECKOUT_COPY } from "#app/content/checkout.ts";

/**
 * The test-mode offer shown when the checkout opens: unlock the specification's 25% for 5 minutes,
 * or continue at the standard price. A live store never shows it (its promotion is everyone's
 * price). Static markup, closed: app/enhance/checkout.ts opens it and runs its buttons.
 */
export function DiscountDialog(props: { percent: number; price: string; regular: string }) {
  const copy = CHECKOUT_COPY.discountModal;
  return (
    <dialog
      aria-labelledby="discount-title"
      data-discount-dialog
      className="m-auto w-[min(92vw,28rem)] rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/60"
    >
      <div className="relative p-6 text-center">
        <button
          type="button"
          aria-label="Close"
          data-close
          className="absolute top-3 right-3 rounded-md p-1 text-slate-500 hover:bg-slate-100"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Limited offer</p>
        <h2 id="discount-title" className="mt-2 text-2xl font-extrabold">
          {copy.title(props.percent)}
        </h2>
        <p className="mt-3 text-slate-600">{copy.body(props.price, props.regular)}</p>
        <button
          type="button"
          data-unlock
          className="mt-6 w-full rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {copy.unlock(props.percent)}
        </button>
        <button
          type="button"
          data-close
          className="mt-3 w-full rounded-md px-4 py-2 text-sm text-slate-600 underline hover:text-slate-900"
        >
          {copy.decline}
        </button>
      </div>
    </dialog>
  );
}
