/** Ordini at `/{ADMIN_PATH}/ordini` (ADR 033): the filter, the search, the page; each order opens its page. */
import { Form, Link } from "react-router";
import { AdminShell } from "#app/components/admin/admin-shell.tsx";
import { FailedEmails } from "#app/components/admin/failed-emails.tsx";
import { RefundRequestsCard } from "#app/components/admin/refund-requests-card.tsx";
import { TestOrdersCard } from "#app/components/admin/test-orders-card.tsx";
import { UnreadStripeEvents } from "#app/components/admin/unread-stripe-events.tsx";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { ORDERS_CSV_COPY } from "#app/content/admin-figures.ts";
import { ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";
import { dateTimeIt, moneyIt, numberIt } from "#app/lib/admin/format-it.ts";
import { ORDER_FILTERS } from "#app/lib/orders/order-filters.ts";
import { adminAction } from "#app/routes/admin/action.server.ts";
import { adminPage } from "#app/routes/admin/guard.server.ts";
import { loadOrdersPage } from "#app/routes/admin/orders.server.ts";
import { adminHandle, adminHeaders, adminMeta } from "#app/routes/admin/page-handle.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/orders";

const copy = ADMIN_PAGES_COPY.orders;

export const handle = adminHandle;
export const meta = () => adminMeta(copy.title);
export const headers = adminHeaders;

export const loader = needsDatabase(async (args: Route.LoaderArgs) =>
  loadOrdersPage(await adminPage(args), args.request),
);

export const action = needsDatabase((args: Route.ActionArgs) => adminAction(args));

export default function OrdersPage({ loaderData: data }: Route.ComponentProps) {
  const { orders } = data;
  const base = `/${data.adminPath}/ordini`;
  const href = (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams();
    const merged = {
      filtro: data.filter === "vendite" ? null : data.filter,
      q: data.query || null,
      pagina: null,
      ...changes,
    };
    for (const [key, value] of Object.entries(merged))
      if (value !== null && String(value) !== "1") params.set(key, String(value));
    const query = params.toString();
    return query ? `${base}?${query}` : base;
  };
  return (
    <AdminShell adminPath={data.adminPath} title={copy.title} notices={data.notices}>
      {orders.page > orders.pages && (
        <p className="mt-2 text-sm">
          <Link to={href({ pagina: orders.pages })} className="font-semibold underline">
            {copy.lastPage}
          </Link>
        </p>
      )}
      <nav aria-label={copy.filterLabel} className="mt-4 flex flex-wrap gap-1 text-sm">
        {ORDER_FILTERS.map((filter) => (
          <Link
            key={filter}
            to={href({ filtro: filter === "vendite" ? null : filter })}
            aria-current={data.filter === filter ? "page" : undefined}
            className={`rounded-md border px-3 py-2 ${
              data.filter === filter
                ? "border-slate-900 bg-slate-900 text-white"
                : "border-slate-300 hover:bg-slate-50"
            }`}
          >
            {copy.filters[filter]}
          </Link>
        ))}
      </nav>
      <p className="mt-2 text-xs text-slate-600">{copy.filterHint}</p>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-3">
        <Form method="get" role="search" className="flex w-full max-w-md gap-2">
          {data.filter !== "vendite" && <input type="hidden" name="filtro" value={data.filter} />}
          <label htmlFor="orders-search" className="sr-only">
            {copy.search}
          </label>
          <input
            id="orders-search"
            name="q"
            type="search"
            defaultValue={data.query}
            maxLength={200}
            placeholder={copy.search}
            className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <button
            type="submit"
            className="rounded-md bg-slate-900 px-3 py-2 text-sm font-semibold text-white"
          >
            {copy.searchButton}
          </button>
        </Form>
        <ul className="flex gap-3 text-sm">
          <li>
            <a href={`/${data.adminPath}/orders.csv`} className="underline" download>
              {copy.csv}
            </a>
          </li>
          <li>
            <a href={`/${data.adminPath}/orders.csv?sep=semicolon`} className="underline" download>
              {ORDERS_CSV_COPY.excelLink}
            </a>
          </li>
        </ul>
      </div>
      <p className="mt-4 text-sm text-slate-600" aria-live="polite">
        {copy.count(numberIt(orders.total))}
      </p>
      {orders.items.length === 0 ? (
        <p className="mt-2 rounded-lg border border-slate-200 p-4 text-sm">{copy.empty}</p>
      ) : (
        <ul
          className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200"
          data-testid="orders"
        >
          {orders.items.map((order) => (
            <li key={order.id}>
              <Link
                to={`${base}/${order.reference}`}
                className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 p-3 text-sm hover:bg-slate-50 md:grid-cols-[9rem_8rem_1fr_7rem_9rem]"
              >
                <span className="font-semibold md:order-2">
                  #{order.number}{" "}
                  <span className="block font-mono text-xs font-normal text-slate-600">
                    {order.reference}
                  </span>
                </span>
                <span className="text-right font-semibold tabular-nums md:order-4">
                  {moneyIt(order.amountCents)}
                </span>
                <span className="min-w-0 truncate md:order-3">{order.email}</span>
                <span className="text-right md:order-5">
                  {ADMIN_COPY.orders.statuses[order.status]}
                  {!order.livemode && (
                    <span
                      className="ml-1 rounded bg-amber-100 px-1 text-xs text-amber-900"
                      title={ADMIN_COPY.orders.testHint}
                    >
                      {ADMIN_COPY.orders.test}
                    </span>
                  )}
                  {order.sharingFlaggedAt && (
                    <span className="block text-xs text-red-800">{ADMIN_COPY.attention.sharing}</span>
                  )}
                  {order.attention && (
                    <span className="block text-xs text-amber-900">{attentionLabel(order.attention)}</span>
                  )}
                </span>
                <span className="col-span-2 text-xs text-slate-600 md:order-1 md:col-span-1 md:text-sm">
                  {dateTimeIt(order.createdAt)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {orders.pages > 1 && (
        <nav aria-label={copy.pagination} className="mt-4 flex items-center justify-between gap-2 text-sm">
          {orders.page > 1 ? (
            <Link
              to={href({ pagina: Math.min(orders.page, orders.pages + 1) - 1 })}
              className="rounded-md border border-slate-300 px-3 py-2"
              rel="prev"
            >
              {copy.previous}
            </Link>
          ) : (
            <span />
          )}
          <span>{copy.page(Math.min(orders.page, orders.pages), orders.pages)}</span>
          {orders.page < orders.pages ? (
            <Link
              to={href({ pagina: orders.page + 1 })}
              className="rounded-md border border-slate-300 px-3 py-2"
              rel="next"
            >
              {copy.next}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
      <RefundRequestsCard waiting={data.refundRequests} />
      <FailedEmails emails={data.failedEmails} />
      <UnreadStripeEvents unread={data.unreadStripeEvents} />
      <TestOrdersCard deletable={data.testOrders.deletable} inProgress={data.testOrders.inProgress} />
    </AdminShell>
  );
}

/** The flags the admin names; any other shows as "Da verificare" (the order page explains it). */
const NAMED = ["refund_failed", "refund_requires_action", "foreign_payment", "event_unreadable"] as const;

function attentionLabel(attention: string): string {
  return (NAMED as readonly string[]).includes(attention)
    ? ADMIN_COPY.attention[attention as (typeof NAMED)[number]]
    : ADMIN_COPY.attention.other;
}
