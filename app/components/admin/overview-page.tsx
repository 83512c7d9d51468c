/**
 * The Panoramica (ADR 033): revenue kept first (visible without scrolling on a phone), what needs
 * the owner now with a link to where each is handled, then the revenue chart (axes, values and the
 * same numbers in a table) and the funnel, each step a share of the one before.
 */
import { Link } from "react-router";
import { AdminShell } from "#app/components/admin/admin-shell.tsx";
import type { OverviewPageData } from "#app/components/admin/admin-types.ts";
import { GoLiveChecklistCard } from "#app/components/admin/go-live-checklist.tsx";
import { ADMIN_FIGURES_COPY } from "#app/content/admin-figures.ts";
import { ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";
import { dateTimeIt, moneyIt, numberIt, percentIt, shortDayIt } from "#app/lib/admin/format-it.ts";
import { OVERVIEW_PERIODS } from "#app/lib/admin/overview-periods.ts";
import { funnelRows } from "#app/lib/funnel/funnel-rows.ts";

const copy = ADMIN_PAGES_COPY.overview;
const top = ADMIN_FIGURES_COPY.top;
const CHART_DAYS = [7, 30, 90] as const;

export default function OverviewPage({ data }: { data: OverviewPageData }) {
  const { overview, adminPath } = data;
  return (
    <AdminShell adminPath={adminPath} title={copy.title} notices={data.notices}>
      <section aria-labelledby="revenue-title" className="mt-3">
        <h2 id="revenue-title" className="sr-only">
          {copy.revenueTitle}
        </h2>
        <dl className="grid grid-cols-2 gap-2 lg:grid-cols-4">
          {OVERVIEW_PERIODS.map((period) => {
            const figures = overview.periods[period];
            return (
              <div key={period} className="rounded-xl border border-slate-200 p-3" data-period={period}>
                <dt className="text-xs font-semibold text-slate-600">{copy.periods[period]}</dt>
                <dd className="text-xl font-extrabold tabular-nums sm:text-2xl">
                  {moneyIt(figures.keptCents)}
                </dd>
                <dd className="text-xs text-slate-600">{copy.sales(numberIt(figures.sales))}</dd>
                {figures.refunds > 0 && (
                  <dd className="text-xs text-slate-600">
                    {copy.refunds(numberIt(figures.refunds), moneyIt(figures.refundedCents))}
                  </dd>
                )}
              </div>
            );
          })}
        </dl>
        <p className="mt-2 text-xs text-slate-600">{copy.revenueNote}</p>
      </section>
      <Needs data={data} />
      {data.checklist && (
        <div className="mt-6">
          <GoLiveChecklistCard checklist={data.checklist} />
        </div>
      )}
      <div className="mt-8 flex flex-wrap items-end justify-between gap-3">
        <nav aria-label={copy.periodLabel} className="flex gap-1 text-sm">
          {CHART_DAYS.map((days) => (
            <Link
              key={days}
              to={`?giorni=${days}`}
              preventScrollReset
              aria-current={overview.figures.days === days ? "page" : undefined}
              className={`rounded-md border px-3 py-2 ${
                overview.figures.days === days
                  ? "border-slate-900 bg-slate-900 text-white"
                  : "border-slate-300 hover:bg-slate-50"
              }`}
            >
              {copy.periodOption(days)}
            </Link>
          ))}
        </nav>
      </div>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <RevenueChart chart={overview.figures} />
        <Funnel steps={overview.figures.steps} />
        <Ranking
          title={top.sources}
          empty={top.sourcesEmpty}
          label={top.source}
          rows={overview.figures.sources}
        />
        <Ranking
          title={top.articles}
          empty={top.articlesEmpty}
          label={top.article}
          rows={overview.figures.articles}
        />
      </div>
    </AdminShell>
  );
}

function Needs({ data }: { data: OverviewPageData }) {
  const { needs } = data.overview;
  const base = `/${data.adminPath}/ordini`;
  const items = [
    { n: needs.disputes, text: copy.needs.disputes(needs.disputes), to: `${base}?filtro=contestazioni` },
    {
      n: needs.refundRequests,
      text: copy.needs.refundRequests(needs.refundRequests),
      to: `${base}#richieste-rimborso`,
    },
    {
      n: needs.failedEmails,
      text: copy.needs.failedEmails(needs.failedEmails),
      to: `${base}#email-non-consegnate`,
    },
    { n: needs.sharedLinks, text: copy.needs.sharedLinks(needs.sharedLinks), to: `${base}?filtro=condivisi` },
  ].filter((item) => item.n > 0);
  const settings = `/${data.adminPath}/impostazioni`;
  for (const problem of data.delivery.problems)
    items.unshift({
      n: 1,
      text: problem === "mail" ? copy.needs.mail : copy.needs.publicUrl(data.delivery.publicUrl),
      to: `${settings}#checklist-title`,
    });
  const failing = data.failing.map((failure) =>
    copy.needs.job(
      copy.jobs[failure.job],
      dateTimeIt(failure.firstFailedAt),
      failure.failures,
      failure.message,
    ),
  );
  return (
    <section aria-labelledby="needs-title" className="mt-6">
      <h2 id="needs-title" className="text-lg font-bold">
        {copy.needsTitle}
      </h2>
      {failing.length > 0 && (
        <div className="mt-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-950">
          <ul className="grid gap-1 font-semibold">
            {failing.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
          <p className="mt-1">{copy.jobsNote}</p>
        </div>
      )}
      {items.length === 0 && failing.length === 0 && (
        <p className="mt-1 text-sm text-slate-600">{copy.needsNone}</p>
      )}
      {items.length > 0 && (
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {items.map((item) => (
            <li key={item.text}>
              <Link
                to={item.to}
                className="block rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-semibold text-amber-950 underline-offset-2 hover:underline"
              >
                {item.text}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Bars with a value axis (0, half, top) and a day axis (first, middle, last day). */
function RevenueChart({ chart }: { chart: OverviewPageData["overview"]["figures"] }) {
  const total = chart.revenue.reduce((sum, day) => sum + day.cents, 0);
  const top = Math.max(100, ...chart.revenue.map((day) => day.cents));
  const [left, right, height, bottom] = [64, 4, 120, 20];
  const width = 320;
  const plotWidth = width - left - right;
  const bar = plotWidth / chart.revenue.length;
  const y = (cents: number) => height - (cents / top) * (height - 8);
  const ticks = [0, top / 2, top];
  const dayTicks = [0, Math.floor((chart.revenue.length - 1) / 2), chart.revenue.length - 1];
  return (
    <section aria-labelledby="chart-title" className="rounded-xl border border-slate-200 p-4">
      <h2 id="chart-title" className="text-lg font-bold">
        {copy.chartTitle}
      </h2>
      <figure className="mt-2">
        <svg
          role="img"
          aria-label={copy.chartLabel(chart.days, moneyIt(total))}
          viewBox={`0 0 ${width} ${height + bottom}`}
          className="w-full text-brand-700"
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={left} x2={width - right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" strokeWidth="1" />
              <text x={left - 4} y={y(tick) + 3} textAnchor="end" fontSize="9" fill="#475569">
                {moneyIt(tick)}
              </text>
            </g>
          ))}
          {chart.revenue.map((day, i) => (
            <rect
              key={day.day}
              x={left + i * bar + bar * 0.15}
              y={y(day.cents)}
              width={bar * 0.7}
              height={height - y(day.cents)}
              fill="currentColor"
            >
              <title>{`${shortDayIt(day.day)}: ${moneyIt(day.cents)}`}</title>
            </rect>
          ))}
          <line x1={left} x2={width - right} y1={height} y2={height} stroke="#64748b" strokeWidth="1" />
          {dayTicks.map((i) => (
            <text
              key={i}
              x={left + i * bar + bar / 2}
              y={height + 14}
              textAnchor="middle"
              fontSize="9"
              fill="#475569"
            >
              {shortDayIt(chart.revenue[i]?.day ?? chart.to)}
            </text>
          ))}
        </svg>
        <figcaption className="mt-1 text-sm text-slate-600" aria-hidden="true">
          {copy.chartLabel(chart.days, moneyIt(total))}
        </figcaption>
      </figure>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium">{copy.tableSummary}</summary>
        <table className="mt-2 w-full text-left">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1">
                {copy.day}
              </th>
              <th scope="col" className="py-1 pl-3 text-right">
                {copy.salesColumn}
              </th>
              <th scope="col" className="py-1 pl-3 text-right">
                {copy.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {chart.revenue.map((day) => (
              <tr key={day.day} className="border-t border-slate-100">
                <th scope="row" className="py-1 font-normal">
                  {shortDayIt(day.day)}
                </th>
                <td className="py-1 pl-3 text-right tabular-nums">{numberIt(day.orders)}</td>
                <td className="py-1 pl-3 text-right tabular-nums">{moneyIt(day.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

function Funnel({ steps }: { steps: OverviewPageData["overview"]["figures"]["steps"] }) {
  return (
    <section aria-labelledby="funnel-title" className="rounded-xl border border-slate-200 p-4">
      <h2 id="funnel-title" className="text-lg font-bold">
        {copy.funnelTitle}
      </h2>
      <table className="mt-2 w-full text-left text-sm" data-testid="funnel">
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-1">
              {copy.step}
            </th>
            <th scope="col" className="py-1 pl-3 text-right">
              {copy.count}
            </th>
            <th scope="col" className="py-1 pl-3 text-right">
              {copy.share}
            </th>
          </tr>
        </thead>
        <tbody>
          {funnelRows(steps).map((row) => (
            <tr
              key={row.stage}
              className="border-t border-slate-100"
              data-stage={row.stage}
              data-count={row.inPath}
            >
              <th scope="row" className="py-1 font-normal">
                {copy.stages[row.stage]}
                {row.outside > 0 && (
                  <span className="block text-xs text-slate-600">{copy.outside(numberIt(row.outside))}</span>
                )}
              </th>
              <td className="py-1 pl-3 text-right font-semibold tabular-nums">{numberIt(row.inPath)}</td>
              <td className="py-1 pl-3 text-right tabular-nums" data-share={row.share ?? ""}>
                {row.share === null ? "—" : percentIt(row.share)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-slate-600">{copy.funnelHow}</p>
    </section>
  );
}

function Ranking(props: {
  title: string;
  empty: string;
  label: string;
  rows: OverviewPageData["overview"]["figures"]["sources"];
}) {
  return (
    <section className="rounded-xl border border-slate-200 p-4" aria-label={props.title}>
      <h2 className="text-lg font-bold">{props.title}</h2>
      {props.rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{props.empty}</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1">
                {props.label}
              </th>
              <th scope="col" className="py-1 pl-3 text-right">
                {top.visits}
              </th>
              <th scope="col" className="py-1 pl-3 text-right">
                {top.sales}
              </th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={row.label} className="border-t border-slate-100">
                <th scope="row" className="py-1 font-normal break-all">
                  {row.label}
                </th>
                <td className="py-1 pl-3 text-right tabular-nums">{numberIt(row.visits)}</td>
                <td className="py-1 pl-3 text-right tabular-nums">{numberIt(row.sales)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
