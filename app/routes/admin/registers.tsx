/**
 * Registri at `/{ADMIN_PATH}/registri`: the chosen month or quarter's totals per regime, the
 * register of takings, the OSS return's lines, and the three registers as CSV files. The chooser is
 * a GET form, so the page works the same without JavaScript.
 */
import type { ReactNode } from "react";
import { AdminShell } from "#app/components/admin/admin-shell.tsx";
import { PeriodChooser } from "#app/components/admin/period-chooser.tsx";
import { REGISTERS_COPY as copy, REGISTER_NAMES } from "#app/content/admin-registers.ts";
import { dayIt, euroIt, numberIt } from "#app/lib/admin/format-it.ts";
import { adminPage } from "#app/routes/admin/guard.server.ts";
import { adminHandle, adminHeaders, adminMeta } from "#app/routes/admin/page-handle.ts";
import { loadRegistersPage } from "#app/routes/admin/registers.server.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/registers";

export const handle = adminHandle;
export const meta = () => adminMeta(copy.title);
export const headers = adminHeaders;

export const loader = needsDatabase(async (args: Route.LoaderArgs) =>
  loadRegistersPage(await adminPage(args), args.request),
);

const cell = "px-3 py-2";
const number = `${cell} text-right tabular-nums`;
const euro = (cents: number | null) => (cents === null ? "—" : euroIt(cents));
const percent = (rate: number) => `${numberIt(rate)}%`;

/** A table wider than a phone scrolls inside its own box, which a keyboard can reach and scroll. */
function ScrollRegion(props: { children: ReactNode }) {
  return (
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to be scrolled from the keyboard (WCAG 2.1.1).
      tabIndex={0}
      className="mt-2 overflow-x-auto rounded-xl border border-slate-200"
    >
      {props.children}
    </div>
  );
}

