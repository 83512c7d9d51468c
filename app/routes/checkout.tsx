import { ArrowLeft, BadgeCheck, Check, Download, RotateCcw, ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigation } from "react-router";
import { toast } from "sonner";
import { DiscountDialog } from "#app/components/checkout/discount-dialog.tsx";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { CHECKOUT_COPY, CHECKOUT_LIMIT_COPY } from "#app/content/checkout.ts";
import { PRODUCT, PROMO_PRICE_CENTS } from "#app/content/site.ts";
import { AppError, type AppErrorCode } from "#app/lib/app-error.ts";
import { allowCheckout } from "#app/lib/checkout/checkout-rate-limit.server.ts";
import { checkoutSchema } from "#app/lib/checkout/checkout-schema.ts";
import { offerClaimed } from "#app/lib/checkout/claimed-offer.ts";
import { createOrder } from "#app/lib/checkout/create-order.server.ts";
import { createDiscountOffer } from "#app/lib/checkout/discount-offer.server.ts";
import { formatDuration } from "#app/lib/duration.ts";
import { localPartFits } from "#app/lib/email-address.ts";
import { attributionFromForm, attributionOf } from "#app/lib/funnel/attribution.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { formatCents } from "#app/lib/money.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import { useCountdown } from "#app/lib/use-countdown.ts";
import demoVideo from "#app/media/toolkit-tour.mp4?url";
import demoCaptions from "#app/media/toolkit-tour.vtt?url";
import demoPoster from "#app/media/toolkit-tour-poster.webp?url";
import { httpStatus, needsDatabase, readForm } from "#app/routes/http.server.ts";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = () => [
  { title: `Checkout - ${PRODUCT.name}` },
  {
    name: "description",
    content: `Get the ${PRODUCT.name}: 2500+ Canva templates for coaches, instant download.`,
  },
  { name: "robots", content: "noindex" },
];

export const loader = needsDatabase(async ({ context, request }: Route.LoaderArgs) => {
  const { database, env, settings } = context.get(servicesContext);
  const available = (await getCurrentProduct(database.db)) !== null;
  // Accepted in the landing page's exit dialog: the offer opens unlocked, and is not offered again.
  const offer =
    available && offerClaimed(new URL(request.url)) ? createDiscountOffer(settings.tokenSecrets) : null;
  // Where the buyer came from travels in the form, not in a cookie (ADR 023).
  const { source, campaign, article } = attributionOf({
    url: request.url,
    referer: request.headers.get("referer") ?? undefined,
    userAgent: "",
    publicUrl: env.PUBLIC_URL,
  });
  return {
    available,
    claimed: offer && { offer: offer.token, expiresInMs: offer.expiresAt - Date.now() },
    cameFrom: { source, campaign, article },
  };
});

type ActionResult =
  | { intent: "unlock"; offer: string; expiresInMs: number }
  | { intent: "buy"; error: { title: string; message: string }; field?: "email" | "consent" };

/** What the buyer reads when the order could not be created. */
const ORDER_ERRORS: Partial<Record<AppErrorCode, { title: string; message: string }>> = {
  PRODUCT_UNAVAILABLE: CHECKOUT_COPY.unavailable,
  PAYMENT_PROVIDER: { title: CHECKOUT_COPY.paymentError.title, message: CHECKOUT_COPY.providerUnreachable },
  NO_CHECKOUT_URL: { title: CHECKOUT_COPY.paymentError.title, message: CHECKOUT_COPY.noCheckoutUrl },
};

