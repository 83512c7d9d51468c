import { eq } from "drizzle-orm";
import { fulfilOrder } from "#app/lib/orders/fulfil-order.server.ts";
import { TEST_SESSION_PREFIX, TEST_VAT, testVatCents } from "#app/lib/payments/test-mode-provider.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { orders } from "#db/schema.ts";

/** The order behind a test-mode session, when test mode is on and the session exists. */
export async function findTestSession(services: Services, sessionId: string) {
  if (services.payments.kind !== "test" || !sessionId.startsWith(TEST_SESSION_PREFIX)) return null;
  const [order] = await services.database.db
    .select()
    .from(orders)
    .where(eq(orders.providerSessionId, sessionId));
  return order ?? null;
}

/**
 * "Pay" on the test-mode page: the same fulfilment a Stripe webhook runs. The tax is what the test
 * provider's session reports (TestModeProvider.getSession), worked out from the order already read
 * rather than read again.
 */
export async function completeTestPayment(services: Services, sessionId: string) {
  const order = await findTestSession(services, sessionId);
  if (order?.status !== "pending") return null;
  const tax = services.env.STRIPE_TAX;
  const result = await fulfilOrder(services.database.db, services.links, {
    orderId: order.id,
    taxCents: tax ? testVatCents(order.amountCents) : null,
    country: tax ? TEST_VAT.country : null,
  });
  services.kickOutbox();
  return result.order;
}
