/**
 * Refunds and disputes as the payment provider reports them, whoever started them (the admin, the
 * Stripe Dashboard, the buyer's bank). Each refund and dispute is kept by its id with its status as
 * last observed (payment_records); the order's figures and status are derived from them
 * (settleOrder), so repeated and out-of-order events converge. ADR 015, ADR 034.
 */
import { and, eq, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#app/lib/db/database.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { type Order, settleOrder } from "#app/lib/orders/fulfil-order.server.ts";
import type { PaymentChanges, RefundState } from "#app/lib/payments/payment-provider.ts";
import { orders, paymentRecords } from "#db/schema.ts";

/** What the admin shows on an order named by a payment that is not its own (another session, amount or currency). */
export const FOREIGN_PAYMENT = "foreign_payment";

/** What the admin shows on an order named by an event the store could not read (until reconciliation reads its payment). */
export const EVENT_UNREADABLE = "event_unreadable";

/** Flags an order for the owner, keeping an earlier flag (the first thing to look at stays shown). */
export async function flagOrder(db: Db, orderId: string, attention: string) {
  await db
    .update(orders)
    .set({ attention: sql`coalesce(${orders.attention}, ${attention})`, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/** Closed disputes and inquiries: nothing left to answer (a lost one can still be appealed). */
export const FINAL_DISPUTE_STATUSES = ["won", "lost", "warning_closed", "prevented"];

const orderId = z.uuid();

/** Our order id, or null for anything else (another integration's id, a non-UUID string). */
export const ourOrderId = (value: string | null | undefined) =>
  orderId.safeParse(value).success ? (value as string) : null;

/**
 * The order a payment belongs to: by its payment intent, or (when the payment event came before
 * the checkout event that records the intent) by the order id Stripe copied from the payment
 * intent's metadata to the charge, if that order has no other payment intent.
 */
export async function orderOfPayment(
  db: Db,
  payment: { paymentIntentId: string | null; orderId?: string | null },
) {
  if (payment.paymentIntentId) {
    const [order] = await db.select().from(orders).where(eq(orders.paymentIntentId, payment.paymentIntentId));
    if (order) return order;
  }
  const id = ourOrderId(payment.orderId);
  if (!id) return null;
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, id),
        payment.paymentIntentId
          ? or(isNull(orders.paymentIntentId), eq(orders.paymentIntentId, payment.paymentIntentId))
          : undefined,
      ),
    );
  return order ?? null;
}

/**
 * Records every refund and dispute of the order's payment (`paymentIntentId`) as the provider has
 * them (`changes`, asked for at `observedAt`), then settles the order. The provider's answer is the whole truth at
 * that moment, so records it no longer lists (figures carried over from before this table) go, and
 * a record observed later (a concurrent event's newer answer) is never replaced by an older one.
 * Returns the settled order.
 */
export async function recordPaymentChanges(
  db: Db,
  { order, changes, observedAt }: { order: Order; changes: PaymentChanges; observedAt: Date },
  paymentIntentId: string | null,
): Promise<Order> {
  // An order that heard of its payment here first knows it from now on.
  if (paymentIntentId && !order.paymentIntentId)
    await db
      .update(orders)
      .set({ paymentIntentId })
      .where(and(eq(orders.id, order.id), isNull(orders.paymentIntentId)));
  const rows = [
    ...changes.refunds.map((refund) => ({ ...refund, kind: "refund" as const })),
    ...changes.disputes.map((dispute) => ({ ...dispute, kind: "dispute" as const })),
  ];
  for (const row of rows) await upsertRecord(db, order.id, row, observedAt);
  for (const refund of changes.refunds.filter((refund) => refund.currency !== order.currency))
    logger.warn(
      { orderId: order.id, refundId: refund.id, refund: refund.currency, order: order.currency },
      "refund in another currency than the order's: not counted, left for the owner to check",
    );
  await db.delete(paymentRecords).where(
    and(
      eq(paymentRecords.orderId, order.id),
      lt(paymentRecords.observedAt, observedAt),
      rows.length
        ? notInArray(
            paymentRecords.id,
            rows.map((row) => row.id),
          )
        : undefined,
    ),
  );
  return (await settleOrder(db, order.id)) ?? order;
}

/** The store's own refund, as the provider answered the request: recorded at once, then settled. */
export async function recordRefundMade(db: Db, orderId: string, refund: RefundState, observedAt: Date) {
  await upsertRecord(db, orderId, { ...refund, kind: "refund" }, observedAt);
  return settleOrder(db, orderId);
}

async function upsertRecord(
  db: Db,
  orderId: string,
  record: {
    id: string;
    kind: "refund" | "dispute";
    status: string;
    amountCents: number;
    currency: string;
    created: Date;
  },
  observedAt: Date,
) {
  const values = {
    id: record.id,
    orderId,
    kind: record.kind,
    status: record.status,
    amountCents: record.amountCents,
    currency: record.currency,
    created: record.created,
    observedAt,
  };
  await db
    .insert(paymentRecords)
    .values(values)
    .onConflictDoUpdate({
      target: paymentRecords.id,
      set: { status: values.status, amountCents: values.amountCents, observedAt },
      setWhere: sql`${paymentRecords.observedAt} <= ${observedAt}`,
    });
}
