import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { type StoreLinks, successPageUrl } from "#app/lib/links.ts";
import { enqueueEmail } from "#app/lib/mail/outbox.server.ts";
import { recordSale } from "#app/lib/owner/record-sale.server.ts";
import { accessLinks, orders } from "#db/schema.ts";

export type Order = typeof orders.$inferSelect;

/** Statuses of an order whose money has not arrived; only these can become paid. */
export const UNPAID_STATUSES: Order["status"][] = ["pending", "processing", "failed", "expired"];

/** Statuses of an order whose money arrived (whatever happened to it since). */
const PAID_STATUSES: Order["status"][] = ["paid", "refunded", "disputed"];

export const hashAccessToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new long-lived access token for the order's e-mail link; only its hash is stored. */
export function newAccessToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashAccessToken(token) };
}

/**
 * Queues the delivery e-mail with a link of its own: a new access link is added, earlier ones keep
 * working (nobody who knows a buyer's address can kill the link in the buyer's inbox). Links work
 * while the order is paid, so a refund or a dispute revokes them all and a won dispute restores them.
 */
export async function queueDeliveryEmail(db: Db, order: Order, links: StoreLinks, dedupeKey?: string) {
  const { token, hash } = newAccessToken();
  await db.insert(accessLinks).values({ tokenHash: hash, orderId: order.id });
  return enqueueEmail(db, {
    to: order.email,
    template: "delivery",
    orderId: order.id,
    dedupeKey,
    payload: {
      reference: order.reference,
      amountCents: order.amountCents,
      discountApplied: order.discountApplied,
      paidAt: (order.paidAt ?? new Date()).toISOString(),
      link: successPageUrl(links, { t: token }),
      supportEmail: links.supportEmail,
      receiptUrl: order.invoiceUrl,
      hasReceipt: order.invoiceId !== null || order.invoiceUrl !== null,
      consentAt: order.consentAt?.toISOString() ?? null,
    },
  });
}

/**
 * Marks an order paid and queues its one delivery e-mail. Idempotent and safe to run twice at
 * once (webhook and success page racing): the status change is a single conditional UPDATE, so
 * exactly one caller makes the transition, and the e-mail's dedupe key makes a second e-mail
 * impossible. A refunded or disputed order is never paid again, and a refund or dispute that
 * arrived before the payment (events out of order) settles the new order at once (no e-mail).
 */
export async function fulfilOrder(
  db: Db,
  links: StoreLinks,
  payment: {
    orderId: string;
    paymentIntentId?: string | null;
    /** What the provider reports with the payment (SessionStatus): tax, country, invoice. */
    taxCents?: number | null;
    country?: string | null;
    invoiceId?: string | null;
    invoiceUrl?: string | null;
  },
): Promise<{ order: Order | null; newlyPaid: boolean }> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    // Marked paid and settled (settledStatus) in one UPDATE: a refund or dispute that arrived first
    // settles the order at once.
    const [marked] = await tx
      .update(orders)
      .set({
        status: settledStatus(),
        paidAt: new Date(),
        updatedAt: new Date(),
        ...(payment.paymentIntentId ? { paymentIntentId: payment.paymentIntentId } : {}),
        // What the provider reported; a field it did not report keeps what the order has.
        ...(payment.taxCents !== undefined && { taxCents: payment.taxCents }),
        ...(payment.country !== undefined && { country: payment.country }),
        ...(payment.invoiceId !== undefined && { invoiceId: payment.invoiceId }),
        ...(payment.invoiceUrl !== undefined && { invoiceUrl: payment.invoiceUrl }),
      })
      .where(and(eq(orders.id, payment.orderId), inArray(orders.status, UNPAID_STATUSES)))
      .returning();
    if (marked?.status === "paid") {
      await queueDeliveryEmail(txDb, marked, links, `delivery:${marked.id}`);
      await recordSale(txDb, marked, links.supportEmail);
      return { order: marked, newlyPaid: true };
    }
    if (marked) return { order: marked, newlyPaid: false };
    const [existing] = await tx.select().from(orders).where(eq(orders.id, payment.orderId));
    return { order: existing ?? null, newlyPaid: false };
  });
}

/**
 * The buyer finished Checkout with a payment that settles later (bank debit, voucher): the order
 * waits as "processing" until Stripe says the money arrived or did not. Only a pending order moves;
 * returns it, or null.
 */
export async function markProcessing(
  db: Db,
  orderId: string,
  paymentIntentId: string | null,
): Promise<Order | null> {
  const [marked] = await db
    .update(orders)
    .set({ status: "processing", updatedAt: new Date(), ...(paymentIntentId ? { paymentIntentId } : {}) })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
    .returning();
  return marked ?? null;
}

/**
 * Moves a still-unpaid order (pending or processing) to `failed` or `expired` and returns it, or
 * null when it was already paid, refunded or closed (events arrive out of order).
 */
export async function closeUnpaidOrder(
  db: Db,
  orderId: string,
  status: "failed" | "expired",
): Promise<Order | null> {
  const [closed] = await db
    .update(orders)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ["pending", "processing"])))
    .returning();
  return closed ?? null;
}

/**
 * A delayed payment failed: the order fails and the buyer is told, with a way back to the checkout
 * (one e-mail, whether the webhook or reconciliation learns it first). Returns the order, or null
 * when it was no longer waiting.
 */
export async function failDelayedPayment(db: Db, links: StoreLinks, orderId: string) {
  const failed = await closeUnpaidOrder(db, orderId, "failed");
  if (failed) {
    await enqueueEmail(db, {
      to: failed.email,
      template: "payment-failed",
      dedupeKey: `payment-failed:${failed.id}`,
      payload: {
        orderReference: failed.reference,
        checkoutUrl: `${links.publicUrl}/checkout`,
        supportEmail: links.supportEmail,
      },
    });
  }
  return failed;
}

/** Dispute statuses after which the buyer has access again: the bank sided with the store, or no chargeback followed. */
const DISPUTE_RESOLVED_FOR_STORE = ["won", "warning_closed", "prevented"];

/**
 * Settles the status of an order that has been paid from what happened to the payment since: an
 * open or lost dispute revokes ("disputed"), refunds covering the whole amount revoke ("refunded"),
 * anything else is "paid" (a partial refund keeps access). Derived from the stored totals in one
 * UPDATE, so events applied in any order and any number of times end in the same status.
 */
export async function settleOrder(db: Db, orderId: string): Promise<Order | null> {
  const [order] = await db
    .update(orders)
    .set({ status: settledStatus(), updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), isNotNull(orders.paidAt), inArray(orders.status, PAID_STATUSES)))
    .returning();
  return order ?? null;
}

/** The status a paid order has from what happened to its payment since, as settleOrder says. */
function settledStatus() {
  const resolved = sql.join(
    DISPUTE_RESOLVED_FOR_STORE.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql<Order["status"]>`case
    when ${orders.disputeStatus} is not null and ${orders.disputeStatus} not in (${resolved}) then 'disputed'
    when ${orders.refundedCents} >= ${orders.amountCents} then 'refunded'
    else 'paid' end::order_status`;
}

/** Revokes an order the admin refunded in full: its downloads and its e-mail links stop working. */
export async function markRefunded(db: Db, orderId: string) {
  const [order] = await db
    .update(orders)
    .set({
      status: "refunded",
      refundedAt: new Date(),
      // The whole amount, so a later event that settles the order again keeps it refunded.
      refundedCents: sql`${orders.amountCents}`,
      // A new refund answers an earlier failed one.
      attention: null,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, orderId))
    .returning();
  return order ?? null;
}
