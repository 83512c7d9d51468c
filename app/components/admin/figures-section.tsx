/**
 * The admin's figures (ADR 023): the period (7/30/90 days), revenue per day as an inline SVG chart
 * with the same numbers in a table, the purchase funnel with its conversion at each step, the top
 * sources and articles by visits and by sales, and the owner's e-mail switches.
 */
import { Link, useFetcher } from "react-router";
import type { AdminActionData, SignedIn } from "#app/components/admin/admin-types.ts";
import { useActionToast } from "#app/components/admin/use-action-toast.ts";
import { ADMIN_FIGURES_COPY } from "#app/content/admin-figures.ts";
import { formatCents } from "#app/lib/money.ts";

type Figures = SignedIn["figures"];

const PERIODS = [7, 30, 90] as const;
const copy = ADMIN_FIGURES_COPY;

const percent = (part: number, whole: number) =>
  whole > 0
    ? `${new Intl.NumberFormat("it-IT", { maximumFractionDigits: 1 }).format((part / whole) * 100)}%`
    : "—";

const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

export function FiguresSection({ data }: { data: SignedIn }) {
  const figures = data.figures;
  return (
    <section aria-labelledby="figures-title" className="mt-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="figures-title" className="text-2xl font-bold">
          {copy.title}
        </h2>
        <nav aria-label={copy.periods.label} className="flex gap-1 text-sm">
          {PERIODS.map((days) => (
            <Link
              key={days}
              to={`?giorni=${days}#figures-title`}
              preventScrollReset
              aria-current={figures.days === days ? "page" : undefined}
              className={`rounded-md border px-3 py-2 ${
                figures.days === days
                  ? "border-slate-900 bg-slate-900 text-white"
                  : "border-slate-300 hover:bg-slate-50"
              }`}
            >
              {copy.periods.option(days)}
            </Link>
          ))}
        </nav>
      </div>
      <p className="mt-2 text-sm text-slate-600">{copy.intro}</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <RevenueChart figures={figures} />
        <FunnelTable figures={figures} />
        <Ranking
          title={copy.top.sources}
          empty={copy.top.sourcesEmpty}
          label={copy.top.source}
          rows={figures.sources}
        />
        <Ranking
          title={copy.top.articles}
          empty={copy.top.articlesEmpty}
          label={copy.top.article}
          rows={figures.articles}
        />
      </div>
      <OwnerNotices notices={data.ownerNotices} />
    </section>
  );
}

