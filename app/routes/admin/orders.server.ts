/**
 * Ordini at `/{ADMIN_PATH}/ordini` (ADR 033): the filter, search and page come from the URL; a
 * malformed or out-of-range one is said on the page, which shows the nearest valid list.
 */
import { ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";
import { failedEmails, listOrders } from "#app/lib/orders/admin-orders.server.ts";
import { countTestOrders } from "#app/lib/orders/delete-test-orders.server.ts";
import { ORDER_FILTERS, type OrderFilter } from "#app/lib/orders/order-filters.ts";
import { waitingRefundRequests } from "#app/lib/orders/refund-requests.server.ts";
import {
  dashboardEventUrl,
  UNREAD_EVENTS_KEPT,
  unreadEvents,
} from "#app/lib/payments/unread-stripe-events.server.ts";
import type { Services } from "#app/lib/services.server.ts";

const copy = ADMIN_PAGES_COPY.orders;

export async function loadOrdersPage(services: Services, request: Request) {
  const db = services.database.db;
  const params = new URL(request.url).searchParams;
  const notices: string[] = [];
  const askedFilter = params.get("filtro");
  const filter: OrderFilter = ORDER_FILTERS.find((f) => f === askedFilter) ?? "vendite";
  if (askedFilter !== null && askedFilter !== filter) notices.push(copy.badFilter);
  const askedPage = params.get("pagina");
  let page = 1;
  if (askedPage !== null) {
    if (/^\d{1,7}$/.test(askedPage) && Number(askedPage) >= 1) page = Number(askedPage);
    else notices.push(copy.badPage);
  }
  const query = (params.get("q") ?? "").trim().slice(0, 200);
  const [list, emails, refundRequests, unread, testOrders] = await Promise.all([
    listOrders(db, { query, page, filter }),
    failedEmails(db),
    waitingRefundRequests(db),
    unreadEvents(db),
    countTestOrders(db),
  ]);
  if (page > list.pages) notices.push(copy.pageOutOfRange(page, list.pages));
  return {
    adminPath: services.settings.adminPath,
    filter,
    query,
    notices,
    orders: { ...list, items: list.items.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })) },
    testOrders,
    failedEmails: emails.map((e) => ({ ...e, nextAttemptAt: e.nextAttemptAt.toISOString() })),
    refundRequests: refundRequests.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    unreadStripeEvents: {
      kept: UNREAD_EVENTS_KEPT,
      events: unread.map((event) => ({
        ...event,
        receivedAt: event.receivedAt.toISOString(),
        dashboardUrl: dashboardEventUrl(event),
      })),
    },
  };
}

export type OrdersPageData = Awaited<ReturnType<typeof loadOrdersPage>>;
