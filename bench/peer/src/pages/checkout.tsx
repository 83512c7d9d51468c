/** The checkout: price from the product query, the e-mail and consent, errors as toasts. */
import * as Dialog from "@radix-ui/react-dialog";
import { ArrowLeft, Check, Lock } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { CHECKOUT_COPY } from "#app/content/checkout.ts";
import { PRODUCT, PROMO_PRICE_CENTS } from "#app/content/site.ts";
import { formatUsd, useProduct } from "../supabase.ts";

export function CheckoutPage() {
  const { data: product } = useProduct();
  const [email, setEmail] = useState("");
  const [consent, setConsent] = useState(false);
  const [offerOpen, setOfferOpen] = useState(false);
  useEffect(() => {
    document.title = CHECKOUT_COPY.title;
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email)
      return toast.error(CHECKOUT_COPY.emailRequired.title, {
        description: CHECKOUT_COPY.emailRequired.message,
      });
    if (!consent)
      return toast.error(CHECKOUT_COPY.consentRequired.title, {
        description: CHECKOUT_COPY.consentRequired.message,
      });
    setOfferOpen(true);
  };
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <Link to="/" className="flex items-center gap-1 text-sm font-semibold text-brand-700">
        <ArrowLeft aria-hidden="true" className="size-4" /> {CHECKOUT_COPY.back}
      </Link>
      <h1 className="mt-6 text-4xl font-extrabold">{CHECKOUT_COPY.title}</h1>
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <form onSubmit={submit} className="rounded-xl border border-slate-200 p-6 shadow-sm">
          <p className="text-lg font-bold">{product?.name ?? "…"}</p>
          <p className="mt-2 text-3xl font-extrabold">
            {product ? formatUsd(product.price_cents) : "…"}{" "}
            {product && (
              <span className="text-base font-normal text-slate-500 line-through">
                {formatUsd(product.list_price_cents)}
              </span>
            )}
          </p>
          <p className="mt-1 font-semibold text-emerald-700">{CHECKOUT_COPY.save(PRODUCT.savePercent)}</p>
          <label htmlFor="email" className="mt-6 block font-semibold">
            {CHECKOUT_COPY.emailLabel}
          </label>
          <input
            id="email"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder={CHECKOUT_COPY.emailPlaceholder}
            className="mt-2 w-full rounded-md border border-slate-300 px-3 py-2"
          />
          <p className="mt-1 text-sm text-slate-600">{CHECKOUT_COPY.emailHint}</p>
          <label className="mt-4 flex gap-2 text-sm">
            <input type="checkbox" checked={consent} onChange={(event) => setConsent(event.target.checked)} />
            <span>
              {CHECKOUT_COPY.consent} {CHECKOUT_COPY.consentTerms} {CHECKOUT_COPY.consentAnd}{" "}
              {CHECKOUT_COPY.consentPrivacy}.
            </span>
          </label>
          <button
            type="submit"
            disabled={!product?.in_stock}
            className="mt-6 w-full rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800"
          >
            {CHECKOUT_COPY.buy(product ? formatUsd(product.price_cents) : "")}
          </button>
          <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
            <Lock aria-hidden="true" className="size-4" /> {CHECKOUT_COPY.secure}
          </p>
        </form>
        <div>
          <h2 className="text-xl font-bold">{CHECKOUT_COPY.featuresTitle}</h2>
          <ul className="mt-4 space-y-2">
            {CHECKOUT_COPY.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check aria-hidden="true" className="size-5 shrink-0 text-emerald-600" /> {feature}
              </li>
            ))}
          </ul>
          <h2 className="mt-8 text-xl font-bold">{CHECKOUT_COPY.nextTitle}</h2>
          <ol className="mt-4 space-y-3">
            {CHECKOUT_COPY.nextSteps.map((step) => (
              <li key={step.title}>
                <p className="font-semibold">{step.title}</p>
                <p className="text-slate-700">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <Dialog.Root open={offerOpen} onOpenChange={setOfferOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center">
            <Dialog.Title className="text-2xl font-extrabold">
              {CHECKOUT_COPY.discountModal.title(PRODUCT.promoPercentOff)}
            </Dialog.Title>
            <Dialog.Description className="mt-3 text-slate-700">
              {CHECKOUT_COPY.discountModal.body(formatUsd(PROMO_PRICE_CENTS), formatUsd(PRODUCT.priceCents))}
            </Dialog.Description>
            <Dialog.Close className="mt-6 block w-full rounded-md bg-brand-700 px-4 py-3 font-bold text-white">
              {CHECKOUT_COPY.discountModal.unlock(PRODUCT.promoPercentOff)}
            </Dialog.Close>
            <Dialog.Close className="mt-3 text-sm text-slate-600 underline">
              {CHECKOUT_COPY.discountModal.decline}
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
