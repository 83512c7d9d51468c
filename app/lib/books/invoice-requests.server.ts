/**
 * Recording a buyer's request for an invoice (table `invoice_requests`, one per order): at checkout
 * with the pending order, in the order's own transaction; on the success page once the order is paid,
 * within the days the seller allows after payment (`requestDays`, fiscal settings). The issuing job
 * turns the requests of paid orders into invoices. A refusal is a sentence for the buyer.
 */
import { eq } from "drizzle-orm";
import { type CheckoutBuyerDetails, checkoutTaxIdRequest } from "#app/lib/books/checkout-tax-id.ts";
import type { InvoiceRequest } from "#app/lib/books/invoice-request.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { invoiceRequests, orders } from "#db/schema.ts";

export type InvoiceRequestRefusal = "already-asked" | "unknown-order" | "not-paid" | "refunded" | "too-late";

export type RecordedInvoiceRequest =
  | { ok: true }
  | { ok: false; reason: InvoiceRequestRefusal; message: string };

const DAY_MS = 24 * 60 * 60_000;

/** The last moment a buyer may ask on the success page: `requestDays` days after the payment. */
export const invoiceRequestDeadline = (paidAt: Date, requestDays: number) =>
  new Date(paidAt.getTime() + requestDays * DAY_MS);

const refusal = (reason: InvoiceRequestRefusal, message: string): RecordedInvoiceRequest => ({
  ok: false,
  reason,
  message,
});

export async function recordInvoiceRequest(
  db: Db,
  input: {
    orderId: string;
    request: InvoiceRequest;
    via: "checkout" | "success-page";
    now: Date;
    requestDays: number;
  },
): Promise<RecordedInvoiceRequest> {
  const [order] = await db
    .select({ status: orders.status, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.id, input.orderId));
  if (!order) return refusal("unknown-order", "We could not find this order.");
  if (input.via === "success-page") {
    if (order.status === "refunded" || order.status === "disputed")
      return refusal("refunded", "This order was refunded or disputed, so no invoice can be issued for it.");
    if (order.status !== "paid" || !order.paidAt)
      return refusal(
        "not-paid",
        "This order is not paid yet: you can ask for an invoice once the payment is confirmed.",
      );
    if (input.now > invoiceRequestDeadline(order.paidAt, input.requestDays))
      return refusal(
        "too-late",
        `Invoices can be asked for within ${input.requestDays} days of payment, and that time has passed.`,
      );
  } else if (order.status !== "pending") {
    return refusal("not-paid", "An invoice is asked for at checkout only with a new order.");
  }
  // The order's primary key decides between two requests at once: the second finds the first.
  const inserted = await db
    .insert(invoiceRequests)
    .values({
      orderId: input.orderId,
      buyerType: input.request.buyerType,
      buyer: input.request.buyer,
      via: input.via,
      requestedAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ orderId: invoiceRequests.orderId });
  if (inserted.length === 0)
    return refusal(
      "already-asked",
      "An invoice has already been asked for this order: it will arrive by e-mail once it is issued.",
    );
  return { ok: true };
}

/**
 * A paid order whose buyer gave a tax ID on the provider's page is invoiced as a business, like one
 * with a request (checkout-tax-id.ts): the request is recorded in the payment's own transaction, so
 * the webhook, the success page and reconciliation record it once, whichever marks the order paid.
 * A request the buyer made themselves at checkout stays as they made it.
 */
export async function recordCheckoutTaxIdRequest(db: Db, orderId: string, details: CheckoutBuyerDetails) {
  const request = checkoutTaxIdRequest(details);
  if (!request) return;
  await db
    .insert(invoiceRequests)
    .values({ orderId, buyerType: request.buyerType, buyer: request.buyer, via: "provider-tax-id" })
    .onConflictDoNothing();
}
