import { setTimeout as sleep } from "node:timers/promises";
import Stripe from "stripe";
import { AppError } from "#app/lib/app-error.ts";
import {
  CHECKOUT_SESSION_LIFETIME_MS,
  type CheckoutRequest,
  type CompletedSession,
  type DisputeState,
  type PaymentChanges,
  type PaymentProvider,
  type RefundState,
  type SessionStatus,
  type WebhookVerifier,
} from "#app/lib/payments/payment-provider.ts";

/** Stripe signs with a timestamp; older deliveries are refused (replays). */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** A `v1` signature: the hex HMAC-SHA256 the SDK computes and compares (lower case). */
const V1_SIGNATURE = /^[0-9a-f]{64}$/;

/**
 * Refuses a Stripe-Signature header that no delivery of Stripe's has: `t=<unix seconds>,v1=<hex
 * sha256>`, more `v1` and other schemes (`v0`) allowed, read as the SDK reads it (comma-separated
 * `key=value` items, the last `t` counts, no spaces). Its time may be at most the tolerance old; like
 * the SDK, a time ahead of this clock is accepted (Stripe's clock may be ahead of the store's).
 */
function checkSignatureHeader(header: string | null): asserts header is string {
  if (!header) throw new AppError("BAD_SIGNATURE", "Missing Stripe-Signature header");
  let timestamp = "";
  let signed = false;
  for (const item of header.split(",")) {
    const [key, value = ""] = item.split("=");
    if (key === "t") timestamp = value;
    else if (key === "v1" && V1_SIGNATURE.test(value)) signed = true;
  }
  if (!/^\d+$/.test(timestamp) || !signed)
    throw new AppError("BAD_SIGNATURE", "Malformed Stripe-Signature header");
  if (Math.floor(Date.now() / 1000) - Number(timestamp) > WEBHOOK_TOLERANCE_SECONDS)
    throw new AppError("BAD_SIGNATURE", "Stale Stripe-Signature header");
}

/**
 * Stripe's product tax code for "General - Electronically Supplied Services": the toolkit is a
 * download of templates, neither an e-book nor software, which the EU taxes at the standard
 * rate as an electronically supplied service (ADR 016).
 */
export const DIGITAL_GOODS_TAX_CODE = "txcd_10000000";

