import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import type { CheckoutRequest, PaymentProvider, SessionStatus } from "#app/lib/payments/payment-provider.ts";
import { orders } from "#db/schema.ts";

export const TEST_SESSION_PREFIX = "test_cs_";

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

  constructor(db: Db, publicUrl: string) {
    this.db = db;
    this.publicUrl = publicUrl;
  }

  async createCheckoutSession(_request: CheckoutRequest) {
    const id = `${TEST_SESSION_PREFIX}${randomBytes(24).toString("base64url")}`;
    return { id, url: `${this.publicUrl}/pay/test/${id}` };
  }

  async getSession(id: string): Promise<SessionStatus | null> {
    if (!id.startsWith(TEST_SESSION_PREFIX)) return null;
    const [order] = await this.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.providerSessionId, id));
    if (!order) return null;
    return {
      id,
      paid: order.status === "paid" || order.status === "refunded",
      orderId: order.id,
      paymentIntentId: null,
      processing: false,
    };
  }

  async refund() {
    // No card was charged, so there is nothing to give back; the caller revokes the order.
  }
}