export const action = needsDatabase(async ({ request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const form = await readForm(request);
  if (form.get("intent") === "unlock") {
    const offer = createDiscountOffer(services.settings.tokenSecrets);
    return {
      intent: "unlock",
      offer: offer.token,
      expiresInMs: offer.expiresAt - Date.now(),
    } satisfies ActionResult;
  }
  const parsed = checkoutSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const empty = !String(form.get("email") ?? "").trim();
    const emailFailed = parsed.error.issues.some((issue) => issue.path[0] !== "consent");
    const error = !emailFailed
      ? CHECKOUT_COPY.consentRequired
      : empty
        ? CHECKOUT_COPY.emailRequired
        : CHECKOUT_COPY.emailInvalid;
    return data({ intent: "buy", error, field: emailFailed ? "email" : "consent" } satisfies ActionResult, {
      status: 400,
    });
  }
  // Counted before anything is written or the payment provider is called (ADR 014).
  if (!(await allowCheckout(services.database.db, context.get(clientIpContext), parsed.data.email))) {
    return data({ intent: "buy", error: CHECKOUT_LIMIT_COPY } satisfies ActionResult, { status: 429 });
  }
  try {
    const cameFrom = attributionFromForm(Object.fromEntries(form), request.headers.get("user-agent") ?? "");
    const { url } = await createOrder(services, { ...parsed.data, consent: true, cameFrom });
    return redirect(url, 303);
  } catch (error) {
    if (error instanceof AppError) {
      const message = ORDER_ERRORS[error.code] ?? CHECKOUT_COPY.paymentError;
      return data({ intent: "buy", error: message } satisfies ActionResult, { status: httpStatus(error) });
    }
    logger.error({ err: error }, "checkout failed");
    return data({ intent: "buy", error: CHECKOUT_COPY.paymentError } satisfies ActionResult, { status: 500 });
  }
});