const idOf = (value: string | { id?: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The fields of a Checkout Session the store reads (an API answer, or an event's checked object). */
export interface SessionFields {
  id: string;
  livemode?: boolean;
  status: string | null;
  payment_status: string;
  client_reference_id: string | null;
  metadata: Record<string, string> | null;
  payment_intent: string | { id: string; status?: string } | null;
  amount_total: number | null;
  currency: string | null;
  /** With Adaptive Pricing the buyer pays in their currency; the store's amount is the source. */
  currency_conversion?: { amount_total: number; source_currency: string } | null;
  automatic_tax?: { enabled: boolean } | null;
  total_details?: { amount_tax?: number | null } | null;
  customer_details?: {
    name?: string | null;
    business_name?: string | null;
    address?: {
      country?: string | null;
      city?: string | null;
      line1?: string | null;
      line2?: string | null;
      postal_code?: string | null;
      state?: string | null;
    } | null;
    tax_ids?: { type: string; value: string | null }[] | null;
  } | null;
  invoice?: string | InvoiceFields | null;
}

/** The fields of an invoice the store reads: its public page or PDF (the buyer's receipt). */
interface InvoiceFields {
  id?: string;
  hosted_invoice_url?: string | null;
  invoice_pdf?: string | null;
}

/** An invoice's public page, or its PDF when Stripe gave no page. */
const invoicePage = (invoice: InvoiceFields) => invoice.hosted_invoice_url ?? invoice.invoice_pdf ?? null;

/** What the store reads from a Checkout Session, from the API or from an event: the one mapping. */
export function sessionStatus(session: SessionFields): SessionStatus {
  const waiting = session.status === "complete" && session.payment_status === "unpaid";
  // A delayed payment that failed leaves its payment intent waiting for another payment method.
  const intent = typeof session.payment_intent === "object" ? session.payment_intent?.status : undefined;
  const failed = waiting && (intent === "requires_payment_method" || intent === "canceled");
  const address = session.customer_details?.address;
  return {
    id: session.id,
    paid: session.payment_status === "paid",
    orderId: session.client_reference_id ?? session.metadata?.order_id ?? null,
    amountCents: session.currency_conversion?.amount_total ?? session.amount_total,
    currency: session.currency_conversion?.source_currency ?? session.currency,
    paymentIntentId: idOf(session.payment_intent),
    processing: waiting && !failed,
    failed,
    completedWithoutPayment:
      session.status === "complete" && session.payment_status === "no_payment_required",
    // Without automatic tax Stripe reports 0 tax; the store records "not computed" instead.
    taxCents: session.automatic_tax?.enabled ? (session.total_details?.amount_tax ?? null) : null,
    country: session.customer_details?.address?.country ?? null,
    payerName: session.customer_details?.name ?? null,
    city: session.customer_details?.address?.city ?? null,
    taxId: session.customer_details?.tax_ids?.find(({ value }) => value)?.value ?? null,
    businessName: session.customer_details?.business_name ?? null,
    street: [address?.line1, address?.line2].filter((line) => line?.trim()).join(", ") || null,
    postalCode: address?.postal_code ?? null,
    state: address?.state ?? null,
    livemode: session.livemode ?? false,
    invoiceId: idOf(session.invoice),
    invoiceUrl: session.invoice && typeof session.invoice === "object" ? invoicePage(session.invoice) : null,
  };
}

/** A Stripe refund as the store keeps it; a refund without a status yet is pending. */
const refundState = (refund: Stripe.Refund): RefundState => ({
  id: refund.id,
  amountCents: refund.amount,
  currency: refund.currency,
  status: refund.status ?? "pending",
  created: new Date(refund.created * 1000),
});

/** Attempts at creating a Checkout Session while Stripe has an outage. */
const CHECKOUT_ATTEMPTS = 3;

/** An error another attempt can cure: no answer, a conflict, the rate limit or Stripe's own failure. */
const isOutage = (error: unknown) =>
  error instanceof Stripe.errors.StripeConnectionError ||
  (error instanceof Stripe.errors.StripeError &&
    (error.statusCode === 409 || error.statusCode === 429 || (error.statusCode ?? 0) >= 500));

/** Attempts of a read that Stripe's rate limit (429) refused, waiting 1, 2, 4, 8 s (with jitter) between them. */
const RATE_LIMIT_ATTEMPTS = 5;

/**
 * Runs a read again while Stripe answers 429 (the SDK retries 5xx and 409, not the rate limit),
 * with exponential backoff; reconciliation's reads use it so a busy account does not abort a pass.
 */
async function afterRateLimit<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeRateLimitError) || attempt >= RATE_LIMIT_ATTEMPTS)
        throw error;
      await sleep(1000 * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
    }
  }
}

interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (a local fake in tests). */
  apiBase?: string;
  /** STRIPE_TAX=on: Stripe Tax computes EU VAT inside the price (ADR 016). */
  tax?: boolean;
}

/** Stripe Checkout Sessions, refunds and signed webhooks. */
export class StripeProvider implements PaymentProvider {
  readonly kind = "stripe" as const;
  readonly webhooks: WebhookVerifier;
  private readonly stripe: Stripe;
  private readonly tax: boolean;

