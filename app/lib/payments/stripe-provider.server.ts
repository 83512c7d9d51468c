import Stripe from "stripe";
import type { CheckoutRequest, PaymentProvider, SessionStatus } from "#app/lib/payments/payment-provider.ts";

/** Stripe Checkout Sessions. `apiBase` points the SDK at another origin (a local fake in tests). */
export class StripeProvider implements PaymentProvider {
  readonly kind = "stripe" as const;
  readonly stripe: Stripe;

  constructor(secretKey: string, apiBase?: string) {
    const base = apiBase ? new URL(apiBase) : undefined;
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === "https:" ? 443 : 80),
        protocol: base.protocol.replace(":", "") as "http" | "https",
      }),
    });
  }

  async createCheckoutSession(request: CheckoutRequest) {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: "payment",
        customer_email: request.email,
        client_reference_id: request.orderId,
        metadata: { order_id: request.orderId, order_number: String(request.orderNumber) },
        payment_intent_data: { metadata: { order_id: request.orderId } },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency,
              unit_amount: request.amountCents,
              product_data: { name: request.productName },
            },
          },
        ],
        success_url: `${request.successUrl}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: request.cancelUrl,
      },
      // A retried submit of the same order never creates a second session.
      { idempotencyKey: `checkout-session-${request.orderId}` },
    );
    return { id: session.id, url: session.url ?? null };
  }

  async getSession(id: string): Promise<SessionStatus | null> {
    try {
      const session = await this.stripe.checkout.sessions.retrieve(id);
      return {
        id: session.id,
        paid: session.payment_status === "paid" || session.payment_status === "no_payment_required",
        orderId: session.client_reference_id ?? session.metadata?.order_id ?? null,
        paymentIntentId:
          typeof session.payment_intent === "string"
            ? session.payment_intent
            : (session.payment_intent?.id ?? null),
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async refund(order: { providerSessionId: string | null; paymentIntentId: string | null }) {
    let paymentIntent = order.paymentIntentId;
    if (!paymentIntent && order.providerSessionId) {
      paymentIntent = (await this.getSession(order.providerSessionId))?.paymentIntentId ?? null;
    }
    if (!paymentIntent) throw new Error("The order has no Stripe payment to refund");
    await this.stripe.refunds.create(
      { payment_intent: paymentIntent },
      { idempotencyKey: `refund-${paymentIntent}` },
    );
  }
}
