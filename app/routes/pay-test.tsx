import { CreditCard } from "lucide-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { TEST_PAYMENT_COPY } from "#app/content/checkout.ts";
import { PRODUCT } from "#app/content/site.ts";
import { successPagePath } from "#app/lib/links.ts";
import { formatCents } from "#app/lib/money.ts";
import { completeTestPayment, findTestSession } from "#app/lib/payments/complete-test-payment.server.ts";
import { TEST_VAT, testVatCents } from "#app/lib/payments/test-mode-provider.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import type { Services } from "#app/lib/services.server.ts";
import type { PageHandle } from "#app/root.tsx";
import { field, needsDatabase, notFound, readForm } from "#app/routes/http.server.ts";
import type { Route } from "./+types/pay-test";

export const meta: Route.MetaFunction = () => [
  { title: `${TEST_PAYMENT_COPY.title} - ${PRODUCT.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export const handle: PageHandle = { ownTestModeNotice: true, purchaseStep: () => true };

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const loader = needsDatabase(async ({ request, params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  const order = await findTestSession(services, params.session);
  if (!order) notFound(request);
  // Back from the success page to a payment already made: the buyer belongs on the success page.
  if (order.status === "paid") throw paidRedirect(services, params.session);
  return {
    // STRIPE_TAX=on: the test rate inside the price, labelled as such (ADR 016).
    testVat: services.env.STRIPE_TAX ? { cents: testVatCents(order.amountCents), ...TEST_VAT } : null,
    reference: order.reference,
    email: order.email,
    amountCents: order.amountCents,
    open: order.status === "pending",
  };
});

export const action = needsDatabase(async ({ request, params, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const intent = field(await readForm(request), "intent");
  if (intent === "pay") {
    const order = await completeTestPayment(services, params.session);
    if (!order) {
      // "Pay" on a page left open after the payment was made (another tab, Back): the same success page.
      const paid = (await findTestSession(services, params.session))?.status === "paid";
      return paid ? paidRedirect(services, params.session) : { declined: false, closed: true };
    }
    return paidRedirect(services, params.session);
  }
  // A declined card is an outcome of the payment, not an HTTP error.
  if (intent === "decline") return { declined: true, closed: false };
  return redirect("/checkout", 303);
});

/** The success page for this test session (it opens the download as Stripe's return URL does). */
const paidRedirect = (services: Services, session: string) =>
  redirect(successPagePath(services.settings.successPath, { session_id: session }), 303);

export default function TestPayment({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const price = formatCents(loaderData.amountCents);
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <p
        role="note"
        className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-center font-semibold text-amber-900"
      >
        {TEST_PAYMENT_COPY.banner}
      </p>
      <div className="mt-6 rounded-xl border border-slate-200 p-6 shadow-sm">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <CreditCard aria-hidden="true" className="size-6 text-brand-700" /> {TEST_PAYMENT_COPY.title}
        </h1>
        <p className="mt-2 text-slate-600">{TEST_PAYMENT_COPY.intro}</p>
        <dl className="mt-4 grid grid-cols-2 gap-y-1 text-sm">
          <dt className="text-slate-500">{TEST_PAYMENT_COPY.orderLabel(loaderData.reference)}</dt>
          <dd className="text-right">{PRODUCT.name}</dd>
          <dt className="text-slate-500">Email</dt>
          <dd className="text-right break-all">{loaderData.email}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right text-lg font-bold">{price}</dd>
        </dl>
        {loaderData.testVat && (
          <p className="mt-2 text-sm text-amber-900">
            {TEST_PAYMENT_COPY.testVat(
              formatCents(loaderData.testVat.cents),
              loaderData.testVat.ratePercent,
              loaderData.testVat.country,
            )}
          </p>
        )}
        {actionData?.declined && (
          <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {TEST_PAYMENT_COPY.declined}
          </p>
        )}
        {loaderData.open && !actionData?.closed ? (
          <Form method="post" className="mt-6 flex flex-col gap-3">
            <button
              type="submit"
              name="intent"
              value="pay"
              disabled={busy}
              className="rounded-md bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {TEST_PAYMENT_COPY.pay(price)}
            </button>
            <button
              type="submit"
              name="intent"
              value="decline"
              disabled={busy}
              className="rounded-md border border-slate-300 px-4 py-3 font-medium hover:bg-slate-50 disabled:opacity-60"
            >
              {TEST_PAYMENT_COPY.decline}
            </button>
            <button
              type="submit"
              name="intent"
              value="cancel"
              disabled={busy}
              className="px-4 py-2 text-sm text-slate-600 underline"
            >
              {TEST_PAYMENT_COPY.cancel}
            </button>
          </Form>
        ) : (
          <p className="mt-6 text-slate-700">
            {TEST_PAYMENT_COPY.notPayable}{" "}
            <Link to="/checkout" className="text-brand-700 underline">
              {TEST_PAYMENT_COPY.cancel}
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}
