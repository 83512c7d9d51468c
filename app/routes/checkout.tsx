import { ArrowLeft, BadgeCheck, Check, Download, RotateCcw, ShieldCheck } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { DiscountDialog } from "#app/components/checkout/discount-dialog.tsx";
import { ShowPurchaseField } from "#app/components/checkout/show-purchase-field.tsx";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { InvoiceRequestFields } from "#app/components/invoice-request-fields.tsx";
import { CHECKOUT_COPY, CHECKOUT_LIMIT_COPY } from "#app/content/checkout.ts";
import { INVOICE_REQUEST_COPY } from "#app/content/invoice-request.ts";
import { PRODUCT } from "#app/content/site.ts";
// A standalone page script, not a worker: see home.tsx and ADR 008 (ADR 029 for the checkout).
import checkoutScript from "#app/enhance/checkout.ts?worker&url";
import { AppError, type AppErrorCode } from "#app/lib/app-error.ts";
import {
  type InvoiceField,
  type InvoiceFormValues,
  invoiceFormValues,
  parseInvoiceRequest,
} from "#app/lib/books/invoice-request.ts";
import { allowCheckout, allowCodeAttempt } from "#app/lib/checkout/checkout-rate-limit.server.ts";
import { checkoutSchema } from "#app/lib/checkout/checkout-schema.ts";
import { offerClaimed } from "#app/lib/checkout/claimed-offer.ts";
import { createOrder } from "#app/lib/checkout/create-order.server.ts";
import { createDiscountOffer, readDiscountOffer } from "#app/lib/checkout/discount-offer.server.ts";
import { attributionFromForm, attributionOf } from "#app/lib/funnel/attribution.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { formatCents } from "#app/lib/money.ts";
import { checkoutTerms } from "#app/lib/pricing/checkout-price.server.ts";
import { promotionEnd } from "#app/lib/pricing/rome-time.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import demoVideo from "#app/media/toolkit-tour.mp4?url";
import demoCaptions from "#app/media/toolkit-tour.vtt?url";
import demoPoster from "#app/media/toolkit-tour-poster.webp?url";
import type { PageHandle } from "#app/root.tsx";
import { httpStatus, needsDatabase, readForm } from "#app/routes/http.server.ts";
import { loadAsDocument } from "#app/routes/load-as-document.ts";
import type { Route } from "./+types/checkout";

/** Server-rendered on every request and enhanced by a page script, without React (ADR 029). */
export const handle: PageHandle = { script: checkoutScript, purchaseStep: () => true };
export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = () => [
  { title: `Checkout - ${PRODUCT.name}` },
  {
    name: "description",
    content: `Get the ${PRODUCT.name}: 2500+ Canva templates for coaches, instant download.`,
  },
  { name: "robots", content: "noindex" },
];

export const loader = needsDatabase(async ({ context, request }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  const { database, env, settings } = services;
  const [product, terms] = await Promise.all([getCurrentProduct(database.db), checkoutTerms(services)]);
  const available = product !== null;
  // Accepted in the test-mode landing page's exit dialog: the offer opens unlocked, and is not
  // offered again. A live store has no offer to claim: its promotion is already the price.
  const offer =
    available && terms.offer && offerClaimed(new URL(request.url))
      ? createDiscountOffer(settings.tokenSecrets, Date.now())
      : null;
  // Where the buyer came from travels in the form, not in a cookie (ADR 023).
  const { source, campaign, article } = attributionOf({
    url: request.url,
    referer: request.headers.get("referer") ?? undefined,
    userAgent: "",
    publicUrl: env.PUBLIC_URL,
  });
  return {
    available,
    prices: { base: terms.base, offer: terms.offer },
    codeField: terms.codeField,
    promotion: terms.promotion && {
      percent: terms.promotion.percent,
      endsAt: terms.promotion.endsAt.toISOString(),
    },
    claimed: offer && { offer: offer.token, expiresInMs: offer.expiresAt - Date.now() },
    cameFrom: { source, campaign, article },
  };
});

/** An offer still running, as the page script needs it: the token and the milliseconds left. */
interface RunningOffer {
  offer: string;
  expiresInMs: number;
}

/**
 * A refused order. The page is posted as a whole document, so the answer carries back what the
 * buyer had entered and the offer still running, for the page to show them again.
 */
interface RefusedOrder {
  intent: "buy";
  error: { title: string; message: string };
  field?: "email" | "consent" | "code" | "invoice";
  email: string;
  code: string;
  consent: boolean;
  offer: RunningOffer | null;
  /** The invoice section as typed, and what is wrong in it. */
  invoice: { values: InvoiceFormValues; errors: Partial<Record<InvoiceField, string>> };
}

