import { eq } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import type { StoreLinks } from "#app/lib/links.ts";
import { logger } from "#app/lib/logger.server.ts";
import { enqueueEmail } from "#app/lib/mail/outbox.server.ts";
import {
  closeUnpaidOrder,
  failDelayedPayment,
  fulfilOrder,
  markProcessing,
  type Order,
} from "#app/lib/orders/fulfil-order.server.ts";
import {
  EVENT_UNREADABLE,
  FOREIGN_PAYMENT,
  flagOrder,
  orderOfPayment,
  ourOrderId,
  recordPaymentChanges,
} from "#app/lib/orders/payment-changes.server.ts";
import {
  type PaymentChanges,
  type PaymentProvider,
  paysForOrder,
  type SessionStatus,
} from "#app/lib/payments/payment-provider.ts";
import {
  type HandledEvent,
  isPaymentChange,
  type PaymentChangeEvent,
  parseStripeEvent,
} from "#app/lib/payments/stripe-event.ts";
import { sessionStatus } from "#app/lib/payments/stripe-provider.server.ts";
import { recordUnreadEvent } from "#app/lib/payments/unread-stripe-events.server.ts";
import { orders, webhookEvents } from "#db/schema.ts";

/** Stripe's events are small (a few KB); anything bigger is refused before it is read whole. */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;

/**
 * Webhook bodies read at once. Stripe's arrive whole in milliseconds; slow posts under forged but
 * well-formed headers hold at most this many megabytes, and a delivery refused meanwhile (503) is
 * retried by Stripe.
 */
export const WEBHOOK_BODIES_AT_ONCE = 8;

/** applied: recorded (and acted on when the store handles its type); duplicate: seen before; malformed: not an event. */
export type WebhookOutcome = "applied" | "duplicate" | "malformed";

/**
 * Applies one verified Stripe event body. Every answer that is not an exception is a 2xx: a
 * malformed event, a type the store does not handle or an object that is not ours cannot get
 * better by Stripe retrying it, so it is acknowledged with a warn line (and one that names none of
 * our orders is kept for the owner: unread-stripe-events.server.ts). The event id is recorded
 * in the same transaction as its effect, so a repeated delivery is a no-op and a failed one (the
 * database down) is retried by Stripe. ADR 015.
 */
export async function handleStripeEvent(
  db: Db,
  links: StoreLinks,
  body: unknown,
  payments: PaymentProvider,
): Promise<WebhookOutcome> {
  const parsed = parseStripeEvent(body, payments.webhooks?.livemode ?? false);
  if (parsed.kind === "malformed" && parsed.id === null) {
    logger.warn(
      { type: parsed.type, reason: parsed.reason },
      "stripe event malformed: acknowledged, nothing changed",
    );
    return "malformed";
  }
  const { id, type } = parsed.kind === "handled" ? parsed.event : parsed;
  const asked =
    parsed.kind === "handled" && isPaymentChange(parsed.event)
      ? await askPaymentChanges(db, payments, parsed.event)
      : null;
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(webhookEvents)
      .values({ id: id as string, type: type ?? "(none)" })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (fresh.length === 0) return "duplicate";
    if (parsed.kind === "malformed") {
      logger.warn(
        { eventId: id, type, reason: parsed.reason },
        "stripe event malformed: acknowledged, nothing changed",
      );
      const named = parsed.object ? await flagUnreadable(tx, parsed.object) : false;
      if (!named)
        await recordUnreadEvent(tx, {
          id: id as string,
          type: type ?? "(none)",
          livemode: parsed.livemode,
          problem: parsed.problem,
          detail: parsed.reason,
        });
    } else if (parsed.kind === "ignored") {
      logger.info({ eventId: id, type }, "stripe event type not handled: acknowledged");
    } else {
      await applyEvent(tx, links, parsed.event, asked);
    }
    return "applied";
  });
}

/** An id field of an object that may be expanded. */
const idIn = (value: unknown) =>
  typeof value === "string"
    ? value
    : value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string"
      ? (value as { id: string }).id
      : null;

/**
 * An event of a handled type whose object the store cannot read is about one of our orders when its
 * payment intent, client_reference_id or metadata names one: that order is flagged for the owner,
 * and the next reconciliation pass asks Stripe for its payment (reconcile-orders.server.ts). Returns
 * whether it named one; an event that names none is kept for the owner as an unread event.
 */
