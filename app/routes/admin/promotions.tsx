/**
 * Promozioni at `/{ADMIN_PATH}/promozioni` (ADR 039): the price now, a form to schedule a
 * promotion (public or with a code; times in Italy's time zone), the promotions with "Termina ora",
 * and the price history as CSV. The forms post as documents, with JavaScript or without; the
 * answer is shown on the page.
 */
import { Form } from "react-router";
import { AdminShell } from "#app/components/admin/admin-shell.tsx";
import { STACKED, StackedCell } from "#app/components/admin/stacked-table.tsx";
import { ADMIN_PROMOTIONS_COPY as copy } from "#app/content/admin-promotions.ts";
import { PRODUCT, PROMO_PRICE_CENTS } from "#app/content/site.ts";
import { dateTimeIt, moneyIt } from "#app/lib/admin/format-it.ts";
import { adminAction } from "#app/routes/admin/action.server.ts";
import { adminPage } from "#app/routes/admin/guard.server.ts";
import { adminHandle, adminHeaders, adminMeta } from "#app/routes/admin/page-handle.ts";
import { type EnteredPromotion, loadPromotionsPage } from "#app/routes/admin/promotions.server.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/promotions";

export const handle = adminHandle;
export const meta = () => adminMeta(copy.title);
export const headers = adminHeaders;

export const loader = needsDatabase(async (args: Route.LoaderArgs) =>
  loadPromotionsPage(await adminPage(args)),
);

export const action = needsDatabase((args: Route.ActionArgs) => adminAction(args));

const input = "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm";

