/** What the store needs from a payment provider: a hosted checkout, its status, and refunds. */
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
}

export interface PaymentProvider {
  readonly kind: "stripe" | "test";
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The session as the provider sees it, or null when the provider does not know the id. */
  getSession(id: string): Promise<SessionStatus | null>;
  refund(order: { providerSessionId: string | null; paymentIntentId: string | null }): Promise<void>;
}
