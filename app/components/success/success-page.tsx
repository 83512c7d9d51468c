/**
 * The success page's markup in each of its states (a paid order, a payment still processing, one
 * being confirmed, the lost-link form): one file because it is one page, rendered on the server
 * without React (ADR 030); the sections with logic of their own (guarantee, invoice, release notes)
 * are components beside it.
 */
import {
  CheckCircle2,
  Clock,
  Copy,
  Download,
  FolderOpen,
  Home,
  Mail,
  MessageCircle,
  Star,
} from "lucide-react";
import { Link, useLocation } from "react-router";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { GuaranteeSection, RefundAnswer } from "#app/components/success/guarantee-section.tsx";
import { InvoiceSection } from "#app/components/success/invoice-section.tsx";
import { ReleaseNotes } from "#app/components/success/release-notes.tsx";
import { SUCCESS_COPY } from "#app/content/checkout.ts";
import { INSIDE_COPY } from "#app/content/inside.ts";
import { PRODUCT } from "#app/content/site.ts";
import { WITHDRAW_PATH, WITHDRAWAL_COPY } from "#app/content/withdrawal.ts";
import { formatFileSize } from "#app/lib/file-size.ts";
import { formatCents } from "#app/lib/money.ts";
import { savePercent } from "#app/lib/pricing/price-arithmetic.ts";
import type { SuccessActionData, SuccessPageData } from "#app/routes/buyer/success.server.ts";

type PageOrder = NonNullable<SuccessPageData["order"]>;

/**
 * The success page, by what the visit is entitled to (see loadSuccessPage), as the server renders
 * it: it ships without React (ADR 030). app/enhance/success.ts posts the download and lost-link
 * forms for JSON answers and copies the support address, through the data-* hooks below; without
 * JavaScript every form posts the page, and `answer` is the form's answer shown with it.
 */
export default function SuccessPage({ data, answer }: { data: SuccessPageData; answer?: SuccessActionData }) {
  // A confirmed refund request answers with a screen of its own (an immediate refund ends the access).
  if (answer?.intent === "refund") return <RefundAnswer answer={answer} />;
  if (data.view === "paid" && data.order) return <PaidOrder data={data} order={data.order} answer={answer} />;
  if (data.view === "processing" && data.order) return <ProcessingPayment order={data.order} />;
  if (data.view === "confirming") return <ConfirmingPayment />;
  return (
    <LostLink
      answerPath={data.answerPath}
      sessionExpired={data.view === "session-expired"}
      result={answer?.intent === "lost-link" ? answer : null}
    />
  );
}

