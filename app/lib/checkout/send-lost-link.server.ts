import { randomInt } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { addressLimitKey } from "#app/lib/checkout/address-limit-key.server.ts";
import { normalizeEmail } from "#app/lib/email-address.ts";
import { logger, maskEmail } from "#app/lib/logger.server.ts";
import { queueDeliveryEmail } from "#app/lib/orders/fulfil-order.server.ts";
import { hit } from "#app/lib/rate-limit.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { orders } from "#db/schema.ts";

const PER_IP = { limit: 5, windowMs: 15 * 60_000 };
const PER_ADDRESS = { limit: 3, windowMs: 60 * 60_000 };

/**
 * "Lost your link?", the part the answer waits for: the request counts against the client's
 * limit. Nothing here depends on the address, so the answer's timing tells nobody who bought.
 */
export async function acceptLostLinkRequest(services: Services, ip: string | null): Promise<boolean> {
  return (await hit(services.database.db, `lost-link:ip:${ip ?? "unknown"}`, PER_IP)).allowed;
}

/**
 * "Lost your link?", the part that runs after the answer: e-mails one more link for the address's
 * latest paid order. Earlier links keep working, and the per-address limit caps how many e-mails
 * an address receives from requests of one network, so a stranger who knows a buyer's address can
 * neither kill the buyer's link nor use up the e-mails the buyer asks for.
 */
export async function sendLostLink(services: Services, email: string, ip: string | null): Promise<void> {
  const db = services.database.db;
  const address = normalizeEmail(email);
  if (!(await hit(db, addressLimitKey("lost-link", ip, address), PER_ADDRESS)).allowed) {
    logger.info({ to: maskEmail(address) }, "lost-link e-mail not sent: too many for this address");
    return;
  }
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.email, address), eq(orders.status, "paid")))
    .orderBy(desc(orders.paidAt))
    .limit(1);
  if (!order) return;
  await queueDeliveryEmail(db, order, services.links);
  services.kickOutbox();
}

/**
 * Runs work once the response has gone out: 0.2 to 1 s later, at a random moment, so neither the
 * answer's timing nor the load just after it (PGlite works on the server's own thread) says whether
 * the address bought. A failure is logged; nobody is waiting for it.
 */
export function runAfterResponse(work: () => Promise<void>): void {
  setTimeout(
    () => work().catch((error: unknown) => logger.error({ err: error }, "lost-link request failed")),
    200 + randomInt(800),
  );
}
