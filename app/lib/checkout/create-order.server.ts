import { eq } from "drizzle-orm";
import { PRODUCT } from "#app/content/site.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { InvoiceRequest } from "#app/lib/books/invoice-request.ts";
import { recordInvoiceRequest } from "#app/lib/books/invoice-requests.server.ts";
import type { Db, Tx } from "#app/lib/db/database.server.ts";
import { normalizeEmail } from "#app/lib/email-address.ts";
import { type Attribution, NO_ATTRIBUTION } from "#app/lib/funnel/attribution.server.ts";
import { countStep } from "#app/lib/funnel/count-step.server.ts";
import { successPageUrl } from "#app/lib/links.ts";
import { logger } from "#app/lib/logger.server.ts";
import { chargedPrice } from "#app/lib/pricing/checkout-price.server.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { orders } from "#db/schema.ts";

/**
 * Creates a pending order and its payment, and returns where to send the buyer. The price is
 * decided here, never by the page (chargedPrice, ADR 039): the offer's or the code's price while it
 * runs, the regular price otherwise. With no product ZIP uploaded nothing is sold (ADR 004). A
 * buyer's invoice request is recorded with the order, in its transaction, and then the store issues
 * the invoice itself: the provider is asked for no invoice of its own, only its receipt.
 */
export async function createOrder(
  services: Services,
  input: {
    email: string;
    offer?: string;
    /** A discount code as the buyer typed it; an unknown or ended one is refused. */
    code?: string;
    /** The buyer ticked "immediate access, no withdrawal" (the checkout form requires it; recorded on the order). */
    consent?: boolean;
    /** The buyer allowed showing their first name, initial and city as a recent purchase (ADR 040). */
    showPurchase?: boolean;
    /** Where the buyer came from (ADR 023): recorded on the order and counted as a payment started. */
    cameFrom?: Attribution;
    /** The buyer asked for an invoice (the checkout's invoice section, validated). */
    invoiceRequest?: InvoiceRequest;
  },
): Promise<{ orderId: string; url: string }> {
  const { database, payments, env } = services;
  const db = database.db;
  if (!(await getCurrentProduct(db))) {
    throw new AppError("PRODUCT_UNAVAILABLE", "The toolkit is temporarily unavailable.");
  }
  const { amountCents, discountApplied } = await chargedPrice(services, input);
  const insertOrder = async (into: Db | Tx) => {
    const [created] = await into
      .insert(orders)
      .values({
        email: normalizeEmail(input.email),
        amountCents,
        currency: PRODUCT.currency,
        discountApplied,
        provider: payments.kind,
        // The key's mode until the payment says its own (fulfilOrder); test mode is never live.
        livemode: payments.webhooks?.livemode ?? false,
        consentAt: input.consent ? new Date() : null,
        showPurchaseAt: input.showPurchase ? new Date() : null,
        ...(input.cameFrom && {
          source: input.cameFrom.source || null,
          campaign: input.cameFrom.campaign || null,
          article: input.cameFrom.article || null,
          device: input.cameFrom.device || null,
        }),
      })
      .returning();
    if (!created) throw new Error("Order insert returned nothing");
    return created;
  };
  // The invoice request is recorded with its order or not at all; an order without one is one
  // statement (every checkout counts, ADR 027).
  const invoiceRequest = input.invoiceRequest;
  const order = invoiceRequest
    ? await db.transaction(async (tx) => {
        const created = await insertOrder(tx);
        const recorded = await recordInvoiceRequest(tx, {
          orderId: created.id,
          request: invoiceRequest,
          via: "checkout",
          now: created.createdAt,
          requestDays: 0,
        });
        if (!recorded.ok) throw new Error(`The invoice request was refused: ${recorded.reason}`);
        return created;
      })
    : await insertOrder(db);

  let session: Awaited<ReturnType<typeof payments.createCheckoutSession>>;
  try {
    session = await payments.createCheckoutSession({
      orderId: order.id,
      orderNumber: order.number,
      email: order.email,
      amountCents: order.amountCents,
      currency: order.currency,
      productName: PRODUCT.name,
      successUrl: successPageUrl(services.links),
      cancelUrl: `${env.PUBLIC_URL}/checkout`,
      billingAddress: Boolean(input.showPurchase),
      invoicedByStore: input.invoiceRequest !== undefined,
    });
  } catch (error) {
    logger.error({ err: error, orderId: order.id }, "payment provider refused the checkout session");
    await db.update(orders).set({ status: "failed", updatedAt: new Date() }).where(eq(orders.id, order.id));
    throw new AppError("PAYMENT_PROVIDER", "The payment provider refused the checkout session", {
      cause: error,
    });
  }
  await db
    .update(orders)
    .set({ providerSessionId: session.id, updatedAt: new Date() })
    .where(eq(orders.id, order.id));
  if (!session.url) throw new AppError("NO_CHECKOUT_URL", "No checkout URL received");
  await countStep(db, "payment_started", input.cameFrom ?? NO_ATTRIBUTION);
  return { orderId: order.id, url: session.url };
}