async function flagUnreadable(db: Db, object: Record<string, unknown>) {
  const metadata = object.metadata && typeof object.metadata === "object" ? object.metadata : {};
  const named = [object.client_reference_id, (metadata as Record<string, unknown>).order_id].find(
    (value) => typeof value === "string",
  ) as string | undefined;
  const order = await orderOfPayment(db, { paymentIntentId: idIn(object.payment_intent), orderId: named });
  if (order) await flagOrder(db, order.id, EVENT_UNREADABLE);
  return order !== null;
}

/** Logs an event about a payment or session the store does not know (another integration's, or a typo'd id). */
const notOurs = (event: HandledEvent, detail: Record<string, unknown>) =>
  logger.warn(
    { eventId: event.id, type: event.type, ...detail },
    "stripe event for a payment this store does not know: acknowledged",
  );

/**
 * A session that names one of our orders but is not the order's own (another session id, amount or
 * currency, or one that required no payment): it pays for nothing of ours. Logged, and when the
 * buyer completed it (money moved, or is on its way, or nothing was due) the order is flagged so
 * the owner can look at it in Stripe (refund it, or fulfil by hand).
 */
async function foreignSession(db: Db, event: HandledEvent, orderId: string, session: SessionStatus) {
  logger.warn(
    {
      eventId: event.id,
      type: event.type,
      orderId,
      sessionId: session.id,
      amount: `${session.amountCents} ${session.currency}`,
    },
    "stripe session names an order but is not its own: acknowledged, order not fulfilled",
  );
  if (session.paid || session.processing || session.completedWithoutPayment)
    await flagOrder(db, orderId, FOREIGN_PAYMENT);
}

/** A payment's refunds and disputes as the provider had them at `observedAt`, for one of our orders. */
type Asked = { order: Order; changes: PaymentChanges; observedAt: Date } | { order: null };

/**
 * A refund or dispute event only tells that the payment changed; its object is a snapshot that can
 * arrive late (Stripe does not keep events in order). So the store asks for the payment's refunds
 * and disputes as they are now, before the transaction (no connection waits on Stripe); an error
 * answers 500 and Stripe delivers the event again. Payments that are not ours are not asked about.
 */
async function askPaymentChanges(
  db: Db,
  payments: PaymentProvider,
  event: PaymentChangeEvent,
): Promise<Asked> {
  const object = event.object;
  const paymentIntentId = object.payment_intent;
  if (!paymentIntentId) return { order: null };
  // Before the payment's own event the store does not know the intent: the charge carries the
  // order id, a refund or a dispute does not, so the intent is asked for it.
  const order =
    (await orderOfPayment(db, {
      paymentIntentId,
      orderId: object.object === "charge" ? object.metadata?.order_id : null,
    })) ??
    (object.object === "charge"
      ? null
      : await orderOfPayment(db, {
          paymentIntentId,
          orderId: await payments.paymentOrderId(paymentIntentId),
        }));
  if (!order) return { order: null };
  const observedAt = new Date();
  return { order, changes: await payments.paymentChanges(paymentIntentId), observedAt };
}

async function applyEvent(db: Db, links: StoreLinks, event: HandledEvent, asked: Asked | null) {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const session = sessionStatus(event.object);
      const orderId = ourOrderId(session.orderId);
      const [order] = orderId ? await db.select().from(orders).where(eq(orders.id, orderId)) : [];
      if (!order) return notOurs(event, { sessionId: session.id });
      if (!paysForOrder(session, order)) return foreignSession(db, event, order.id, session);
      if (event.type === "checkout.session.expired") {
        await closeUnpaidOrder(db, order.id, "expired");
      } else if (event.type === "checkout.session.async_payment_failed") {
        await failDelayedPayment(db, links, order.id);
      } else if (session.paid) {
        // The session's payment, tax, country and invoice, for this order.
        await fulfilOrder(db, links, { ...session, orderId: order.id });
      } else if (session.processing) {
        await markProcessing(db, order.id, session.paymentIntentId);
      }
      return;
    }
    default: {
      if (!asked || asked.order === null) {
        const object = event.object;
        notOurs(event, { objectId: object.id, paymentIntentId: object.payment_intent });
        return;
      }
      const order = await recordPaymentChanges(db, asked, event.object.payment_intent);
      for (const dispute of asked.changes.disputes) {
        await enqueueEmail(db, {
          to: links.supportEmail,
          template: "dispute-alert",
          dedupeKey: `dispute:${dispute.id}`,
          payload: {
            orderNumber: order.number,
            buyerEmail: order.email,
            amountCents: dispute.amountCents,
            currency: dispute.currency,
            reason: dispute.reason,
            status: dispute.status,
            dashboardUrl: `https://dashboard.stripe.com/${dispute.livemode ? "" : "test/"}disputes/${dispute.id}`,
          },
        });
      }
      return;
    }
  }
}
