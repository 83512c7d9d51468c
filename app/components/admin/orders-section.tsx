/** The orders section: revenue, search, the orders table with its pages, and the failed e-mails. */
import { Search } from "lucide-react";
import { Form, useNavigation } from "react-router";
import type { SignedIn } from "#app/components/admin/admin-types.ts";
import { FailedEmails } from "#app/components/admin/failed-emails.tsx";
import { OrderRow } from "#app/components/admin/order-row.tsx";
import { ReconcileCard } from "#app/components/admin/reconcile-card.tsx";
import { useRefreshWhileQueued } from "#app/components/admin/use-refresh-while-queued.ts";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { ORDERS_CSV_COPY } from "#app/content/admin-figures.ts";
import { formatCents } from "#app/lib/money.ts";

export function OrdersSection({ data }: { data: SignedIn }) {
  const copy = ADMIN_COPY.orders;
  const navigation = useNavigation();
  const { orders } = data;
  useRefreshWhileQueued(orders.items.some((order) => order.emailState === "pending"));
  const pageLink = (page: number) =>
    `?${new URLSearchParams({ ...(data.query ? { q: data.query } : {}), page: String(page) })}`;
  return (
    <section aria-labelledby="orders-title" className="mt-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="orders-title" className="text-2xl font-bold">
          {copy.title}
        </h2>
        <ul className="flex flex-wrap gap-2">
          <li>
            <a
              href={`/${data.adminPath}/orders.csv`}
              className="block rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
            >
              {copy.export}
            </a>
          </li>
          <li>
            <a
              href={`/${data.adminPath}/orders.csv?sep=semicolon`}
              className="block rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50"
            >
              {ORDERS_CSV_COPY.excelLink}
            </a>
          </li>
        </ul>
      </div>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        {(
          [
            [copy.today, data.revenue.today],
            [copy.last7, data.revenue.last7],
            [copy.last30, data.revenue.last30],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 p-4">
            <dt className="text-sm text-slate-500">
              {copy.revenue} · {label}
            </dt>
            <dd className="mt-1 text-2xl font-bold">{formatCents(value.cents)}</dd>
            <dd className="text-sm text-slate-500">{copy.ordersCount(value.orders)}</dd>
          </div>
        ))}
      </dl>
      <Form method="get" role="search" className="mt-6 flex gap-2">
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
          className="w-full max-w-md rounded-md border border-slate-300 px-3 py-2"
        />
        <button
          type="submit"
          className="inline-flex items-center gap-1 rounded-md bg-slate-900 px-4 py-2 text-sm text-white"
        >
          <Search aria-hidden="true" className="size-4" /> {copy.searchButton}
        </button>
      </Form>
      <div
        className="mt-4 overflow-x-auto rounded-xl border border-slate-200"
        aria-busy={navigation.state !== "idle"}
      >
        <table className="w-full text-left text-sm max-md:block md:min-w-[56rem]">
          <thead className="bg-slate-50 text-slate-600 max-md:hidden">
            <tr>
              {Object.values(copy.columns).map((column) => (
                <th key={column} scope="col" className="px-3 py-2 font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-md:block">
            {orders.items.length === 0 && (
              <tr>
                <td colSpan={9} className="px-3 py-6 text-center text-slate-500">
                  {copy.empty}
                </td>
              </tr>
            )}
            {orders.items.map((order) => (
              <OrderRow key={order.id} order={order} />
            ))}
          </tbody>
        </table>
      </div>
      {orders.pages > 1 && (
        <nav
          aria-label={copy.page(orders.page, orders.pages)}
          className="mt-4 flex items-center gap-4 text-sm"
        >
          {orders.page > 1 && <a href={pageLink(orders.page - 1)}>{copy.previous}</a>}
          <span>{copy.page(orders.page, orders.pages)}</span>
          {orders.page < orders.pages && <a href={pageLink(orders.page + 1)}>{copy.next}</a>}
        </nav>
      )}
      <FailedEmails emails={data.failedEmails} />
      <ReconcileCard reconcile={data.reconcile} />
    </section>
  );
}