function PaidOrder({
  data,
  order,
  answer,
}: {
  data: SuccessPageData;
  order: PageOrder;
  answer: SuccessActionData | undefined;
}) {
  // A download posted as a document that found no file answers with the page and the reason.
  const documentError = answer?.intent === "download" && "error" in answer ? answer.error : null;

  const date = new Date(order.paidAt).toLocaleDateString("en-US", { dateStyle: "long" });
  const mailto = `mailto:${data.supportEmail}?subject=${encodeURIComponent(SUCCESS_COPY.supportSubject(order.reference))}&body=${encodeURIComponent(
    SUCCESS_COPY.supportBody(order.reference, order.email),
  )}`;

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 md:py-16">
      <header className="text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto size-16 text-emerald-600" />
        <h1 className="mt-4 text-3xl font-extrabold md:text-4xl">{SUCCESS_COPY.title}</h1>
        <p className="mt-3 text-lg text-slate-600">{SUCCESS_COPY.intro}</p>
      </header>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="email-card" className="rounded-2xl border border-slate-200 p-6">
          <h2 id="email-card" className="flex items-center gap-2 text-lg font-bold">
            <Mail aria-hidden="true" className="size-5 text-brand-700" /> {SUCCESS_COPY.emailTitle}
          </h2>
          <p className="mt-2 text-slate-600">{SUCCESS_COPY.emailText(order.email)}</p>
        </section>

        <section
          aria-labelledby="download-card"
          className="rounded-2xl border-2 border-brand-600 bg-brand-50 p-6"
        >
          <h2 id="download-card" className="flex items-center gap-2 text-lg font-bold">
            <Download aria-hidden="true" className="size-5 text-brand-700" /> {SUCCESS_COPY.downloadTitle}
          </h2>
          <p className="mt-2 text-slate-700">
            {SUCCESS_COPY.downloadText}{" "}
            <span className="font-semibold">
              {SUCCESS_COPY.fileLabel}
              {data.productSize !== null && `, ${formatFileSize(data.productSize)}`}
            </span>
          </p>
          <form method="post" className="mt-4" data-download={data.answerPath}>
            <input type="hidden" name="intent" value="download" />
            {data.access?.sessionId && (
              <input type="hidden" name="session_id" value={data.access.sessionId} />
            )}
            {data.access?.token && <input type="hidden" name="t" value={data.access.token} />}
            <button
              type="submit"
              className="flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              <Download aria-hidden="true" className="size-5" />
              <span data-label>{SUCCESS_COPY.downloadNow}</span>
            </button>
          </form>
          {data.insideHref && (
            <a
              href={data.insideHref}
              className="mt-3 flex items-center justify-center gap-2 rounded-md border border-brand-600 bg-white px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
            >
              <FolderOpen aria-hidden="true" className="size-5" /> {INSIDE_COPY.link}
              <span className="sr-only">: {INSIDE_COPY.linkHint}</span>
            </a>
          )}
          {documentError && (
            <p role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
              {documentError.title}: {documentError.message}
            </p>
          )}
          <p className="mt-3 text-center text-sm">
            <a
              href={WITHDRAW_PATH}
              className="text-slate-700 underline underline-offset-2 hover:text-slate-900"
            >
              {WITHDRAWAL_COPY.link}
            </a>
          </p>
        </section>
      </div>

      {data.release && <ReleaseNotes release={data.release} />}

      <section aria-labelledby="summary" className="mt-6 rounded-2xl border border-slate-200 p-6">
        <h2 id="summary" className="text-lg font-bold">
          {SUCCESS_COPY.summaryTitle}
        </h2>
        {/* Each dt/dd pair in its own row element (a dl holds either only groups or only divs), on
            the list's columns, so the total's rule runs unbroken across the gap. */}
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <SummaryRow term={SUCCESS_COPY.summary.order} valueClassName="font-medium">
            {order.reference}
          </SummaryRow>
          <SummaryRow term={SUCCESS_COPY.summary.date}>{date}</SummaryRow>
          <SummaryRow term={SUCCESS_COPY.summary.email} valueClassName="break-all">
            {order.email}
          </SummaryRow>
          <SummaryRow term={SUCCESS_COPY.summary.product}>{PRODUCT.name}</SummaryRow>
          {order.discountApplied && (
            <SummaryRow
              term={SUCCESS_COPY.summary.discount(savePercent(PRODUCT.priceCents, order.amountCents))}
            >
              -{formatCents(PRODUCT.priceCents - order.amountCents)}
            </SummaryRow>
          )}
          <div className="col-span-2 grid grid-cols-subgrid border-t border-slate-200 pt-2">
            <dt className="font-semibold">{SUCCESS_COPY.summary.paid}</dt>
            <dd className="text-right text-lg font-bold">{formatCents(order.amountCents)}</dd>
          </div>
        </dl>
        {(order.taxCents !== null || order.receiptUrl) && (
          <p className="mt-3 text-sm text-slate-600">
            {order.taxCents !== null && SUCCESS_COPY.taxIncluded(formatCents(order.taxCents))}{" "}
            {order.receiptUrl && (
              <a
                href={order.receiptUrl}
                className="font-medium text-brand-700 underline hover:text-brand-800"
              >
                {SUCCESS_COPY.receipt}
              </a>
            )}
          </p>
        )}
      </section>

      {data.invoice && (
        <InvoiceSection
          section={data.invoice}
          access={data.access}
          answer={answer?.intent === "invoice" ? answer : null}
          supportEmail={data.supportEmail}
        />
      )}

      <section aria-labelledby="next" className="mt-6 rounded-2xl border border-slate-200 p-6">
        <h2 id="next" className="text-lg font-bold">
          {SUCCESS_COPY.nextTitle}
        </h2>
        <ol className="mt-4 list-decimal space-y-2 pl-5 text-slate-700">
          {SUCCESS_COPY.nextSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>

      {data.guarantee && (
        <GuaranteeSection
          guarantee={data.guarantee}
          access={data.access}
          amountCents={order.amountCents}
          supportEmail={data.supportEmail}
          review={answer?.intent === "refund-review" ? answer : null}
        />
      )}

      <section aria-labelledby="support" className="mt-6 rounded-2xl bg-slate-50 p-6">
        <h2 id="support" className="text-lg font-bold">
          {SUCCESS_COPY.supportTitle}
        </h2>
        <p className="mt-1 text-slate-600">{SUCCESS_COPY.supportText}</p>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <a
            href={mailto}
            className="inline-flex items-center gap-2 rounded-md bg-slate-900 px-4 py-2.5 font-semibold text-white hover:bg-slate-700"
          >
            <MessageCircle aria-hidden="true" className="size-4" /> {SUCCESS_COPY.contactSupport}
          </a>
          <span className="font-mono text-sm">{data.supportEmail}</span>
          <button
            type="button"
            data-copy={data.supportEmail}
            className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm hover:bg-white"
          >
            <Copy aria-hidden="true" className="size-4" /> {SUCCESS_COPY.copyAddress}
          </button>
        </div>
      </section>

      <nav aria-label="More" className="mt-8 flex flex-wrap justify-center gap-4">
        {data.review && (
          <span hidden={!data.review.downloadStarted} data-review-link className="contents">
            <a
              href={data.review.href}
              className="inline-flex items-center gap-2 rounded-md border border-amber-400 px-4 py-2.5 font-semibold text-amber-900 hover:bg-amber-50"
            >
              <Star aria-hidden="true" className="size-4" /> {SUCCESS_COPY.writeReview}
            </a>
            {data.review.externalUrl && (
              <a
                href={data.review.externalUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center px-2 py-2.5 text-sm text-slate-700 underline"
              >
                {SUCCESS_COPY.reviewElsewhere(
                  new URL(data.review.externalUrl).hostname.replace(/^www\./, ""),
                )}
              </a>
            )}
          </span>
        )}
        <Link
          to="/"
          className="inline-flex items-center gap-2 rounded-md px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
        >
          <Home aria-hidden="true" className="size-4" /> {SUCCESS_COPY.backHome}
        </Link>
      </nav>
    </div>
  );
}

/** One row of the order summary: the term, and its value (`children`) on the right. */
function SummaryRow({
  term,
  valueClassName,
  children,
}: {
  term: string;
  valueClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="col-span-2 grid grid-cols-subgrid">
      <dt className="text-slate-500">{term}</dt>
      <dd className={valueClassName ? `text-right ${valueClassName}` : "text-right"}>{children}</dd>
    </div>
  );
}

/** A delayed payment (bank debit, voucher) still settling: the e-mail follows, nothing to download yet. */
function ProcessingPayment({ order }: { order: PageOrder }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <Clock aria-hidden="true" className="mx-auto size-16 text-brand-700" />
      <h1 className="mt-4 text-3xl font-extrabold">{SUCCESS_COPY.processing.title}</h1>
      <p className="mt-3 text-lg text-slate-600">{SUCCESS_COPY.processing.intro}</p>
      <p className="mt-3 text-slate-600">{SUCCESS_COPY.processing.text(order.email)}</p>
      <p className="mt-6 text-sm text-slate-500">
        {SUCCESS_COPY.processing.reference}: <span className="font-medium">{order.reference}</span>
      </p>
    </div>
  );
}

