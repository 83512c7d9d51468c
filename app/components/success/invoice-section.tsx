import { FileText } from "lucide-react";
import { HoneypotField } from "#app/components/honeypot-field.tsx";
import { InvoiceRequestFields } from "#app/components/invoice-request-fields.tsx";
import { INVOICE_REQUEST_COPY as COPY } from "#app/content/invoice-request.ts";
import type {
  InvoiceActionData,
  InvoiceSection as Section,
} from "#app/routes/buyer/invoice-request.server.ts";

/**
 * The success page's "Invoice" section (the store's own invoice; Stripe's document is the receipt):
 * the courtesy copies of what was issued, a request being prepared, the request form, or whom to
 * write to once the days to ask are over. The form posts the page as a document; its answer comes
 * back with the page, a refused form with what was typed.
 */
export function InvoiceSection({
  section,
  access,
  answer,
  supportEmail,
}: {
  section: Section;
  access: { sessionId: string | null; token: string | null } | null;
  answer: InvoiceActionData | null;
  supportEmail: string;
}) {
  const refused = answer && !answer.ok ? answer : null;
  return (
    <section aria-labelledby="invoice" className="mt-6 rounded-2xl border border-slate-200 p-6" data-invoice>
      <h2 id="invoice" className="flex items-center gap-2 text-lg font-bold">
        <FileText aria-hidden="true" className="size-5 text-brand-700" /> {COPY.title}
      </h2>
      {section.kind === "issued" && (
        <ul className="mt-3 space-y-2">
          {section.documents.map((document) => (
            <li key={document.href}>
              {COPY.issued(document.label)}{" "}
              <a href={document.href} className="font-medium text-brand-700 underline hover:text-brand-800">
                {COPY.download}
              </a>
            </li>
          ))}
        </ul>
      )}
      {section.kind === "preparing" && (
        <p role={answer?.ok ? "status" : undefined} className="mt-3 text-slate-700">
          {COPY.preparing}
        </p>
      )}
      {section.kind === "closed" && (
        <p className="mt-3 text-slate-700">{COPY.tooLate(section.days, supportEmail)}</p>
      )}
      {section.kind === "form" && (
        <>
          <p className="mt-2 text-slate-600">{COPY.ask(section.days)}</p>
          <p className="mt-1 text-sm text-slate-500">{COPY.intro}</p>
          {refused && (
            <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
              {refused.message}
            </p>
          )}
          <form method="post" className="mt-4" noValidate>
            <input type="hidden" name="intent" value="invoice" />
            {access?.sessionId && <input type="hidden" name="session_id" value={access.sessionId} />}
            {access?.token && <input type="hidden" name="t" value={access.token} />}
            <HoneypotField />
            <InvoiceRequestFields
              values={refused?.values ?? section.values}
              errors={refused?.errors ?? {}}
              optional={false}
            />
            <button
              type="submit"
              className="mt-5 w-full rounded-md bg-brand-700 px-4 py-3 font-bold text-white hover:bg-brand-800 sm:w-auto"
            >
              {COPY.submit}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