export default function PromotionsPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const answer = actionData && "message" in actionData ? actionData : null;
  // Only a refused scheduling carries the fields back (promotions.server.ts).
  const entered = answer && "entered" in answer ? (answer.entered as EnteredPromotion) : null;
  const { current } = data;
  return (
    <AdminShell adminPath={data.adminPath} title={copy.title}>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">{copy.intro}</p>
      {answer && (
        <p
          role={answer.ok ? "status" : "alert"}
          data-testid="promotion-answer"
          className={`mt-4 rounded-lg px-4 py-3 text-sm ${
            answer.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"
          }`}
        >
          {answer.message}
        </p>
      )}
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="now-title" className="rounded-xl border border-slate-200 p-4">
          <h2 id="now-title" className="text-lg font-bold">
            {copy.nowTitle}
          </h2>
          {data.testMode && (
            <p
              className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950"
              data-testid="test-mode-offer"
            >
              {copy.testMode(
                moneyIt(PROMO_PRICE_CENTS),
                moneyIt(PRODUCT.listPriceCents),
                PRODUCT.promoPercentOff,
              )}
            </p>
          )}
          <ul className="mt-2 space-y-1 text-sm" data-testid="price-now">
            <li>{copy.regular(moneyIt(current.regularCents))}</li>
            {current.promotion ? (
              <>
                <li>
                  {copy.running(
                    current.promotion.percent,
                    moneyIt(current.promotion.priceCents),
                    dateTimeIt(current.promotion.endsAt),
                  )}
                </li>
                {current.referenceCents !== null && (
                  <li>{copy.reference(moneyIt(current.referenceCents))}</li>
                )}
                <li className="text-slate-600">{copy.noExtension}</li>
              </>
            ) : (
              <li>{copy.noneRunning}</li>
            )}
          </ul>
        </section>
        <section aria-labelledby="form-title" className="rounded-xl border border-slate-200 p-4">
          <h2 id="form-title" className="text-lg font-bold">
            {copy.formTitle}
          </h2>
          <Form method="post" className="mt-2 grid gap-3 text-sm sm:grid-cols-2">
            <label className="block">
              {copy.percent}
              <input
                name="percent"
                type="number"
                min={1}
                max={90}
                step={1}
                required
                defaultValue={entered?.percent ?? ""}
                aria-describedby="percent-hint"
                className={input}
              />
              <span id="percent-hint" className="text-xs text-slate-500">
                {copy.percentHint}
              </span>
            </label>
            <label className="block">
              {copy.code}
              <input
                name="code"
                type="text"
                maxLength={32}
                autoComplete="off"
                defaultValue={entered?.code ?? ""}
                aria-describedby="code-hint"
                className={`${input} uppercase`}
              />
            </label>
            <p id="code-hint" className="text-xs text-slate-500 sm:col-span-2">
              {copy.codeHint}
            </p>
            <label className="block">
              {copy.startsAt}
              <input
                name="startsAt"
                type="datetime-local"
                required
                defaultValue={entered?.startsAt ?? data.defaults.startsAt}
                aria-describedby="starts-hint"
                className={input}
              />
              <span id="starts-hint" className="text-xs text-slate-500">
                {copy.startsHint}
              </span>
            </label>
            <label className="block">
              {copy.endsAt}
              <input
                name="endsAt"
                type="datetime-local"
                required
                defaultValue={entered?.endsAt ?? data.defaults.endsAt}
                className={input}
              />
            </label>
            <button
              type="submit"
              name="intent"
              value="promotion-create"
              className="rounded-md bg-slate-900 px-3 py-2 font-medium text-white hover:bg-slate-700 sm:col-span-2"
            >
              {copy.schedule}
            </button>
          </Form>
        </section>
      </div>
      <section aria-labelledby="list-title" className="mt-6">
        <h2 id="list-title" className="text-lg font-bold">
          {copy.listTitle}
        </h2>
        {data.promotions.length === 0 ? (
          <p className="mt-2 text-sm">{copy.none}</p>
        ) : (
          <div className="mt-2 overflow-x-auto rounded-xl border border-slate-200">
            <table className={STACKED.table} data-testid="promotions">
              <thead className={STACKED.head}>
                <tr>
                  {Object.values(copy.columns).map((label) => (
                    <th key={label} scope="col" className={STACKED.cell}>
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={STACKED.body}>
                {data.promotions.map((row) => (
                  <tr key={row.id} className={STACKED.row}>
                    <th scope="row" className={`${STACKED.cell} font-semibold`}>
                      −{row.percentOff} %
                    </th>
                    <StackedCell label={copy.columns.kind}>
                      {row.code ? copy.withCode(row.code) : copy.public}
                    </StackedCell>
                    <StackedCell label={copy.columns.start} className="whitespace-nowrap">
                      {dateTimeIt(row.startsAt)}
                    </StackedCell>
                    <StackedCell label={copy.columns.end} className="whitespace-nowrap">
                      {dateTimeIt(row.endsAt)}
                    </StackedCell>
                    <StackedCell label={copy.columns.state}>
                      {row.state === "endedEarly"
                        ? copy.states.endedEarly(dateTimeIt(row.endedAt ?? row.endsAt))
                        : copy.states[row.state]}
                    </StackedCell>
                    <td className={`${STACKED.cell} max-sm:block max-sm:py-1`}>
                      {(row.state === "running" || row.state === "scheduled") && (
                        <Form method="post">
                          <input type="hidden" name="promotionId" value={row.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="promotion-end"
                            className="rounded-md border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-50"
                          >
                            {row.state === "running" ? copy.endNow : copy.cancel}
                          </button>
                        </Form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="history-title" className="mt-6 rounded-xl border border-slate-200 p-4">
        <h2 id="history-title" className="text-lg font-bold">
          {copy.historyTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{copy.historyText}</p>
        <a
          href={`/${data.adminPath}/price-history.csv`}
          download
          className="mt-2 inline-block font-medium text-brand-700 underline"
        >
          {copy.historyCsv}
        </a>
      </section>
      <section aria-labelledby="evidence-title" className="mt-6 rounded-xl border border-slate-200 p-4">
        <h2 id="evidence-title" className="text-lg font-bold">
          {copy.evidence.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{copy.evidence.text}</p>
        <form
          method="get"
          action={`/${data.adminPath}/pratiche-commerciali.json`}
          className="mt-3 flex flex-wrap items-end gap-3"
        >
          <label className="text-sm font-medium">
            {copy.evidence.from}
            <input
              type="date"
              name="da"
              required
              defaultValue={data.evidencePeriod.from}
              className="mt-1 block rounded-md border border-slate-300 px-2 py-1.5"
            />
          </label>
          <label className="text-sm font-medium">
            {copy.evidence.to}
            <input
              type="date"
              name="a"
              required
              defaultValue={data.evidencePeriod.to}
              className="mt-1 block rounded-md border border-slate-300 px-2 py-1.5"
            />
          </label>
          <button
            type="submit"
            className="rounded-md bg-brand-700 px-3 py-2 text-sm font-semibold text-white"
          >
            {copy.evidence.download}
          </button>
        </form>
      </section>
    </AdminShell>
  );
}