/** What the buyer reads when the order could not be created. */
const ORDER_ERRORS: Partial<Record<AppErrorCode, { title: string; message: string }>> = {
  PRODUCT_UNAVAILABLE: CHECKOUT_COPY.unavailable,
  PAYMENT_PROVIDER: { title: CHECKOUT_COPY.paymentError.title, message: CHECKOUT_COPY.providerUnreachable },
  NO_CHECKOUT_URL: { title: CHECKOUT_COPY.paymentError.title, message: CHECKOUT_COPY.noCheckoutUrl },
};

export const action = needsDatabase(async ({ request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  const offerToken = String(form.get("offer") ?? "");
  const offerEnds = readDiscountOffer(services.settings.tokenSecrets, offerToken)?.expiresAt ?? null;
  // The invoice section counts once the buyer chose for whom the invoice is; "No invoice" posts "".
  const invoiceValues = invoiceFormValues(form);
  const invoice = invoiceValues.buyerType ? parseInvoiceRequest(invoiceValues) : null;
  const refused = (error: RefusedOrder["error"], status: number, field?: RefusedOrder["field"]) =>
    data(
      {
        intent: "buy",
        error,
        ...(field && { field }),
        email: String(form.get("email") ?? "").slice(0, 254),
        code: String(form.get("code") ?? "").slice(0, 64),
        consent: form.get("consent") === "on",
        offer: offerEnds === null ? null : { offer: offerToken, expiresInMs: offerEnds - Date.now() },
        invoice: { values: invoiceValues, errors: invoice && !invoice.ok ? invoice.errors : {} },
      } satisfies RefusedOrder,
      { status },
    );
  const parsed = checkoutSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const empty = !String(form.get("email") ?? "").trim();
    const fields = parsed.error.issues.map((issue) => issue.path[0]);
    const emailFailed = fields.some((name) => name !== "consent" && name !== "code");
    if (!emailFailed && fields.includes("code")) return refused(CHECKOUT_COPY.codeInvalid, 400, "code");
    const error = !emailFailed
      ? CHECKOUT_COPY.consentRequired
      : empty
        ? CHECKOUT_COPY.emailRequired
        : CHECKOUT_COPY.emailInvalid;
    return refused(error, 400, emailFailed ? "email" : "consent");
  }
  // The order is created only with an invoice request that can be issued as typed.
  if (invoice && !invoice.ok) return refused(INVOICE_REQUEST_COPY.refused, 400, "invoice");
  // Counted before anything is written or the payment provider is called (ADR 014).
  if (!(await allowCheckout(services.database.db, context.get(clientIpContext), parsed.data.email))) {
    return refused(CHECKOUT_LIMIT_COPY, 429);
  }
  // Every code tried is counted before it is looked up: guessing stops after a few tries.
  if (
    parsed.data.code.trim() &&
    !(await allowCodeAttempt(services.database.db, context.get(clientIpContext)))
  ) {
    return refused(CHECKOUT_COPY.codeTooMany, 429, "code");
  }
  try {
    const cameFrom = attributionFromForm(Object.fromEntries(form), request.headers.get("user-agent") ?? "");
    const { url } = await createOrder(services, {
      ...parsed.data,
      consent: true,
      cameFrom,
      ...(invoice?.ok && { invoiceRequest: invoice.value }),
    });
    return redirect(url, 303);
  } catch (error) {
    if (error instanceof AppError) {
      if (error.code === "DISCOUNT_CODE_INVALID")
        return refused(CHECKOUT_COPY.codeInvalid, httpStatus(error), "code");
      const message = ORDER_ERRORS[error.code] ?? CHECKOUT_COPY.paymentError;
      return refused(message, httpStatus(error));
    }
    logger.error({ err: error }, "checkout failed");
    return refused(CHECKOUT_COPY.paymentError, 500);
  }
});

const BADGE_ICONS = [Download, RotateCcw, BadgeCheck];

/**
 * The checkout as the server renders it: the price every buyer pays now (a live store's running
 * public promotion included), the order form, and in test mode the discount dialog closed.
 * app/enhance/checkout.ts opens the dialog, runs the offer's countdown and checks the form before
 * it posts, through the data-* hooks below; without JavaScript the form posts as a document at the
 * price shown, and a refused order comes back as this page with its message.
 */
