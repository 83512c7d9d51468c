/**
 * Fatture at `/{ADMIN_PATH}/fatture` (ADR 043): choose a month or a quarter (a form that gets, so
 * it works without JavaScript; the current quarter by default, in Rome time), the period's invoices
 * and credit notes with their XML files one by one and as one ZIP for the SDI intermediary, and the
 * invoice requests still waiting with the reason.
 */
import { data } from "react-router";
import { AdminShell } from "#app/components/admin/admin-shell.tsx";
import { PeriodChooser } from "#app/components/admin/period-chooser.tsx";
import { STACKED, StackedCell } from "#app/components/admin/stacked-table.tsx";
import { ADMIN_INVOICES_COPY as copy } from "#app/content/admin-invoices.ts";
import { dateTimeIt, dayIt, euroIt, numberIt, periodIt } from "#app/lib/admin/format-it.ts";
import { adminPage } from "#app/routes/admin/guard.server.ts";
import { loadInvoicesPage } from "#app/routes/admin/invoices.server.ts";
import { adminHandle, adminHeaders, adminMeta } from "#app/routes/admin/page-handle.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/invoices";

export const handle = adminHandle;
export const meta = () => adminMeta(copy.title);
export const headers = adminHeaders;

export const loader = needsDatabase(async (args: Route.LoaderArgs) => {
  const page = await loadInvoicesPage(await adminPage(args), new URL(args.request.url));
  return data(page, { status: page.badPeriod ? 400 : 200 });
});

const cell = STACKED.cell;