  constructor(options: StripeOptions) {
    this.tax = options.tax ?? false;
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
      livemode: /^(sk|rk)_live_/.test(options.secretKey),
      checkHeader: checkSignatureHeader,
      verify(body, signature) {
        checkSignatureHeader(signature);
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

  /**
   * Creates the session, trying up to CHECKOUT_ATTEMPTS times on an outage (connection, 409, 429,
   * 5xx). Each attempt computes its own `expires_at` (Stripe refuses one under 30 minutes from its
   * clock at creation, and the SDK's own retries would resend the first attempt's), so each has its
   * own idempotency key: an attempt whose answer was lost leaves at most an unused session that
   * expires unpaid.
   */
  async createCheckoutSession(request: CheckoutRequest) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.createSessionOnce(request);
      } catch (error) {
        if (attempt >= CHECKOUT_ATTEMPTS || !isOutage(error)) throw error;
        await sleep(500 * 2 ** (attempt - 1));
      }
    }
  }

  private async createSessionOnce(request: CheckoutRequest) {
    const tax = this.tax;
    const expiresAt = Math.floor((Date.now() + CHECKOUT_SESSION_LIFETIME_MS) / 1000);
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
              product_data: { name: request.productName, ...(tax && { tax_code: DIGITAL_GOODS_TAX_CODE }) },
              // The buyer pays the advertised price; the VAT is inside it.
              ...(tax && { tax_behavior: "inclusive" as const }),
            },
          },
        ],
        expires_at: expiresAt,
        // Stripe's invoice PDF is the buyer's receipt, with or without tax; a buyer who asked the
        // store for an invoice gets the store's own, and Stripe's e-mailed payment receipt, never two invoices.
        ...(!request.invoicedByStore && {
          invoice_creation: { enabled: true, invoice_data: { metadata: { order_id: request.orderId } } },
        }),
        ...(tax && {
          automatic_tax: { enabled: true },
          tax_id_collection: { enabled: true },
        }),
        // The EU wants two pieces of location evidence for digital supplies: the address is one. A
        // buyer who allowed showing their city as a recent purchase gives it here too (ADR 040).
        ...((tax || request.billingAddress) && { billing_address_collection: "required" as const }),
        // Stripe fills in the session id; the placeholder must stay unencoded.
        success_url: `${request.successUrl}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: request.cancelUrl,
      },
      // A replay of this very attempt (the SDK retries a closed connection once) gets its first answer.
      { idempotencyKey: `checkout-session-${request.orderId}-${expiresAt}`, maxNetworkRetries: 0 },
    );
    return { id: session.id, url: session.url ?? null };
  }

  async getSession(id: string): Promise<SessionStatus | null> {
    try {
      return sessionStatus(
        await this.stripe.checkout.sessions.retrieve(id, { expand: ["invoice", "payment_intent"] }),
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async *listCompletedSessions(since: Date): AsyncIterable<CompletedSession> {
    // Page by page, so a page refused for the rate limit is asked for again, not the whole list.
    let startingAfter: string | undefined;
    for (;;) {
      const page = await afterRateLimit(() =>
        this.stripe.checkout.sessions.list({
          created: { gte: Math.floor(since.getTime() / 1000) },
          status: "complete",
          limit: 100,
          expand: ["data.invoice", "data.payment_intent"],
          ...(startingAfter && { starting_after: startingAfter }),
        }),
      );
      for (const session of page.data) {
        yield { ...sessionStatus(session), created: new Date(session.created * 1000) };
      }
      startingAfter = page.data.at(-1)?.id;
      if (!page.has_more || !startingAfter) return;
    }
  }

  async invoiceUrl(invoiceId: string): Promise<string | null> {
    try {
      return invoicePage(await this.stripe.invoices.retrieve(invoiceId));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async refund(order: { providerSessionId: string | null; paymentIntentId: string | null; updatedAt: Date }) {
    let paymentIntent = order.paymentIntentId;
    if (!paymentIntent && order.providerSessionId) {
      paymentIntent = (await this.getSession(order.providerSessionId))?.paymentIntentId ?? null;
    }
    if (!paymentIntent) throw new Error("The order has no Stripe payment to refund");
    const refund = await this.stripe.refunds.create(
      { payment_intent: paymentIntent },
      // A repeated click on the same order gets Stripe's first answer; after a refund failed (the
      // order changed since) a new attempt is a new refund, not a replay of the failed one.
      { idempotencyKey: `refund-${paymentIntent}-${order.updatedAt.getTime()}` },
    );
    return refundState(refund);
  }

  async paymentOrderId(paymentIntentId: string) {
    try {
      return (await this.stripe.paymentIntents.retrieve(paymentIntentId)).metadata.order_id ?? null;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async paymentChanges(paymentIntentId: string): Promise<PaymentChanges> {
    const refunds: RefundState[] = [];
    const disputes: DisputeState[] = [];
    // The SDK follows `has_more`; a payment has a handful of refunds and disputes at most.
    for await (const refund of this.stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }))
      refunds.push(refundState(refund));
    for await (const dispute of this.stripe.disputes.list({ payment_intent: paymentIntentId, limit: 100 }))
      disputes.push({
        id: dispute.id,
        amountCents: dispute.amount,
        currency: dispute.currency,
        status: dispute.status,
        reason: dispute.reason,
        livemode: dispute.livemode,
        created: new Date(dispute.created * 1000),
      });
    return { refunds, disputes };
  }
}