export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = actionData?.intent === "buy" ? actionData : undefined;
  const consentError = refusal?.field === "consent";
  const codeError = refusal?.field === "code" ? refusal.error.message : null;
  const invoiceRefused = refusal?.field === "invoice";
  const emailError = refusal && !consentError && !codeError && !invoiceRefused ? refusal.error.message : null;
  // The offer the script starts with: the one carried through a refused order, or the one accepted
  // in the landing page's exit dialog. The dialog opens only on a first visit without either.
  const offer = refusal ? refusal.offer : loaderData.claimed;
  const { base, offer: offered } = loaderData.prices;
  const openOffer = loaderData.available && offered && !refusal && !loaderData.claimed;
  const price = base.priceCents;

  return (
    <div
      className="mx-auto max-w-6xl px-4 py-8 md:py-12"
      data-checkout
      data-offer={offer?.offer}
      data-offer-ms={offer?.expiresInMs}
      data-prices={JSON.stringify(loaderData.prices)}
      data-open-offer={openOffer || undefined}
      data-refusal={refusal ? `${refusal.error.title}\n${refusal.error.message}` : undefined}
    >
      <Link
        to="/"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> {CHECKOUT_COPY.back}
      </Link>
      <p
        role="status"
        hidden
        data-discount-banner
        className="mt-4 rounded-lg bg-emerald-600 px-4 py-3 text-center font-semibold text-white"
      />
      {loaderData.promotion && (
        <p
          data-testid="promotion-notice"
          className="mt-4 rounded-lg bg-emerald-600 px-4 py-3 text-center font-semibold text-white"
        >
          {CHECKOUT_COPY.promotionNotice(
            loaderData.promotion.percent,
            promotionEnd(new Date(loaderData.promotion.endsAt)),
          )}
        </p>
      )}
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight md:text-4xl">{CHECKOUT_COPY.title}</h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_26rem]">
        <div className="order-2 lg:order-1">
          <h2 className="text-xl font-bold">{CHECKOUT_COPY.videoTitle}</h2>
          <video
            className="mt-4 aspect-video w-full rounded-xl bg-slate-900"
            controls
            preload="none"
            playsInline
            poster={demoPoster}
            width={1280}
            height={720}
          >
            <source src={demoVideo} type="video/mp4" />
            <track kind="captions" src={demoCaptions} srcLang="en" label="English" default />
          </video>
          <p className="mt-2 text-sm text-slate-500">{CHECKOUT_COPY.videoCaption}</p>

          <h2 className="mt-10 text-xl font-bold">{CHECKOUT_COPY.featuresTitle}</h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {CHECKOUT_COPY.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                {feature}
              </li>
            ))}
          </ul>

          <ul className="mt-8 flex flex-wrap gap-3" aria-label="Guarantees">
            {CHECKOUT_COPY.badges.map((badge, i) => {
              const Icon = BADGE_ICONS[i] ?? ShieldCheck;
              return (
                <li
                  key={badge}
                  className="flex items-center gap-2 rounded-full bg-brand-50 px-4 py-2 text-sm font-medium text-brand-900"
                >
                  <Icon aria-hidden="true" className="size-4" /> {badge}
                </li>
              );
            })}
          </ul>
        </div>

        <div className="order-1 lg:order-2">
          <section
            aria-labelledby="order-title"
            className="rounded-2xl border border-slate-200 p-6 shadow-lg"
          >
            <h2 id="order-title" className="text-lg font-bold">
              {PRODUCT.name}
            </h2>
            <div className="mt-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="text-4xl font-extrabold" data-testid="price" data-price>
                {formatCents(price)}
              </span>
              {/* Struck through only for a reduction: the specification's list price in test mode; with
                  the discount on, the reference price (ADR 039). Hidden when there is none. */}
              <s className="text-lg text-slate-500" hidden={!base.compare} data-compare-row>
                <span className="sr-only" data-compare-label>
                  {CHECKOUT_COPY.listPrice}:{" "}
                </span>
                <span data-compare>{base.compare && formatCents(base.compare.cents)}</span>
              </s>
              <span
                className="rounded-full bg-red-100 px-2 py-0.5 text-sm font-bold text-red-700"
                hidden={!base.compare}
                data-save
              >
                {base.compare && CHECKOUT_COPY.save(base.compare.savePercent)}
              </span>
            </div>
            <p className="mt-1 text-sm text-slate-600" hidden={!base.compare} data-saved>
              {base.compare && CHECKOUT_COPY.saved(formatCents(base.compare.cents - price))}
            </p>

            {loaderData.available ? (
              <form method="post" className="mt-6" noValidate data-order-form>
                <input type="hidden" name="intent" value="buy" />
                <input type="hidden" name="offer" value="" />
                {Object.entries(loaderData.cameFrom).map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <HoneypotField />
                <label htmlFor="email" className="block text-sm font-semibold">
                  {CHECKOUT_COPY.emailLabel}
                </label>
                <input
                  id="email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  maxLength={254}
                  placeholder={CHECKOUT_COPY.emailPlaceholder}
                  defaultValue={refusal?.email}
                  aria-describedby="email-hint email-error"
                  aria-invalid={emailError ? true : undefined}
                  className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2.5 text-base focus:border-brand-600"
                />
                <p id="email-hint" className="mt-1 text-xs text-slate-500">
                  {CHECKOUT_COPY.emailHint}
                </p>
                {/* Also shown by the page script, when it refuses an address before posting. */}
                <p id="email-error" role="alert" hidden={!emailError} className="mt-2 text-sm text-red-700">
                  {emailError}
                </p>
                <div className="mt-4 flex items-start gap-2">
                  <input
                    id="consent"
                    name="consent"
                    type="checkbox"
                    required
                    defaultChecked={refusal?.consent}
                    aria-describedby="consent-error"
                    aria-invalid={consentError ? true : undefined}
                    className="mt-1 size-4 shrink-0 accent-brand-700"
                  />
                  <label htmlFor="consent" className="text-sm text-slate-700">
                    {CHECKOUT_COPY.consent}{" "}
                    <Link to="/terms" className="font-medium text-brand-700 underline">
                      {CHECKOUT_COPY.consentTerms}
                    </Link>{" "}
                    {CHECKOUT_COPY.consentAnd}{" "}
                    <Link to="/privacy" className="font-medium text-brand-700 underline">
                      {CHECKOUT_COPY.consentPrivacy}
                    </Link>
                    .
                  </label>
                </div>
                {/* Also shown by the page script, when it refuses the order before posting. */}
                <p
                  id="consent-error"
                  role="alert"
                  hidden={!consentError}
                  className="mt-2 text-sm text-red-700"
                >
                  {consentError ? refusal.error.message : null}
                </p>
                {(loaderData.codeField || codeError) && (
                  <>
                    <label htmlFor="code" className="mt-4 block text-sm font-semibold">
                      {CHECKOUT_COPY.codeLabel}
                    </label>
                    <input
                      id="code"
                      name="code"
                      type="text"
                      autoComplete="off"
                      autoCapitalize="characters"
                      maxLength={64}
                      defaultValue={refusal?.code}
                      aria-describedby="code-error"
                      aria-invalid={codeError ? true : undefined}
                      className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2.5 text-base uppercase focus:border-brand-600"
                    />
                    {codeError && (
                      <p id="code-error" role="alert" className="mt-2 text-sm text-red-700">
                        {codeError}
                      </p>
                    )}
                  </>
                )}
                <ShowPurchaseField />
                {/* Collapsed until the buyer opens it; open again when they had chosen an invoice. */}
                <details
                  className="mt-4 rounded-md border border-slate-200 px-3 py-2"
                  open={Boolean(refusal?.invoice.values.buyerType)}
                  data-invoice-request
                >
                  <summary className="cursor-pointer text-sm font-semibold text-slate-800">
                    {INVOICE_REQUEST_COPY.summary}
                  </summary>
                  <p className="mt-2 mb-4 text-xs text-slate-600">{INVOICE_REQUEST_COPY.intro}</p>
                  <InvoiceRequestFields
                    values={refusal?.invoice.values ?? {}}
                    errors={refusal?.invoice.errors ?? {}}
                    optional
                  />
                </details>
                <button
                  type="submit"
                  data-buy
                  className="mt-4 w-full rounded-md bg-brand-700 px-3 py-3.5 text-base font-bold whitespace-nowrap text-white max-[359px]:text-sm sm:px-4 sm:text-lg shadow hover:bg-brand-800 disabled:opacity-60"
                >
                  {CHECKOUT_COPY.buy(formatCents(price))}
                </button>
                <p className="mt-3 flex items-center gap-1 text-xs text-slate-500">
                  <ShieldCheck aria-hidden="true" className="size-4" /> {CHECKOUT_COPY.secure}
                </p>
              </form>
            ) : (
              <div
                role="alert"
                className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900"
              >
                <p className="font-semibold">{CHECKOUT_COPY.unavailable.title}</p>
                <p className="mt-1 text-sm">{CHECKOUT_COPY.unavailable.message}</p>
              </div>
            )}
          </section>

          <section aria-labelledby="next-title" className="mt-8">
            <h2 id="next-title" className="text-lg font-bold">
              {CHECKOUT_COPY.nextTitle}
            </h2>
            <ol className="mt-4 space-y-4">
              {CHECKOUT_COPY.nextSteps.map((step, i) => (
                <li key={step.title} className="flex gap-3">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                    {i + 1}
                  </span>
                  <span>
                    <strong className="block">{step.title}</strong>
                    <span className="text-sm text-slate-600">{step.text}</span>
                  </span>
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
      {loaderData.available && offered && (
        <DiscountDialog
          percent={offered.percent}
          price={formatCents(offered.priceCents)}
          regular={formatCents(base.priceCents)}
        />
      )}
    </div>
  );
}
