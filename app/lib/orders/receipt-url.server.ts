import { eq } from "drizzle-orm";
import { logger } from "#app/lib/logger.server.ts";
import type { Order } from "#app/lib/orders/fulfil-order.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { orders } from "#db/schema.ts";

/**
 * The buyer's receipt (the provider's invoice page) for a paid order. A webhook carries only the
 * invoice's id: the first visit to the success page asks the provider for its address and keeps
 * it. A provider that cannot answer leaves the page without the link, never without the download.
 */
export async function receiptUrl(services: Services, order: Order): Promise<string | null> {
  if (order.invoiceUrl || !order.invoiceId) return order.invoiceUrl;
  try {
    const url = await services.payments.invoiceUrl(order.invoiceId);
    if (url)
      await services.database.db.update(orders).set({ invoiceUrl: url }).where(eq(orders.id, order.id));
    return url;
  } catch (error) {
    logger.warn({ err: error, orderNumber: order.number }, "could not read the order's invoice");
    return null;
  }
}