const BADGE_ICONS = [Download, RotateCcw, BadgeCheck];

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const processing = navigation.state !== "idle" && navigation.formData?.get("intent") === "buy";
  const unlock = useFetcher<typeof action>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [offer, setOffer] = useState<{ token: string; expiresAt: number } | null>(null);
  const remaining = useCountdown(offer?.expiresAt ?? null);
  const discountActive = offer !== null && remaining > 0;
  const emailRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const consentError =
    actionData?.intent === "buy" && "field" in actionData && actionData.field === "consent";
  // Refused before posting (see onSubmit), or by the server.
  const [emailRefused, setEmailRefused] = useState(false);
  const emailError = emailRefused
    ? CHECKOUT_COPY.emailInvalid.message
    : actionData?.intent === "buy" && !consentError
      ? actionData.error.message
      : null;

  // The offer is made once the page is interactive; without JavaScript the page sells at the standard price.
  // The offer accepted in the landing page's exit dialog, as the page first loaded (a revalidation
  // after a refused submit makes a new one, which must neither restart the countdown nor reopen the dialog).
  const claimedOffer = useRef(loaderData.claimed);
  useEffect(() => {
    const claimed = claimedOffer.current;
    if (claimed) setOffer({ token: claimed.offer, expiresAt: Date.now() + claimed.expiresInMs });
    setDialogOpen(loaderData.available && !claimed);
  }, [loaderData.available]);

  useEffect(() => {
    const result = unlock.data;
    if (result?.intent === "unlock") {
      setOffer({ token: result.offer, expiresAt: Date.now() + result.expiresInMs });
      setDialogOpen(false);
    }
  }, [unlock.data]);

  useEffect(() => {
    if (offer && remaining === 0) {
      setOffer(null);
      toast(CHECKOUT_COPY.discountExpired);
    }
  }, [offer, remaining]);

  useEffect(() => {
    if (actionData?.intent === "buy")
      toast.error(actionData.error.title, { description: actionData.error.message });
  }, [actionData]);

  const price = discountActive ? PROMO_PRICE_CENTS : PRODUCT.priceCents;
  const compareAt = discountActive ? PRODUCT.priceCents : PRODUCT.listPriceCents;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-12">
      <Link
        to="/"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> {CHECKOUT_COPY.back}
      </Link>
      {discountActive && (
        <p
          role="status"
          className="mt-4 rounded-lg bg-emerald-600 px-4 py-3 text-center font-semibold text-white"
        >
          {CHECKOUT_COPY.discountBanner(formatDuration(remaining))}
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
              <span className="text-4xl font-extrabold" data-testid="price">
                {formatCents(price)}
              </span>
              {/* With the discount on, the saving shown is the discount's, against the standard price. */}
              <s className="text-lg text-slate-500">
                <span className="sr-only">
                  {discountActive ? CHECKOUT_COPY.standardPrice : CHECKOUT_COPY.listPrice}:{" "}
                </span>
                {formatCents(compareAt)}
              </s>
              <span className="rounded-full bg-red-100 px-2 py-0.5 text-sm font-bold text-red-700">
                {discountActive ? CHECKOUT_COPY.savePromo : CHECKOUT_COPY.save}
              </span>
            </div>
            <p className="mt-1 text-sm text-slate-600">
              {CHECKOUT_COPY.saved(formatCents(compareAt - price))}
            </p>

            {loaderData.available ? (
              <Form
                method="post"
                className="mt-6"
                noValidate
                onSubmit={(event) => {
                  setEmailRefused(false);
                  if (!emailRef.current?.value.trim()) {
                    event.preventDefault();
                    toast.error(CHECKOUT_COPY.emailRequired.title, {
                      description: CHECKOUT_COPY.emailRequired.message,
                    });
                    emailRef.current?.focus();
                  } else if (!localPartFits(emailRef.current.value.trim())) {
                    // A local part over 64 characters: the server's answer, given before the post.
                    event.preventDefault();
                    setEmailRefused(true);
                    toast.error(CHECKOUT_COPY.emailInvalid.title, {
                      description: CHECKOUT_COPY.emailInvalid.message,
                    });
                    emailRef.current.focus();
                  } else if (!consentRef.current?.checked) {
                    event.preventDefault();
                    toast.error(CHECKOUT_COPY.consentRequired.title, {
                      description: CHECKOUT_COPY.consentRequired.message,
                    });
                    consentRef.current?.focus();
                  }
                }}
              >
                <input type="hidden" name="intent" value="buy" />
                <input type="hidden" name="offer" value={discountActive ? offer.token : ""} />
                {Object.entries(loaderData.cameFrom).map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <HoneypotField />
                <label htmlFor="email" className="block text-sm font-semibold">
                  {CHECKOUT_COPY.emailLabel}
                </label>
                <input
                  ref={emailRef}
                  id="email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  maxLength={254}
                  placeholder={CHECKOUT_COPY.emailPlaceholder}
                  aria-describedby="email-hint email-error"
                  aria-invalid={emailError ? true : undefined}
                  className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2.5 text-base focus:border-brand-600"
                />
                <p id="email-hint" className="mt-1 text-xs text-slate-500">
                  {CHECKOUT_COPY.emailHint}
                </p>
                {emailError && (
                  <p id="email-error" role="alert" className="mt-2 text-sm text-red-700">
                    {emailError}
                  </p>
                )}
                <div className="mt-4 flex items-start gap-2">
                  <input
                    ref={consentRef}
                    id="consent"
                    name="consent"
                    type="checkbox"
                    required
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
                {consentError && (
                  <p id="consent-error" role="alert" className="mt-2 text-sm text-red-700">
                    {actionData.error.message}
                  </p>
                )}
                <button
                  type="submit"
                  disabled={processing}
                  className="mt-4 w-full rounded-md bg-brand-700 px-4 py-3.5 text-lg font-bold text-white shadow hover:bg-brand-800 disabled:opacity-60"
                >
                  {processing ? CHECKOUT_COPY.processing : CHECKOUT_COPY.buy(formatCents(price))}
                </button>
                <p className="mt-3 flex items-center gap-1 text-xs text-slate-500">
                  <ShieldCheck aria-hidden="true" className="size-4" /> {CHECKOUT_COPY.secure}
                </p>
              </Form>
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
      {dialogOpen && (
        <DiscountDialog
          busy={unlock.state !== "idle"}
          onUnlock={() => unlock.submit({ intent: "unlock" }, { method: "post" })}
          onClose={() => setDialogOpen(false)}
        />
      )}
    </div>
  );
}
