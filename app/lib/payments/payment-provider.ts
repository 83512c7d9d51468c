import type Stripe from "stripe";

/** What the store needs from a payment provider: a hosted checkout, its status, refunds and webhooks. */
export interface CheckoutRequest {
  orderId: string;
  orderNumber: number;
  email: string;
  amountCents: number;
  currency: string;
  productName: string;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  id: string;
  /** The provider's hosted payment page; absent means the provider answered without one. */
  url: string | null;
}

export interface SessionStatus {
  id: string;
  paid: boolean;
  /** The store's order id the session was created for (Stripe: client_reference_id). */
  orderId: string | null;
  paymentIntentId: string | null;
  /** Checkout is complete but the money has not arrived yet (bank debits, vouchers): the e-mail follows. */
  processing: boolean;
}

/** Checks a webhook delivery: the event when the signature is genuine and fresh; throws AppError BAD_SIGNATURE otherwise. */
export interface WebhookVerifier {
  verify(body: Buffer, signature: string | null): Stripe.Event;
}

export interface PaymentProvider {
  /** "test": the built-in test-mode checkout page (/pay/test/{session}) takes the payments. */
  readonly kind: "stripe" | "test";
  /** Signed event deliveries, or null for a provider that sends none (test mode). */
  readonly webhooks: WebhookVerifier | null;
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The session as the provider sees it, or null when the provider does not know the id. */
  getSession(id: string): Promise<SessionStatus | null>;
  refund(order: { providerSessionId: string | null; paymentIntentId: string | null }): Promise<void>;
}
