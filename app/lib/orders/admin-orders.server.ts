import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { createDownloadToken } from "#app/lib/downloads/prepare-download.server.ts";
import { normalizeEmail } from "#app/lib/email-address.ts";
import { downloadUrl } from "#app/lib/links.ts";
import { type Order, queueDeliveryEmail } from "#app/lib/orders/fulfil-order.server.ts";
import type { OrderFilter } from "#app/lib/orders/order-filters.ts";
import { FINAL_DISPUTE_STATUSES, recordRefundMade } from "#app/lib/orders/payment-changes.server.ts";
import { refundable } from "#app/lib/orders/refundable.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";

import type { Services } from "#app/lib/services.server.ts";
import { emailOutbox, orders } from "#db/schema.ts";

export const ORDERS_PAGE_SIZE = 25;

interface OrderRow {
  id: string;
  number: number;
  /** The public reference the buyer sees and quotes to support. */
  reference: string;
  createdAt: Date;
  email: string;
  amountCents: number;
  discountApplied: boolean;
  status: Order["status"];
  /** Paid (or to be paid) live; a test order is labelled. */
  livemode: boolean;
  /** What was refunded so far (a partial refund keeps the order paid). */
  refundedCents: number;
  /** Why the owner should look at the order (e.g. "refund_failed"), or null. */
  attention: string | null;
  /** When downloads from too many networks were noticed (ADR 020), or null. */
  sharingFlaggedAt: Date | null;
  /** The latest e-mail for the order: sent, waiting (with its last error), or none. */
  emailState: "sent" | "pending" | "failing" | "none";
  lastEmailError: string | null;
  downloads: number;
}

const FILTER_WHERE = {
  vendite: inArray(orders.status, ["paid", "refunded", "disputed"]),
  tentativi: inArray(orders.status, ["pending", "processing", "failed", "expired"]),
  contestazioni: and(
    isNotNull(orders.disputeStatus),
    notInArray(orders.disputeStatus, FINAL_DISPUTE_STATUSES),
  ),
  condivisi: and(isNotNull(orders.sharingFlaggedAt), eq(orders.status, "paid")),
  recessi: sql`exists (select 1 from withdrawals w where w.order_id = ${orders.id})`,
} satisfies Record<OrderFilter, unknown>;

/**
 * Orders newest first, of one filter, searchable by e-mail (part of it), order number or
 * reference, a page at a time. The count and the page are two independent queries, run together.
 */