/** A table cell that, on a phone where each row is a card, names its column above the value. */
export default function InvoicesPage({ loaderData: page }: Route.ComponentProps) {
  const base = `/${page.adminPath}`;
  const label = periodIt(page.period);
  return (
    <AdminShell
      adminPath={page.adminPath}
      title={copy.title}
      notices={page.badPeriod ? [copy.badPeriod] : []}
    >
      <p className="mt-2 max-w-3xl text-sm text-slate-600">{copy.intro}</p>
      <PeriodChooser periods={page.choices} chosen={page.period.key} label={copy.period} show={copy.show} />
      <section aria-labelledby="documents-title" className="mt-6">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="documents-title" className="text-lg font-bold">
            {copy.listTitle}: {label}
          </h2>
          {page.documents.length > 0 && (
            <p className="text-sm">
              <a
                href={`${base}/fatture.zip?periodo=${page.period.key}`}
                download
                className="inline-block rounded-md bg-slate-900 px-3 py-2 font-medium text-white hover:bg-slate-700"
              >
                {copy.zip}
              </a>{" "}
              <span className="text-slate-600">{copy.zipHint(page.documents.length)}</span>
            </p>
          )}
        </div>
        {page.documents.length === 0 ? (
          <p className="mt-2 text-sm" data-testid="no-invoices">
            {copy.none}
          </p>
        ) : (
          <div className="mt-2 overflow-x-auto rounded-xl border border-slate-200">
            <table className={STACKED.table} data-testid="invoices">
              <caption className="sr-only">{copy.count(page.documents.length)}</caption>
              <thead className={STACKED.head}>
                <tr>
                  {Object.entries(copy.columns).map(([key, column]) => (
                    <th
                      key={key}
                      scope="col"
                      className={`${cell} whitespace-nowrap ${key === "total" || key === "taxable" ? "text-right" : ""}`}
                    >
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={STACKED.body}>
                {page.documents.map((doc) => (
                  <tr key={doc.id} className={STACKED.row}>
                    <th scope="row" className={`${cell} font-semibold whitespace-nowrap max-sm:col-span-2`}>
                      {doc.number} <span className="font-normal sm:hidden">· {dayIt(doc.date)}</span>
                    </th>
                    <td className={`${cell} whitespace-nowrap max-sm:hidden`}>{dayIt(doc.date)}</td>
                    <StackedCell label={copy.columns.order}>
                      <a
                        href={`${base}/ordini/${doc.reference}`}
                        className="font-medium whitespace-nowrap text-brand-700 underline"
                      >
                        {doc.reference}
                      </a>
                    </StackedCell>
                    <StackedCell label={copy.columns.buyer}>{doc.buyer}</StackedCell>
                    <StackedCell label={copy.columns.kind} className="max-sm:col-span-2">
                      {copy.kinds[doc.kind]}
                      <span className="block text-xs text-slate-600">{copy.treatments[doc.treatment]}</span>
                    </StackedCell>
                    <StackedCell label={copy.columns.total} className="whitespace-nowrap sm:text-right">
                      {euroIt(doc.totalCents)}
                    </StackedCell>
                    <StackedCell label={copy.columns.taxable} className="whitespace-nowrap sm:text-right">
                      {euroIt(doc.taxableCents)}
                    </StackedCell>
                    <StackedCell label={copy.columns.tax} className="whitespace-nowrap">
                      {doc.natura ?? copy.vat(numberIt(doc.ratePercent), euroIt(doc.taxCents))}
                      {doc.stampDutyCents > 0 && (
                        <span className="block text-xs text-slate-600">
                          {copy.stamp(euroIt(doc.stampDutyCents))}
                        </span>
                      )}
                    </StackedCell>
                    <StackedCell label={copy.columns.file} className="max-sm:col-span-2">
                      <a
                        href={`${base}/fatture/${doc.fileName}`}
                        download
                        className="font-medium text-brand-700 underline"
                      >
                        {/* A narrow column breaks the name after the partita IVA, never inside it. */}
                        {doc.fileName.slice(0, 14)}
                        <wbr />
                        {doc.fileName.slice(14)}
                      </a>
                    </StackedCell>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {page.testDocuments.length > 0 && (
        <section aria-labelledby="test-documents-title" className="mt-8" data-testid="test-invoices">
          <h2 id="test-documents-title" className="text-lg font-bold">
            {copy.testTitle}: {label}
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">{copy.testIntro}</p>
          <ul className="mt-2 space-y-1 text-sm">
            {page.testDocuments.map((doc) => (
              <li key={doc.id}>
                <span className="font-semibold">{doc.number}</span> · {dayIt(doc.date)} ·{" "}
                {copy.kinds[doc.kind]} ·{" "}
                <a href={`${base}/ordini/${doc.reference}`} className="text-brand-700 underline">
                  {doc.reference}
                </a>{" "}
                · {euroIt(doc.totalCents)} ·{" "}
                <a href={`${base}/fatture/${doc.fileName}`} download className="text-brand-700 underline">
                  {doc.fileName}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="waiting-title" className="mt-8">
        <h2 id="waiting-title" className="text-lg font-bold">
          {copy.waitingTitle}
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{copy.waitingIntro}</p>
        {page.waiting.length === 0 ? (
          <p className="mt-2 text-sm">{copy.waitingNone}</p>
        ) : (
          <div className="mt-2 overflow-x-auto rounded-xl border border-slate-200">
            <table className={STACKED.table} data-testid="waiting-requests">
              <thead className={STACKED.head}>
                <tr>
                  {Object.values(copy.waitingColumns).map((column) => (
                    <th key={column} scope="col" className={`${cell} whitespace-nowrap`}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={STACKED.body}>
                {page.waiting.map((request) => (
                  <tr key={request.reference} className={STACKED.row}>
                    <th scope="row" className={`${cell} font-medium max-sm:col-span-2`}>
                      <a href={`${base}/ordini/${request.reference}`} className="text-brand-700 underline">
                        {request.reference}
                      </a>
                    </th>
                    <StackedCell label={copy.waitingColumns.requested} className="whitespace-nowrap">
                      {dateTimeIt(request.requestedAt)}
                    </StackedCell>
                    <StackedCell label={copy.waitingColumns.buyer}>
                      {request.buyer}
                      <span className="block text-xs text-slate-600">
                        {copy.buyerTypes[request.buyerType]}
                      </span>
                    </StackedCell>
                    <StackedCell label={copy.waitingColumns.state} className="max-sm:col-span-2">
                      {copy.waiting(request.problem)}
                    </StackedCell>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </AdminShell>
  );
}
