import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "#app/lib/db/database.server.ts";
import type { StoreLinks } from "#app/lib/links.ts";
import { logger } from "#app/lib/logger.server.ts";
import { closeUnpaidOrder, fulfilOrder, markRefunded } from "#app/lib/orders/fulfil-order.server.ts";
import { chargePaymentIntent, sessionStatus } from "#app/lib/payments/stripe-provider.server.ts";
import { orders, webhookEvents } from "#db/schema.ts";

/** Stripe's events are small (a few KB); anything bigger is refused before it is read whole. */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;

/**
 * Applies one Stripe event. The event id is recorded in the same transaction as its effect, so a
 * repeated delivery is a no-op and a failed one is retried by Stripe. Returns false for repeats.
 */
export async function handleStripeEvent(db: Db, links: StoreLinks, event: Stripe.Event): Promise<boolean> {
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(webhookEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (fresh.length === 0) return false;
    const txDb = tx as unknown as Db;

    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded": {
        const session = sessionStatus(event.data.object);
        if (session.orderId && session.paid) {
          // The session's payment, tax, country and invoice, for this order.
          await fulfilOrder(txDb, links, { ...session, orderId: session.orderId });
        }
        break;
      }
      case "checkout.session.async_payment_failed": {
        const { orderId } = sessionStatus(event.data.object);
        if (orderId) await closeUnpaidOrder(txDb, orderId, "failed");
        break;
      }
      case "checkout.session.expired": {
        const { orderId } = sessionStatus(event.data.object);
        if (orderId) await closeUnpaidOrder(txDb, orderId, "expired");
        break;
      }
      case "charge.refunded": {
        const charge = event.data.object;
        const paymentIntentId = chargePaymentIntent(charge);
        let order = paymentIntentId ? await markRefunded(txDb, { paymentIntentId }) : null;
        if (!order && charge.metadata?.order_id) {
          const [known] = await tx
            .select({ id: orders.id })
            .from(orders)
            .where(eq(orders.id, charge.metadata.order_id));
          if (known) order = await markRefunded(txDb, { orderId: known.id });
        }
        if (!order)
          logger.warn(
            { eventId: event.id, paymentIntentId },
            "refund for a payment this store does not know",
          );
        break;
      }
      default:
        logger.info({ type: event.type }, "stripe event ignored");
    }
    return true;
  });
}
