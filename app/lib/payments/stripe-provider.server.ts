import Stripe from "stripe";
import { AppError } from "#app/lib/app-error.ts";
import type {
  CheckoutRequest,
  PaymentProvider,
  SessionStatus,
  WebhookVerifier,
} from "#app/lib/payments/payment-provider.ts";

/** Stripe signs with a timestamp; older deliveries are refused (replays). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** What the store reads from a Checkout Session, from the API or from an event: the one mapping. */
export function sessionStatus(session: Stripe.Checkout.Session): SessionStatus {
  return {
    id: session.id,
    paid: session.payment_status === "paid" || session.payment_status === "no_payment_required",
    orderId: session.client_reference_id ?? session.metadata?.order_id ?? null,
    paymentIntentId: idOf(session.payment_intent),
    processing: session.status === "complete" && session.payment_status === "unpaid",
  };
}

/** The payment intent a charge belongs to. */
export const chargePaymentIntent = (charge: Stripe.Charge) => idOf(charge.payment_intent);

interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (a local fake in tests). */
  apiBase?: string;
}

/** Stripe Checkout Sessions, refunds and signed webhooks. */
export class StripeProvider implements PaymentProvider {
  readonly kind = "stripe" as const;
  readonly webhooks: WebhookVerifier;
  private readonly stripe: Stripe;

  constructor(options: StripeOptions) {
    const base = options.apiBase ? new URL(options.apiBase) : undefined;
    const stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(base && {
        host: base.hostname,
        port: base.port || (base.protocol === "https:" ? 443 : 80),
        protocol: base.protocol.replace(":", "") as "http" | "https",
      }),
    });
    this.stripe = stripe;
    this.webhooks = {
      verify(body, signature) {
        if (!signature) throw new AppError("BAD_SIGNATURE", "Missing Stripe-Signature header");
        try {
          return stripe.webhooks.constructEvent(
            body,
            signature,
            options.webhookSecret,
            WEBHOOK_TOLERANCE_SECONDS,
          );
        } catch (error) {
          throw new AppError("BAD_SIGNATURE", error instanceof Error ? error.message : "Invalid signature");
        }
      },
    };
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
        // Stripe fills in the session id; the placeholder must stay unencoded.
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
      return sessionStatus(await this.stripe.checkout.sessions.retrieve(id));
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
