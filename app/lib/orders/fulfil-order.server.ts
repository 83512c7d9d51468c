import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { REFUNDED_REASON } from "#app/content/reviews.ts";
import { recordCheckoutTaxIdRequest } from "#app/lib/books/invoice-requests.server.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { type StoreLinks, successPageUrl } from "#app/lib/links.ts";
import { enqueueEmail } from "#app/lib/mail/outbox.server.ts";
import { recordSale } from "#app/lib/owner/record-sale.server.ts";
import { cleanCity, shortName } from "#app/lib/reviews/public-name.ts";
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
    /** The payer's name and city: kept (as "Daniel W." and the city) only when the buyer allowed showing them. */
    payerName?: string | null;
    city?: string | null;
    invoiceId?: string | null;
    invoiceUrl?: string | null;
    taxId?: string | null;
    /** With a tax ID, the business the invoice is made out to (SessionStatus). */
    businessName?: string | null;
    street?: string | null;
    postalCode?: string | null;
    state?: string | null;
    /** The payment's own mode (Stripe's `livemode`); left out, the order keeps the mode it was created in. */
    livemode?: boolean;
  },
): Promise<{ order: Order | null; newlyPaid: boolean }> {
  return db.transaction(async (tx) => {
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
        ...(payment.payerName !== undefined && {
          buyerShortName: sql`case when ${orders.showPurchaseAt} is not null then ${shortName(payment.payerName)}::text end`,
        }),
        ...(payment.city !== undefined && {
          city: sql`case when ${orders.showPurchaseAt} is not null then ${cleanCity(payment.city)}::text end`,
        }),
        ...(payment.invoiceUrl !== undefined && { invoiceUrl: payment.invoiceUrl }),
        ...(payment.taxId !== undefined && { taxId: payment.taxId }),
        ...(payment.livemode !== undefined && { livemode: payment.livemode }),
      })
      .where(and(eq(orders.id, payment.orderId), inArray(orders.status, UNPAID_STATUSES)))
      .returning();
    if (marked?.status === "paid") {
      await queueDeliveryEmail(tx, marked, links, `delivery:${marked.id}`);
      await recordSale(tx, marked, links.supportEmail);
      await recordCheckoutTaxIdRequest(tx, marked.id, {
        taxId: marked.taxId,
        businessName: payment.businessName ?? null,
        payerName: payment.payerName ?? null,
        street: payment.street ?? null,
        postalCode: payment.postalCode ?? null,
        city: payment.city ?? null,
        state: payment.state ?? null,
        country: payment.country ?? marked.country,
      });
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

/** Refund statuses whose money is going, or has gone, back to the buyer. */
export const REFUNDING_STATUSES = ["pending", "requires_action", "succeeded"];

/**
 * Dispute statuses that keep the buyer's access: an inquiry (warning_*: the bank only asks, and a
 * refund is still possible), or a chargeback decided for the store. Any other status (open,
 * lost, under appeal, or one Stripe adds later) is a chargeback that revokes.
 */
export const DISPUTE_KEEPS_ACCESS = [
  "warning_needs_response",
  "warning_under_review",
  "warning_closed",
  "won",
  "prevented",
];

/** What the admin shows when the latest refund failed or was canceled (the money stayed with the store). */
export const REFUND_FAILED = "refund_failed";
/**
 * The settings row of the share of an order's price, in percent, whose refund revokes access as a
 * full refund does (Impostazioni): a buyer refunded 46.00 of 47.00 no longer holds what they paid for.
 */
export const REFUND_REVOKES_SETTING = "refund_revokes_percent";
export const DEFAULT_REFUND_REVOKES_PERCENT = 50;
/** What the admin shows while the latest refund waits for the buyer (methods without native refunds). */
export const REFUND_REQUIRES_ACTION = "refund_requires_action";

const list = (values: string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * Settles an order from its refunds and disputes (payment_records): the refunded amount (refunds
 * pending, waiting for the buyer or succeeded, in the order's currency, at most the order), the
 * status of the dispute that matters most, and the owner's flag for the latest refund; then the status of an order
 * that has been paid: a chargeback open, lost or appealed revokes ("disputed"), refunds covering
 * the amount, or more of it than the owner's share (REFUND_REVOKES_SETTING, 50 % unless set),
 * revoke ("refunded"), anything else is "paid" (a smaller refund or an inquiry keeps access). A
 * review of an order that is refunded is unpublished with the reason "refunded", and published
 * again should the refund fail. Derived from the records alone, so events applied in any order and
 * any number of times end in the same order.
 */
export async function settleOrder(db: Db, orderId: string): Promise<Order | null> {
  // The latest refund; within one second a refund that counts is taken as the later one (a new
  // refund answers a failed one, never the other way round).
  const latestRefund = sql`(select r.status from payment_records r
    where r.order_id = ${orders.id} and r.kind = 'refund'
    order by r.created desc, (r.status in (${list(REFUNDING_STATUSES)})) desc, r.id desc limit 1)`;
  const refunded = sql<number>`least(${orders.amountCents}, coalesce((select sum(r.amount_cents) from payment_records r
    where r.order_id = ${orders.id} and r.kind = 'refund' and r.currency = ${orders.currency}
    and r.status in (${list(REFUNDING_STATUSES)})), 0))::int`;
  await db
    .update(orders)
    .set({
      refundedCents: refunded,
      refundedAt: sql`case when ${refunded} > 0 then coalesce(${orders.refundedAt}, now()) end`,
      // The dispute the owner must see first: a chargeback that revokes, then an open inquiry, then the latest.
      disputeStatus: sql`(select d.status from payment_records d
        where d.order_id = ${orders.id} and d.kind = 'dispute'
        order by (d.status not in (${list(DISPUTE_KEEPS_ACCESS)})) desc,
          (d.status not in ('warning_closed', 'won', 'prevented')) desc, d.created desc, d.id desc limit 1)`,
      attention: sql`case
        when ${latestRefund} in ('failed', 'canceled') then ${REFUND_FAILED}
        when ${latestRefund} = 'requires_action' then ${REFUND_REQUIRES_ACTION}
        when ${orders.attention} in (${REFUND_FAILED}, ${REFUND_REQUIRES_ACTION}) then null
        else ${orders.attention} end`,
      updatedAt: new Date(),
    })
    .where(eq(orders.id, orderId));
  const [settled] = await db
    .update(orders)
    .set({ status: settledStatus(), updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), isNotNull(orders.paidAt), inArray(orders.status, PAID_STATUSES)))
    .returning();
  if (settled) {
    if (settled.status === "refunded") await hideRefundedReview(db, orderId);
    else if (settled.attention === REFUND_FAILED) await showUnrefundedReview(db, orderId);
    return settled;
  }
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ?? null;
}

/** The status a paid order has from what happened to its payment since, as settleOrder says. */
function settledStatus() {
  return sql<Order["status"]>`case
    when exists (select 1 from payment_records d where d.order_id = ${orders.id} and d.kind = 'dispute'
      and d.status not in (${list(DISPUTE_KEEPS_ACCESS)})) then 'disputed'
    when ${orders.refundedCents} >= ${orders.amountCents}
      or ${orders.refundedCents} * 100 > ${orders.amountCents} * coalesce(
        (select s.value::int from settings s where s.key = ${REFUND_REVOKES_SETTING}), ${DEFAULT_REFUND_REVOKES_PERCENT})
      then 'refunded'
    else 'paid' end::order_status`;
}

/** Unpublishes the review of a refunded order, recorded as the store's own moderation. */
async function hideRefundedReview(db: Db, orderId: string) {
  await db.execute(sql`
    with hidden as (
      update reviews set hidden_at = now(), hidden_reason = ${REFUNDED_REASON}
      where order_id = ${orderId} and hidden_at is null returning id)
    insert into review_moderations (review_id, action, reason, by, at)
    select id, 'hide', ${REFUNDED_REASON}, null, now() from hidden`);
}

/** Publishes again the review a refund had unpublished, once that refund failed. */
async function showUnrefundedReview(db: Db, orderId: string) {
  await db.execute(sql`
    with shown as (
      update reviews set hidden_at = null, hidden_reason = null
      where order_id = ${orderId} and hidden_reason = ${REFUNDED_REASON} returning id)
    insert into review_moderations (review_id, action, reason, by, at)
    select id, 'show', null, null, now() from shown`);
}
