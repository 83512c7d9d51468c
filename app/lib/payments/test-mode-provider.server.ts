import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import type {
  CheckoutRequest,
  CompletedSession,
  PaymentProvider,
  SessionStatus,
} from "#app/lib/payments/payment-provider.ts";
import { orders } from "#db/schema.ts";

export const TEST_SESSION_PREFIX = "test_cs_";

/**
 * With STRIPE_TAX=on test mode charges a fixed, clearly labelled test rate (Italian VAT, 22%)
 * inside the price, so the tax flow can be tried offline; Stripe Tax computes the real one.
 */
export const TEST_VAT = { ratePercent: 22, country: "IT" } as const;

/** The VAT inside a tax-inclusive amount at the test rate, in cents. */
export const testVatCents = (amountCents: number) =>
  amountCents - Math.round((amountCents * 100) / (100 + TEST_VAT.ratePercent));

/**
 * The built-in provider for running without Stripe: its hosted page is the store's own
 * `/pay/test/{session}` ("Test mode — no card is charged"), and paying there runs the same
 * fulfilment as a Stripe webhook. Its sessions are the orders' provider session ids, so the
 * "provider" knows a session is paid exactly when fulfilment has marked its order paid.
 */
export class TestModeProvider implements PaymentProvider {
  readonly kind = "test" as const;
  readonly webhooks = null;
  private readonly db: Db;
  private readonly publicUrl: string;
  /** STRIPE_TAX=on: sessions carry the test VAT (TEST_VAT). */
  readonly tax: boolean;

  constructor(db: Db, publicUrl: string, options: { tax?: boolean } = {}) {
    this.db = db;
    this.publicUrl = publicUrl;
    this.tax = options.tax ?? false;
  }

  async createCheckoutSession(_request: CheckoutRequest) {
    const id = `${TEST_SESSION_PREFIX}${randomBytes(24).toString("base64url")}`;
    return { id, url: `${this.publicUrl}/pay/test/${id}` };
  }

  async getSession(id: string): Promise<SessionStatus | null> {
    if (!id.startsWith(TEST_SESSION_PREFIX)) return null;
    const [order] = await this.db
      .select({
        id: orders.id,
        status: orders.status,
        amountCents: orders.amountCents,
        currency: orders.currency,
      })
      .from(orders)
      .where(eq(orders.providerSessionId, id));
    if (!order) return null;
    return {
      id,
      paid: order.status === "paid" || order.status === "refunded",
      orderId: order.id,
      amountCents: order.amountCents,
      currency: order.currency,
      paymentIntentId: null,
      processing: false,
      failed: false,
      completedWithoutPayment: false,
      taxCents: this.tax ? testVatCents(order.amountCents) : null,
      country: this.tax ? TEST_VAT.country : null,
      payerName: null,
      city: null,
      taxId: null,
      businessName: null,
      street: null,
      postalCode: null,
      state: null,
      livemode: false,
      invoiceId: null,
      invoiceUrl: null,
    };
  }

  /** Test payments are fulfilled as they are made: no webhook can be lost, nothing to reconcile. */
  async *listCompletedSessions(_since: Date): AsyncIterable<CompletedSession> {
    yield* [];
  }

  async invoiceUrl() {
    return null;
  }

  /** No card was charged, so nothing goes back: the refund of what is left succeeds at once. */
  async refund(order: {
    id: string;
    amountCents: number;
    refundedCents: number;
    currency: string;
    updatedAt: Date;
  }) {
    return {
      id: `test_re_${order.id}_${order.updatedAt.getTime()}`,
      amountCents: order.amountCents - order.refundedCents,
      currency: order.currency,
      status: "succeeded",
      created: new Date(),
    };
  }

  /** Test payments have no events, so nothing asks. */
  async paymentOrderId() {
    return null;
  }

  async paymentChanges() {
    return { refunds: [], disputes: [] };
  }
}