/** The payment provider could not be asked right now: reload in a moment, or wait for the e-mail. */
function ConfirmingPayment() {
  const location = useLocation();
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <Clock aria-hidden="true" className="mx-auto size-16 text-brand-700" />
      <h1 className="mt-4 text-3xl font-extrabold">{SUCCESS_COPY.confirming.title}</h1>
      <p className="mt-3 text-slate-600">{SUCCESS_COPY.confirming.text}</p>
      <a
        href={`${location.pathname}${location.search}`}
        className="mt-6 inline-block rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800"
      >
        {SUCCESS_COPY.confirming.reload}
      </a>
    </div>
  );
}

/**
 * "Lost your link?": the page script posts the form and writes the answer into the status line;
 * posted as a document, the page comes back with the answer (`result`) in it.
 */
function LostLink({
  answerPath,
  sessionExpired,
  result,
}: {
  answerPath: string;
  sessionExpired: boolean;
  result: Extract<SuccessActionData, { intent: "lost-link" }> | null;
}) {
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <h1 className="text-3xl font-extrabold">{SUCCESS_COPY.lostTitle}</h1>
      {sessionExpired && <p className="mt-3 text-slate-600">{SUCCESS_COPY.sessionExpired}</p>}
      <p className="mt-3 text-slate-600">{SUCCESS_COPY.lostText}</p>
      <form method="post" className="mt-6" data-lost-link={answerPath}>
        <input type="hidden" name="intent" value="lost-link" />
        <HoneypotField />
        <label htmlFor="lost-email" className="block text-sm font-semibold">
          {SUCCESS_COPY.lostEmailLabel}
        </label>
        <input
          id="lost-email"
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2.5"
        />
        <button
          type="submit"
          className="mt-4 w-full rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {SUCCESS_COPY.lostSubmit}
        </button>
      </form>
      {/* Red for a refusal, green (data-ok) for the answer that a link is on its way. */}
      <p
        role="status"
        hidden={!result}
        data-lost-answer
        data-ok={result?.ok || undefined}
        className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800 data-ok:bg-emerald-50 data-ok:text-emerald-900"
      >
        {result?.message}
      </p>
    </div>
  );
}
