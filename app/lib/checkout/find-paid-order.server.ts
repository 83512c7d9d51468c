import { and, eq } from "drizzle-orm";
import { fulfilOrder, hashAccessToken, type Order } from "#app/lib/orders/fulfil-order.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { orders } from "#db/schema.ts";

const MAX_ID_LENGTH = 512;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The order a success-page visit is entitled to, or null. `session_id` (back from the payment
 * provider) is checked with the provider, never trusted from the URL, and fulfils the order if the
 * webhook has not yet; `t` is the long-lived token from the delivery e-mail.
 */
export async function findPaidOrder(
  services: Services,
  access: { sessionId?: string | null; token?: string | null },
): Promise<Order | null> {
  const db = services.database.db;
  if (access.sessionId && access.sessionId.length <= MAX_ID_LENGTH) {
    const session = await services.payments.getSession(access.sessionId);
    if (!session?.paid || !session.orderId || !UUID.test(session.orderId)) return null;
    // The session must belong to an order of this store that was created for this very session.
    const [known] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, session.orderId), eq(orders.providerSessionId, session.id)));
    if (!known) return null;
    const { order } = await fulfilOrder(db, services.links, { ...session, orderId: known.id });
    return order?.status === "paid" ? order : null;
  }
  if (access.token && access.token.length <= MAX_ID_LENGTH) {
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.accessTokenHash, hashAccessToken(access.token)));
    return order?.status === "paid" ? order : null;
  }
  return null;
}