export default function RegistersPage({ loaderData: data }: Route.ComponentProps) {
  const csv = (register: string, excel: boolean) =>
    `/${data.adminPath}/registri.csv?periodo=${data.period.key}&registro=${register}${excel ? "&sep=semicolon" : ""}`;
  const totals = data.summary.reduce(
    (sum, row) => ({
      sales: sum.sales + row.sales,
      salesCents: sum.salesCents + row.salesCents,
      refundsCents: sum.refundsCents + row.refundsCents,
      taxableCents: sum.taxableCents + (row.taxableCents ?? 0),
      taxCents: sum.taxCents + (row.taxCents ?? 0),
    }),
    { sales: 0, salesCents: 0, refundsCents: 0, taxableCents: 0, taxCents: 0 },
  );
  return (
    <AdminShell adminPath={data.adminPath} title={copy.title} notices={data.notices}>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">{copy.intro}</p>
      <PeriodChooser
        periods={data.choices}
        chosen={data.period.key}
        label={copy.chooserLabel}
        show={copy.show}
      />
      <h2 className="mt-6 text-xl font-bold" data-testid="registers-period">
        {data.period.label}
      </h2>
      {data.problems.length > 0 && (
        <div
          role="alert"
          data-testid="registers-not-final"
          className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-950"
        >
          <p className="font-semibold">{copy.notFinal}</p>
          <ul className="mt-1 list-disc pl-5">
            {data.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}

      <section aria-labelledby="summary-title" className="mt-6">
        <h3 id="summary-title" className="text-lg font-bold">
          {copy.summaryTitle}
        </h3>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{copy.summaryText}</p>
        {data.rowCount === 0 ? (
          <p className="mt-2 rounded-lg border border-slate-200 p-4 text-sm">{copy.empty}</p>
        ) : (
          <ScrollRegion>
            <table className="w-full text-sm" data-testid="registers-summary">
              <thead className="bg-slate-50 text-left">
                <tr>
                  <th scope="col" className={cell}>
                    {copy.regime}
                  </th>
                  <th scope="col" className={number}>
                    {copy.sales}
                  </th>
                  <th scope="col" className={number}>
                    {copy.total}
                  </th>
                  <th scope="col" className={number}>
                    {copy.refunds}
                  </th>
                  <th scope="col" className={number}>
                    {copy.net}
                  </th>
                  <th scope="col" className={number}>
                    {copy.vat}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {data.summary.map((row) => (
                  <tr key={row.regime}>
                    <th scope="row" className={`${cell} text-left font-medium`}>
                      {row.label}
                    </th>
                    <td className={number}>{numberIt(row.sales)}</td>
                    <td className={number}>{euroIt(row.salesCents)}</td>
                    <td className={number}>{euroIt(row.refundsCents)}</td>
                    <td className={number}>{euro(row.taxableCents)}</td>
                    <td className={number}>{euro(row.taxCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-slate-300 font-semibold">
                <tr>
                  <th scope="row" className={`${cell} text-left`}>
                    {copy.totalRow}
                  </th>
                  <td className={number}>{numberIt(totals.sales)}</td>
                  <td className={number}>{euroIt(totals.salesCents)}</td>
                  <td className={number}>{euroIt(totals.refundsCents)}</td>
                  <td className={number}>{euroIt(totals.taxableCents)}</td>
                  <td className={number}>{euroIt(totals.taxCents)}</td>
                </tr>
              </tfoot>
            </table>
          </ScrollRegion>
        )}
      </section>

      <section aria-labelledby="takings-title" className="mt-8">
        <h3 id="takings-title" className="text-lg font-bold">
          {copy.takingsTitle}
        </h3>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{copy.takingsText}</p>
        {data.takings.length === 0 ? (
          <p className="mt-2 rounded-lg border border-slate-200 p-4 text-sm">{copy.takingsEmpty}</p>
        ) : (
          <ScrollRegion>
            <table className="w-full text-sm" data-testid="registers-takings">
              <thead className="bg-slate-50 text-left">
                <tr>
                  <th scope="col" className={cell}>
                    {copy.day}
                  </th>
                  <th scope="col" className={number}>
                    {copy.count}
                  </th>
                  <th scope="col" className={number}>
                    {copy.rate}
                  </th>
                  <th scope="col" className={number}>
                    {copy.total}
                  </th>
                  <th scope="col" className={number}>
                    {copy.net}
                  </th>
                  <th scope="col" className={number}>
                    {copy.vat}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {data.takings.map((day) => (
                  <tr key={`${day.day}-${day.ratePercent}`}>
                    <th scope="row" className={`${cell} text-left font-medium`}>
                      {dayIt(day.day)}
                    </th>
                    <td className={number}>{numberIt(day.sales)}</td>
                    <td className={number}>{percent(day.ratePercent)}</td>
                    <td className={number}>{euroIt(day.totalCents)}</td>
                    <td className={number}>{euroIt(day.taxableCents)}</td>
                    <td className={number}>{euroIt(day.taxCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </section>

      <section aria-labelledby="oss-title" className="mt-8">
        <h3 id="oss-title" className="text-lg font-bold">
          {copy.ossTitle}
        </h3>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{copy.ossText(dayIt(data.period.lastDay))}</p>
        {data.oss.lines.length === 0 ? (
          <p className="mt-2 rounded-lg border border-slate-200 p-4 text-sm">{copy.ossEmpty}</p>
        ) : (
          <ScrollRegion>
            <table className="w-full text-sm" data-testid="registers-oss">
              <thead className="bg-slate-50 text-left">
                <tr>
                  <th scope="col" className={cell}>
                    {copy.country}
                  </th>
                  <th scope="col" className={number}>
                    {copy.rate}
                  </th>
                  <th scope="col" className={number}>
                    {copy.taxable}
                  </th>
                  <th scope="col" className={number}>
                    {copy.vat}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {data.oss.lines.map((line) => (
                  <tr key={`${line.country}-${line.ratePercent}`}>
                    <th scope="row" className={`${cell} text-left font-medium`}>
                      {line.country}
                    </th>
                    <td className={number}>{percent(line.ratePercent)}</td>
                    <td className={number}>{euroIt(line.taxableCents)}</td>
                    <td className={number}>{euroIt(line.taxCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-slate-300 font-semibold">
                <tr>
                  <th scope="row" className={`${cell} text-left`}>
                    {copy.totalRow}
                  </th>
                  <td className={number} />
                  <td className={number}>{euroIt(data.oss.total.taxableCents)}</td>
                  <td className={number}>{euroIt(data.oss.total.taxCents)}</td>
                </tr>
              </tfoot>
            </table>
          </ScrollRegion>
        )}
        {data.oss.corrections.length > 0 && (
          <div className="mt-4">
            <h4 id="oss-corrections-title" className="font-semibold">
              {copy.ossCorrectionsTitle}
            </h4>
            <p className="mt-1 max-w-3xl text-sm text-slate-600">{copy.ossCorrectionsText}</p>
            <ScrollRegion>
              <table className="w-full text-sm" data-testid="registers-oss-corrections">
                <thead className="bg-slate-50 text-left">
                  <tr>
                    <th scope="col" className={cell}>
                      {copy.country}
                    </th>
                    <th scope="col" className={cell}>
                      {copy.originalPeriod}
                    </th>
                    <th scope="col" className={number}>
                      {copy.rate}
                    </th>
                    <th scope="col" className={number}>
                      {copy.taxable}
                    </th>
                    <th scope="col" className={number}>
                      {copy.vat}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {data.oss.corrections.map((line) => (
                    <tr key={`${line.country}-${line.salePeriod}-${line.ratePercent}`}>
                      <th scope="row" className={`${cell} text-left font-medium`}>
                        {line.country}
                      </th>
                      <td className={cell}>{line.salePeriod}</td>
                      <td className={number}>{percent(line.ratePercent)}</td>
                      <td className={number}>{euroIt(line.taxableCents)}</td>
                      <td className={number}>{euroIt(line.taxCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </div>
        )}
      </section>

      <section aria-labelledby="downloads-title" className="mt-8">
        <h3 id="downloads-title" className="text-lg font-bold">
          {copy.downloadsTitle}
        </h3>
        <ul className="mt-2 space-y-1 text-sm">
          {REGISTER_NAMES.map((register) => (
            <li key={register}>
              <a href={csv(register, false)} className="font-semibold underline" download>
                {copy.downloads[register]}
              </a>{" "}
              (
              <a href={csv(register, true)} className="underline" download>
                {copy.excel}
              </a>
              )
            </li>
          ))}
        </ul>
      </section>
    </AdminShell>
  );
}
