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
  /** Ask for the full billing address (the buyer allowed showing their city as a recent purchase, ADR 040). */
  billingAddress?: boolean;
  /** The store issues the buyer's invoice itself (they asked for one): the provider makes none, only its receipt. */
  invoicedByStore?: boolean;
}

/**
 * How long a checkout session stays payable, from each attempt at creating it: Stripe's minimum
 * (30 minutes) plus a minute for the clocks of the store and Stripe to disagree, so a 300 s
 * discount is not payable for a day.
 */
export const CHECKOUT_SESSION_LIFETIME_MS = 31 * 60_000;

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
  /** What the session charges, in the currency the store asked for (before any conversion for the buyer). */
  amountCents: number | null;
  currency: string | null;
  paymentIntentId: string | null;
  /** Checkout is complete but the money has not arrived yet (bank debits, vouchers): the e-mail follows. */
  processing: boolean;
  /**
   * The delayed payment failed (the buyer's bank refused the debit, the voucher lapsed). Known only
   * from the provider's answer with the payment included (getSession, listCompletedSessions).
   */
  failed: boolean;
  /**
   * Checkout completed with nothing to pay (Stripe's `no_payment_required`: a total of 0, e.g. after
   * a 100 % discount, or a setup-mode session): no money moved. The store never creates such a
   * session, so it is never an order's payment.
   */
  completedWithoutPayment: boolean;
  /** Tax inside the amount paid (EU VAT with STRIPE_TAX=on), in cents; null when none was computed. */
  taxCents: number | null;
  /** The buyer's billing country (ISO 3166-1 alpha-2), when the provider collected it. */
  country: string | null;
  /** The payer's name and billing city, when the provider collected them (a recent sale's "Daniel W. from London", with the buyer's consent). */
  payerName: string | null;
  city: string | null;
  /** The tax ID the buyer gave at checkout (Stripe's customer_details.tax_ids, e.g. DE123456789), reused for an invoice request. */
  taxId: string | null;
  /** With a tax ID, what its invoice is made out to: the business name, and the billing street (lines joined), postcode and state or province. */
  businessName: string | null;
  street: string | null;
  postalCode: string | null;
  state: string | null;
  /** Paid with live keys: only live payments enter the seller's books (test ones get test documents). */
  livemode: boolean;
  /** The provider's invoice for the payment (the buyer's receipt), when one was created. */
  invoiceId: string | null;
  /** The invoice's public page, when the provider returned it with the session. */
  invoiceUrl: string | null;
}

/**
 * Whether a session pays for this order: the session the order was created with, for the amount and
 * currency the order expects, and one that takes a payment. Anything else that names the order (a
 * Payment Link's `?client_reference_id=`, another integration on the account, a no-cost session)
 * pays for something else.
 */
export const paysForOrder = (
  session: Pick<SessionStatus, "id" | "amountCents" | "currency" | "completedWithoutPayment">,
  order: { providerSessionId: string | null; amountCents: number; currency: string },
) =>
  !session.completedWithoutPayment &&
  session.id === order.providerSessionId &&
  session.amountCents === order.amountCents &&
  session.currency === order.currency;

/** A completed session as reconciliation sees it: its status and when it was created. */
export interface CompletedSession extends SessionStatus {
  created: Date;
}

/** A refund of a payment as the provider reports it. */
export interface RefundState {
  id: string;
  amountCents: number;
  currency: string;
  /** pending, requires_action (the buyer must give bank details), succeeded, failed or canceled. */
  status: string;
  created: Date;
}

/** A dispute of a payment as the provider reports it: an inquiry (warning_*) or a chargeback. */
export interface DisputeState {
  id: string;
  amountCents: number;
  currency: string;
  status: string;
  reason: string;
  livemode: boolean;
  created: Date;
}

/** Every refund and dispute of one payment, as the provider has them now. */
export interface PaymentChanges {
  refunds: RefundState[];
  disputes: DisputeState[];
}

/**
 * Checks a webhook delivery: the parsed body when the signature is genuine and fresh; throws AppError
 * BAD_SIGNATURE otherwise. A genuine body is still unchecked JSON: the handler validates its shape.
 */
export interface WebhookVerifier {
  /**
   * Throws AppError BAD_SIGNATURE unless the signature header is well-formed and fresh. Checked
   * before the body is read, so a post that cannot be a delivery costs no body; it never refuses a
   * header `verify` would accept.
   */
  checkHeader(signature: string | null): void;
  verify(body: Buffer, signature: string | null): unknown;
  /** The mode of the store's key: an event of the other mode is about payments the key cannot see. */
  readonly livemode: boolean;
}

export interface PaymentProvider {
  /** "test": the built-in test-mode checkout page (/pay/test/{session}) takes the payments. */
  readonly kind: "stripe" | "test";
  /** Signed event deliveries, or null for a provider that sends none (test mode). */
  readonly webhooks: WebhookVerifier | null;
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The session as the provider sees it, or null when the provider does not know the id. */
  getSession(id: string): Promise<SessionStatus | null>;
  /** The sessions completed since `since`, newest first (reconciliation: fulfils what a lost webhook missed). */
  listCompletedSessions(since: Date): AsyncIterable<CompletedSession>;
  /** The public page of an invoice (the buyer's receipt), or null when there is none. */
  invoiceUrl(invoiceId: string): Promise<string | null>;
  /**
   * Refunds what is left of the order's payment and returns the refund; `updatedAt` tells a
   * repeated click from a new attempt.
   */
  refund(order: {
    id: string;
    providerSessionId: string | null;
    paymentIntentId: string | null;
    amountCents: number;
    refundedCents: number;
    currency: string;
    updatedAt: Date;
  }): Promise<RefundState>;
  /**
   * The store's order id the payment was made for (Stripe: the payment intent's metadata), or null;
   * for a refund or dispute event that arrives before the payment's own event.
   */
  paymentOrderId(paymentIntentId: string): Promise<string | null>;
  /** The payment's refunds and disputes as they are now (every refund or dispute event asks). */
  paymentChanges(paymentIntentId: string): Promise<PaymentChanges>;
}
