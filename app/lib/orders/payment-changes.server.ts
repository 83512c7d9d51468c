/**
 * Refunds and disputes as the payment provider reports them, whoever started them (the admin, the
 * Stripe Dashboard, the buyer's bank). Each records the provider's own figures on the order (never
 * an increment), then settles the order's status from them (settleOrder), so repeated and
 * out-of-order events converge. ADR 015.
 */
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#app/lib/db/database.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { type Order, settleOrder } from "#app/lib/orders/fulfil-order.server.ts";
import { orders, webhookEvents } from "#db/schema.ts";

/** What the admin shows on an order whose refund failed (the money went back to the store). */
export const REFUND_FAILED = "refund_failed";

/** What the admin shows on an order named by a payment that is not its own (another session, amount or currency). */
export const FOREIGN_PAYMENT = "foreign_payment";

/** Flags an order for the owner, keeping an earlier flag (the first thing to look at stays shown). */
export async function flagOrder(db: Db, orderId: string, attention: string) {
  await db
    .update(orders)
    .set({ attention: sql`coalesce(${orders.attention}, ${attention})`, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/** Closed disputes: their status never changes again, and a late event with an earlier status does not undo it. */
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
async function orderOfPayment(db: Db, payment: { paymentIntentId: string | null; orderId?: string | null }) {
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
 * The refunded share of the order from a charge's totals: the charge's own `refunded` flag decides
 * a full refund, a partial one is the same fraction of the order's amount (equal to
 * `amount_refunded` when the charge is the order's amount, as it always is for this store), and
 * never more than the order.
 */
function refundedShare(order: Order, charge: { amount: number; amount_refunded: number; refunded: boolean }) {
  if (charge.refunded) return order.amountCents;
  return Math.min(
    order.amountCents,
    Math.round((order.amountCents * charge.amount_refunded) / charge.amount),
  );
}

interface ChargeTotals {
  id: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string | null;
  metadata: Record<string, string> | null;
}

/**
 * `charge.refunded` (partial or full, from the admin or the Dashboard): the order's refunded
 * amount becomes the charge's total so far; only a full refund revokes access. Returns the order,
 * or null when the payment is not one of ours.
 */
export async function recordRefund(db: Db, charge: ChargeTotals): Promise<Order | null> {
  const order = await orderOfPayment(db, {
    paymentIntentId: charge.payment_intent,
    orderId: charge.metadata?.order_id,
  });
  if (!order) return null;
  const matches =
    charge.currency === order.currency &&
    charge.amount === order.amountCents &&
    charge.amount_refunded <= charge.amount;
  if (!matches) {
    logger.warn(
      {
        orderId: order.id,
        chargeId: charge.id,
        charge: `${charge.amount_refunded} of ${charge.amount} ${charge.currency}`,
        order: `${order.amountCents} ${order.currency}`,
      },
      "refunded charge does not match the order: the refunded share is measured against the charge, at most the order's amount",
    );
  }
  const share = refundedShare(order, charge);
  await db
    .update(orders)
    .set({
      refundedCents: sql`greatest(${orders.refundedCents}, ${share}::int)`,
      refundedAt: sql`coalesce(${orders.refundedAt}, now())`,
      // A new refund after a failed one answers the failure.
      attention: sql`case when ${share}::int > ${orders.refundedCents} and ${orders.attention} = ${REFUND_FAILED} then null else ${orders.attention} end`,
      ...(order.paymentIntentId ? {} : { paymentIntentId: charge.payment_intent }),
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
  return (await settleOrder(db, order.id)) ?? order;
}

/**
 * A refund that failed (`refund.failed`, or `charge.refund.updated` to failed): the money is the
 * store's again, so its amount comes off the refunded total, access returns if that refund had
 * revoked it, and the order is flagged for the owner. Applied once per refund, whichever of the
 * two events comes first. Returns the order, or null when the payment is not one of ours.
 */
export async function recordFailedRefund(
  db: Db,
  refund: { id: string; amount: number; currency: string; payment_intent: string | null },
): Promise<Order | null> {
  const order = await orderOfPayment(db, { paymentIntentId: refund.payment_intent });
  if (!order) return null;
  const first = await db
    .insert(webhookEvents)
    .values({ id: `${refund.id}:failed`, type: "refund.failed" })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  if (first.length === 0) return order;
  const sameCurrency = refund.currency === order.currency;
  if (!sameCurrency) {
    logger.warn(
      { orderId: order.id, refundId: refund.id, refund: refund.currency, order: order.currency },
      "failed refund in another currency: the refunded amount is left for the owner to check",
    );
  }
  await db
    .update(orders)
    .set({
      ...(sameCurrency
        ? { refundedCents: sql`greatest(0, ${orders.refundedCents} - ${refund.amount}::int)` }
        : {}),
      attention: REFUND_FAILED,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
  return (await settleOrder(db, order.id)) ?? order;
}

/**
 * `charge.dispute.*`: the order carries the dispute's status; an open or lost dispute revokes
 * access, a won one restores it (unless the order is fully refunded). A final status is never
 * replaced by an earlier one arriving late. Returns the order, or null when the payment is not ours.
 */
export async function recordDispute(
  db: Db,
  dispute: { status: string; payment_intent: string | null },
): Promise<Order | null> {
  const order = await orderOfPayment(db, { paymentIntentId: dispute.payment_intent });
  if (!order) return null;
  const final = sql.join(
    FINAL_DISPUTE_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  await db
    .update(orders)
    .set({
      disputeStatus: FINAL_DISPUTE_STATUSES.includes(dispute.status)
        ? dispute.status
        : sql`case when ${orders.disputeStatus} in (${final}) then ${orders.disputeStatus} else ${dispute.status} end`,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, order.id));
  return (await settleOrder(db, order.id)) ?? order;
}
