import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "#app/lib/db/database.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import {
  closeUnpaidOrder,
  fulfilOrder,
  type LinkSettings,
  markRefunded,
} from "#app/lib/orders/fulfil-order.server.ts";
import type { StripeProvider } from "#app/lib/payments/stripe-provider.server.ts";
import { orders, webhookEvents } from "#db/schema.ts";

/** Stripe signs with a timestamp; older deliveries are refused (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
export const MAX_WEBHOOK_BYTES = 1024 * 1024;

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

export function verifyStripeEvent(
  provider: StripeProvider,
  body: Buffer,
  signature: string | null,
  secret: string,
) {
  if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
  try {
    return provider.stripe.webhooks.constructEvent(body, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : "Invalid signature");
  }
}

const orderIdOf = (session: Stripe.Checkout.Session) =>
  session.client_reference_id ?? session.metadata?.order_id ?? null;
const paymentIntentOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * Applies one Stripe event. The event id is recorded in the same transaction as its effect, so a
 * repeated delivery is a no-op and a failed one is retried by Stripe. Returns false for repeats.
 */
export async function handleStripeEvent(db: Db, links: LinkSettings, event: Stripe.Event): Promise<boolean> {
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
        const session = event.data.object;
        const orderId = orderIdOf(session);
        if (!orderId) break;
        if (session.payment_status === "paid" || session.payment_status === "no_payment_required") {
          await fulfilOrder(txDb, links, {
            orderId,
            paymentIntentId: paymentIntentOf(session.payment_intent),
          });
        }
        break;
      }
      case "checkout.session.async_payment_failed": {
        const orderId = orderIdOf(event.data.object);
        if (orderId) await closeUnpaidOrder(txDb, orderId, "failed");
        break;
      }
      case "checkout.session.expired": {
        const orderId = orderIdOf(event.data.object);
        if (orderId) await closeUnpaidOrder(txDb, orderId, "expired");
        break;
      }
      case "charge.refunded": {
        const charge = event.data.object;
        const paymentIntentId = paymentIntentOf(charge.payment_intent);
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
