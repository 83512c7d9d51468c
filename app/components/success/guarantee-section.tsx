/**
 * The success page's 30-day guarantee (ADR 021): an optional reason, then a confirmation step,
 * then the request. Plain forms posting the whole page, with JavaScript or without (the page
 * script only keeps a form from being posted twice); the answer to the request is a screen of its
 * own (RefundAnswer), since an immediate refund ends the order's access to this very page.
 */
import { CheckCircle2, Info, RotateCcw } from "lucide-react";
import { Link, useLocation } from "react-router";
import { GUARANTEE_COPY } from "#app/content/guarantee.ts";
import { formatCents } from "#app/lib/money.ts";
import type { SuccessActionData, SuccessPageData } from "#app/routes/buyer/success.server.ts";

const longDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { dateStyle: "long" });

/** The page's access proof, posted with each form like the download's. */
function AccessFields({ access }: { access: SuccessPageData["access"] }) {
  return (
    <>
      {access?.sessionId && <input type="hidden" name="session_id" value={access.sessionId} />}
      {access?.token && <input type="hidden" name="t" value={access.token} />}
    </>
  );
}

export function GuaranteeSection({
  guarantee,
  access,
  amountCents,
  supportEmail,
  review,
}: {
  guarantee: NonNullable<SuccessPageData["guarantee"]>;
  access: SuccessPageData["access"];
  amountCents: number;
  supportEmail: string;
  /** The first step's answer (the reason given), when the page answers it: the confirmation shows. */
  review: Extract<SuccessActionData, { intent: "refund-review" }> | null;
}) {
  const location = useLocation();
  const button =
    "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2.5 font-semibold disabled:opacity-60";

  return (
    <section aria-labelledby="guarantee" className="mt-6 rounded-2xl border border-slate-200 p-6">
      <h2 id="guarantee" className="flex items-center gap-2 text-lg font-bold">
        <RotateCcw aria-hidden="true" className="size-5 text-brand-700" /> {GUARANTEE_COPY.title}
      </h2>
      {guarantee.state === "requested" && (
        <p className="mt-2 text-slate-600">{GUARANTEE_COPY.requested(longDate(guarantee.at))}</p>
      )}
      {guarantee.state === "declined" && (
        <p className="mt-2 text-slate-600">{GUARANTEE_COPY.declined(longDate(guarantee.at), supportEmail)}</p>
      )}
      {guarantee.state === "expired" && (
        <p className="mt-2 text-slate-600">
          {GUARANTEE_COPY.expired(longDate(guarantee.until), supportEmail)}
        </p>
      )}
      {guarantee.state === "open" && !review && (
        // The answer, the confirmation step, is a new page: it opens at this section, where the
        // buyer was, not at the top.
        <form method="post" action="#guarantee" className="mt-2" data-post-once>
          <p className="text-slate-600">{GUARANTEE_COPY.open(longDate(guarantee.until))}</p>
          <input type="hidden" name="intent" value="refund-review" />
          <AccessFields access={access} />
          <label htmlFor="refund-reason" className="mt-4 block text-sm font-semibold">
            {GUARANTEE_COPY.reasonLabel}
          </label>
          <textarea
            id="refund-reason"
            name="reason"
            rows={3}
            maxLength={GUARANTEE_COPY.reasonMax}
            aria-describedby="refund-reason-hint"
            className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
          />
          <p id="refund-reason-hint" className="mt-1 text-xs text-slate-500">
            {GUARANTEE_COPY.reasonHint(GUARANTEE_COPY.reasonMax)}
          </p>
          <button
            type="submit"
            className={`${button} mt-3 border border-slate-300 text-slate-800 hover:bg-slate-50`}
          >
            {GUARANTEE_COPY.request}
          </button>
        </form>
      )}
      {guarantee.state === "open" && review && (
        <form
          method="post"
          className="mt-3 rounded-lg bg-amber-50 p-4"
          aria-labelledby="refund-confirm"
          data-post-once
        >
          <h3 id="refund-confirm" className="font-bold text-amber-950">
            {GUARANTEE_COPY.confirmTitle}
          </h3>
          <p className="mt-1 text-amber-950">{GUARANTEE_COPY.confirmText(formatCents(amountCents))}</p>
          {review.reason && (
            <p className="mt-2 text-sm break-words text-amber-950">
              <span className="font-semibold">{GUARANTEE_COPY.confirmReason}:</span> {review.reason}
            </p>
          )}
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="reason" value={review.reason} />
          <AccessFields access={access} />
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="submit" className={`${button} bg-slate-900 text-white hover:bg-slate-700`}>
              {GUARANTEE_COPY.confirm}
            </button>
            {/* Back to the page as it was: a fresh visit of the same address forgets the review. */}
            <Link
              to={`${location.pathname}${location.search}`}
              className={`${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
            >
              {GUARANTEE_COPY.cancel}
            </Link>
          </div>
        </form>
      )}
    </section>
  );
}

/** The answer to a confirmed request: refunded, waiting for the owner, or why not. */
export function RefundAnswer({ answer }: { answer: Extract<SuccessActionData, { intent: "refund" }> }) {
  const location = useLocation();
  const Icon = answer.ok ? CheckCircle2 : Info;
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <Icon
        aria-hidden="true"
        className={`mx-auto size-16 ${answer.ok ? "text-emerald-600" : "text-brand-700"}`}
      />
      <h1 className="mt-4 text-3xl font-extrabold">{answer.title}</h1>
      <p role="status" className="mt-3 text-lg text-slate-600">
        {answer.message}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        {answer.outcome !== "refunded" && (
          <a
            href={`${location.pathname}${location.search}`}
            className="rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800"
          >
            {GUARANTEE_COPY.backToOrder}
          </a>
        )}
        <Link to="/" className="rounded-md px-4 py-3 font-semibold text-brand-700 hover:bg-brand-50">
          {GUARANTEE_COPY.backHome}
        </Link>
      </div>
    </div>
  );
}