function RevenueChart({ figures }: { figures: Figures }) {
  const total = figures.revenue.reduce((sum, day) => sum + day.cents, 0);
  const max = Math.max(1, ...figures.revenue.map((day) => day.cents));
  const width = 100 / figures.revenue.length;
  const label = copy.revenue.chartLabel(figures.days, formatCents(total));
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <h3 className="text-lg font-bold">{copy.revenue.title}</h3>
      <p className="text-sm text-slate-600">
        {copy.revenue.total}: <strong>{formatCents(total)}</strong>
      </p>
      <svg
        role="img"
        aria-label={label}
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        className="mt-3 h-40 w-full text-brand-700"
      >
        <line x1="0" y1="40" x2="100" y2="40" stroke="#cbd5e1" strokeWidth="0.4" />
        {figures.revenue.map((day, i) => {
          const height = (day.cents / max) * 38;
          return (
            <rect
              key={day.day}
              x={i * width + width * 0.1}
              y={40 - height}
              width={width * 0.8}
              height={height}
              fill="currentColor"
            >
              <title>{`${shortDay(day.day)}: ${formatCents(day.cents)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="flex justify-between text-xs text-slate-500" aria-hidden="true">
        <span>{shortDay(figures.from)}</span>
        <span>{shortDay(figures.to)}</span>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium">{copy.revenue.tableSummary}</summary>
        <table className="mt-2 w-full text-left">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1">
                {copy.revenue.day}
              </th>
              <th scope="col" className="py-1 pl-3 text-right">
                {copy.revenue.orders}
              </th>
              <th scope="col" className="py-1 pl-3 text-right">
                {copy.revenue.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {figures.revenue.map((day) => (
              <tr key={day.day} className="border-t border-slate-100">
                <td className="py-1">{shortDay(day.day)}</td>
                <td className="py-1 pl-3 text-right">{day.orders}</td>
                <td className="py-1 pl-3 text-right">{formatCents(day.cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

function FunnelTable({ figures }: { figures: Figures }) {
  const { steps } = figures;
  const names = copy.funnel.steps;
  const arrivals = steps.visit_landing + steps.visit_blog;
  const rows: { step: keyof typeof names; base?: { count: number; name: string } }[] = [
    { step: "visit_landing" },
    { step: "visit_blog" },
    {
      step: "visit_checkout",
      base: { count: arrivals, name: `${names.visit_landing} + ${names.visit_blog}` },
    },
    { step: "payment_started", base: { count: steps.visit_checkout, name: names.visit_checkout } },
    { step: "payment_completed", base: { count: steps.payment_started, name: names.payment_started } },
    { step: "download", base: { count: steps.payment_completed, name: names.payment_completed } },
  ];
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <h3 className="text-lg font-bold">{copy.funnel.title}</h3>
      <table className="mt-3 w-full text-left text-sm" data-testid="funnel">
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-1">
              {copy.funnel.step}
            </th>
            <th scope="col" className="py-1 pl-3 text-right">
              {copy.funnel.count}
            </th>
            <th scope="col" className="py-1 pl-3 text-right">
              {copy.funnel.conversion}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ step, base }) => (
            <tr key={step} className="border-t border-slate-100" data-step={step}>
              <th scope="row" className="py-1 font-normal">
                {names[step]}
              </th>
              <td className="py-1 pl-3 text-right font-semibold">{steps[step]}</td>
              <td
                className="py-1 pl-3 text-right"
                title={base ? copy.funnel.conversionOf(base.name) : undefined}
              >
                {base ? percent(steps[step], base.count) : ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Ranking(props: { title: string; empty: string; label: string; rows: Figures["sources"] }) {
  return (
    <div className="rounded-xl border border-slate-200 p-4">
      <h3 className="text-lg font-bold">{props.title}</h3>
      {props.rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{props.empty}</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1">
                {props.label}
              </th>
              <th scope="col" className="py-1 pl-3 text-right">
                {copy.top.visits}
              </th>
              <th scope="col" className="py-1 pl-3 text-right">
                {copy.top.sales}
              </th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={row.label} className="border-t border-slate-100">
                <th scope="row" className="py-1 font-normal break-all">
                  {row.label}
                </th>
                <td className="py-1 pl-3 text-right">{row.visits}</td>
                <td className="py-1 pl-3 text-right">{row.sales}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function OwnerNotices({ notices }: { notices: SignedIn["ownerNotices"] }) {
  const fetcher = useFetcher<AdminActionData>();
  useActionToast(fetcher);
  return (
    <fetcher.Form method="post" className="mt-6 rounded-xl border border-slate-200 p-4">
      <fieldset>
        <legend className="text-lg font-bold">{copy.notices.title}</legend>
        <p className="text-sm text-slate-600">{copy.notices.text(notices.email)}</p>
        <label className="mt-3 flex items-start gap-2 text-sm">
          <input type="checkbox" name="sale" defaultChecked={notices.sale} className="mt-0.5 size-4" />
          {copy.notices.sale}
        </label>
        <label className="mt-2 flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="dailySummary"
            defaultChecked={notices.dailySummary}
            className="mt-0.5 size-4"
          />
          {copy.notices.dailySummary}
        </label>
      </fieldset>
      <button
        type="submit"
        name="intent"
        value="owner-notices"
        disabled={fetcher.state !== "idle"}
        className="mt-3 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-60"
      >
        {copy.notices.save}
      </button>
    </fetcher.Form>
  );
}