export async function listOrders(db: Db, opts: { query?: string; page?: number; filter?: OrderFilter } = {}) {
  const page = Math.max(1, Math.floor(opts.page ?? 1));
  // Addresses are stored normalised; an order number is unaffected.
  const query = normalizeEmail(opts.query ?? "").slice(0, 200);
  const number = /^#?\d{1,9}$/.test(query) ? Number(query.replace("#", "")) : null;
  const reference = /^lct-[0-9a-f]{10}$/.test(query) ? query.toUpperCase() : null;
  const where = and(
    FILTER_WHERE[opts.filter ?? "vendite"],
    query
      ? or(
          ilike(orders.email, `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          number !== null ? eq(orders.number, number) : undefined,
          reference !== null ? eq(orders.reference, reference) : undefined,
        )
      : undefined,
  );
  const [[{ total } = { total: 0 }], rows] = await Promise.all([
    db.select({ total: count() }).from(orders).where(where),
    db
      .select({
        id: orders.id,
        number: orders.number,
        reference: orders.reference,
        createdAt: orders.createdAt,
        email: orders.email,
        amountCents: orders.amountCents,
        discountApplied: orders.discountApplied,
        status: orders.status,
        livemode: orders.livemode,
        refundedCents: orders.refundedCents,
        attention: orders.attention,
        sharingFlaggedAt: orders.sharingFlaggedAt,
        // Correlated subqueries name their tables explicitly: Drizzle renders bare column names here.
        // One per link: a resumed or multi-connection download is several transfers of one link.
        downloads: sql<number>`(select count(distinct coalesce(d.link_hash, d.id::text))::int from downloads d where d.order_id = orders.id)`,
        sentAt: sql<Date | null>`(select max(m.sent_at) from email_outbox m where m.order_id = orders.id)`,
        unsent: sql<number>`(select count(*)::int from email_outbox m where m.order_id = orders.id and m.sent_at is null and m.cancelled_at is null)`,
        lastError: sql<
          string | null
        >`(select m.last_error from email_outbox m where m.order_id = orders.id and m.sent_at is null and m.cancelled_at is null order by m.id desc limit 1)`,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(ORDERS_PAGE_SIZE)
      .offset((page - 1) * ORDERS_PAGE_SIZE),
  ]);
  const items: OrderRow[] = rows.map((row) => ({
    id: row.id,
    number: row.number,
    reference: row.reference,
    createdAt: row.createdAt,
    email: row.email,
    amountCents: row.amountCents,
    discountApplied: row.discountApplied,
    status: row.status,
    livemode: row.livemode,
    refundedCents: row.refundedCents,
    attention: row.attention,
    sharingFlaggedAt: row.sharingFlaggedAt,
    downloads: Number(row.downloads),
    emailState:
      Number(row.unsent) > 0 ? (row.lastError ? "failing" : "pending") : row.sentAt ? "sent" : "none",
    lastEmailError: row.lastError,
  }));
  return {
    items,
    total: Number(total),
    page,
    pages: Math.max(1, Math.ceil(Number(total) / ORDERS_PAGE_SIZE)),
  };
}

/**
 * Sends the delivery e-mail again with a link of its own (the links sent before keep working).
 * Earlier delivery e-mails of the order still waiting to go out (SMTP was down) are cancelled in
 * the same transaction, so the buyer's newest e-mail is the one that arrives (ADR 024).
 */
export async function resendDeliveryEmail(services: Services, orderId: string) {
  const [order] = await services.database.db.select().from(orders).where(eq(orders.id, orderId));
  if (order?.status !== "paid") return false;
  await services.database.db.transaction(async (tx) => {
    // The cancelled e-mail's link is never sent: its token is not kept (as for a sent one).
    await tx
      .update(emailOutbox)
      .set({ cancelledAt: new Date(), payload: sql`${emailOutbox.payload} || '{"link":null}'::jsonb` })
      .where(
        and(
          eq(emailOutbox.orderId, order.id),
          eq(emailOutbox.template, "delivery"),
          isNull(emailOutbox.sentAt),
          isNull(emailOutbox.cancelledAt),
        ),
      );
    await queueDeliveryEmail(tx, order, services.links);
  });
  services.kickOutbox();
  return true;
}

/** A download link for a paid order, valid 300 s, to paste into a support reply. */
export async function freshDownloadLink(services: Services, orderId: string) {
  const [order] = await services.database.db.select().from(orders).where(eq(orders.id, orderId));
  if (order?.status !== "paid") return null;
  const product = await getCurrentProduct(services.database.db);
  return downloadUrl(
    services.links,
    createDownloadToken(services.settings.tokenSecrets, {
      orderId: order.id,
      productId: product?.id ?? null,
    }),
  );
}

/** An order's status, or null for an unknown id (why a refund or a resend was refused). */
export async function orderStatus(db: Db, orderId: string): Promise<Order["status"] | null> {
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return order?.status ?? null;
}

/**
 * Refunds what is left of an order through the payment provider and records the refund at once
 * (a full one revokes the download and the e-mail link). Returns the refund, or null when nothing
 * is left to refund (refundable: an inquiry keeps an order paid, so it can be refunded; a
 * chargeback cannot).
 */
export async function refundOrder(services: Pick<Services, "database" | "payments">, orderId: string) {
  const [order] = await services.database.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || !refundable(order)) return null;
  const observedAt = new Date();
  const refund = await services.payments.refund(order);
  await recordRefundMade(services.database.db, orderId, refund, observedAt);
  return refund;
}

/** E-mails that have not gone out after at least one attempt, with their last error. */
export async function failedEmails(db: Db) {
  return db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      nextAttemptAt: emailOutbox.nextAttemptAt,
      orderNumber: orders.number,
    })
    .from(emailOutbox)
    .leftJoin(orders, eq(orders.id, emailOutbox.orderId))
    .where(and(isNull(emailOutbox.sentAt), isNull(emailOutbox.cancelledAt), isNotNull(emailOutbox.lastError)))
    .orderBy(desc(emailOutbox.id));
}
