import { and, desc, eq } from "drizzle-orm";
import { normalizeEmail } from "#app/lib/email-address.ts";
import { queueDeliveryEmail } from "#app/lib/orders/fulfil-order.server.ts";
import { hit } from "#app/lib/rate-limit.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { orders } from "#db/schema.ts";

const PER_IP = { limit: 5, windowMs: 15 * 60_000 };
const PER_ADDRESS = { limit: 3, windowMs: 60 * 60_000 };

/**
 * "Lost your link?": e-mails a fresh link for the address's latest paid order. The caller answers
 * the same whether or not the address bought, so the form tells nobody who the buyers are.
 */
export async function sendLostLink(services: Services, email: string, ip: string | null) {
  const db = services.database.db;
  const address = normalizeEmail(email);
  const [byIp, byAddress] = await Promise.all([
    hit(db, `lost-link:ip:${ip ?? "unknown"}`, PER_IP),
    hit(db, `lost-link:email:${address}`, PER_ADDRESS),
  ]);
  if (!byIp.allowed || !byAddress.allowed) return { rateLimited: true };
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.email, address), eq(orders.status, "paid")))
    .orderBy(desc(orders.paidAt))
    .limit(1);
  if (order) {
    await queueDeliveryEmail(db, order, services.links);
    services.kickOutbox();
  }
  return { rateLimited: false };
}
