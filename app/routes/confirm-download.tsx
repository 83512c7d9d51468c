/**
 * The buyer's address confirmation for a download (ADR 020). `/confirm-download` is where a
 * download of an order whose link looked shared is sent: it says a confirmation link was e-mailed.
 * `/confirm-download/{token}` is that link: a button (a plain form post, no JavaScript needed, and
 * a mail scanner's visit uses nothing) that uses it once and starts a fresh download.
 */
import { MailCheck, ShieldAlert, ShieldCheck } from "lucide-react";
import { data, redirect } from "react-router";
import { DOWNLOAD_CONFIRMATION_COPY as COPY } from "#app/content/download-confirmation.ts";
import { PRODUCT } from "#app/content/site.ts";
import {
  CONFIRMATION,
  type ConfirmationState,
  checkConfirmation,
  redeemConfirmation,
} from "#app/lib/downloads/download-confirmation.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/confirm-download";

export const meta: Route.MetaFunction = () => [
  { title: `${COPY.documentTitle} - ${PRODUCT.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers() {
  return { "Cache-Control": "no-store" };
}

type View = "sent" | ConfirmationState;

/** Each answer's status: the download is still refused until the buyer confirms (403). */
const STATUS: Record<View, number> = {
  sent: 403,
  valid: 200,
  invalid: 404,
  used: 410,
  expired: 410,
  "not-paid": 403,
};

export const loader = needsDatabase(async ({ params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  const view: View = params.token ? await checkConfirmation(services, params.token) : "sent";
  return data(
    { view, supportEmail: services.env.SUPPORT_EMAIL, validHours: CONFIRMATION.validMs / 3_600_000 },
    { status: STATUS[view] },
  );
});

export const action = needsDatabase(async ({ params, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const result = await redeemConfirmation(services, params.token ?? "");
  if (result.ok) return redirect(result.path, 303);
  return data({ view: result.state as View }, { status: STATUS[result.state] });
});

export default function ConfirmDownload({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData?.view ?? loaderData.view;
  return (
    <section className="mx-auto max-w-md px-4 py-12 md:py-16">
      <div className="rounded-2xl border border-slate-200 p-6 text-center shadow-sm">
        {view === "sent" ? (
          <>
            <MailCheck aria-hidden="true" className="mx-auto size-12 text-brand-700" />
            <h1 className="mt-4 text-2xl font-extrabold">{COPY.sent.title}</h1>
            <p className="mt-3 text-slate-700">{COPY.sent.text}</p>
            <p className="mt-2 text-sm text-slate-600">{COPY.sent.validity(loaderData.validHours)}</p>
          </>
        ) : view === "valid" ? (
          <>
            <ShieldCheck aria-hidden="true" className="mx-auto size-12 text-emerald-600" />
            <h1 className="mt-4 text-2xl font-extrabold">{COPY.confirm.title}</h1>
            <p className="mt-3 text-slate-700">{COPY.confirm.text}</p>
            {/* A document post on purpose: the answer is the file, which the browser saves. */}
            <form method="post" className="mt-6">
              <button
                type="submit"
                className="w-full rounded-lg bg-brand-700 px-6 py-3 text-lg font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                {COPY.confirm.button}
              </button>
            </form>
          </>
        ) : (
          <>
            <ShieldAlert aria-hidden="true" className="mx-auto size-12 text-amber-600" />
            <h1 className="mt-4 text-2xl font-extrabold">{COPY.refused[view].title}</h1>
            <p className="mt-3 text-slate-700">{COPY.refused[view].text}</p>
            {view !== "not-paid" && <p className="mt-2 text-slate-700">{COPY.again}</p>}
          </>
        )}
        {view !== "valid" && (
          <p className="mt-6 text-sm text-slate-600">
            {COPY.help}{" "}
            <a className="font-semibold text-brand-700 underline" href={`mailto:${loaderData.supportEmail}`}>
              {loaderData.supportEmail}
            </a>{" "}
            {COPY.helpAfter}
          </p>
        )}
      </div>
    </section>
  );
}
