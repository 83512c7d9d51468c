import { randomInt } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { addressLimitKey } from "#app/lib/checkout/address-limit-key.server.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { normalizeEmail } from "#app/lib/email-address.ts";
import type { StoreLinks } from "#app/lib/links.ts";
import { logger, maskEmail } from "#app/lib/logger.server.ts";
import { queueDeliveryEmail } from "#app/lib/orders/fulfil-order.server.ts";
import { hit, networkLimitKey } from "#app/lib/rate-limit.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { lostLinkRequests, orders } from "#db/schema.ts";

const PER_NETWORK = { limit: 5, windowMs: 15 * 60_000 };
const PER_ADDRESS = { limit: 3, windowMs: 60 * 60_000 };

/**
 * "Lost your link?", the part the answer waits for: the request counts against the client's
 * limit and, when allowed, is recorded to be looked up 0.2 to 1 s later, at a random moment, so
 * neither the answer's timing nor the load just after it (PGlite works on the server's own thread)
 * says whether the address bought. Recorded in the database, a request outlives a restart or a
 * crash of the process that answered it. Returns whether it was allowed.
 */
export async function acceptLostLinkRequest(
  services: Services,
  email: string,
  ip: string | null,
): Promise<boolean> {
  const db = services.database.db;
  if (!(await hit(db, networkLimitKey("lost-link", ip), PER_NETWORK)).allowed) return false;
  const delayMs = 200 + randomInt(800);
  await db.insert(lostLinkRequests).values({
    email: normalizeEmail(email),
    ip,
    dueAt: sql`now() + ${`${delayMs} milliseconds`}::interval`,
  });
  // The e-mail worker resolves due requests on each run; this run comes when this one is due.
  setTimeout(services.kickOutbox, delayMs).unref();
  return true;
}

/**
 * Resolves the due "Lost your link?" requests: each queues one more link for the address's latest
 * paid order, in the transaction that removes the request, so a request is answered by exactly one
 * e-mail or none, whichever instance takes it and whenever the process stops. Earlier links keep
 * working, and the per-address limit caps how many e-mails an address receives from requests of
 * one network, so a stranger who knows a buyer's address can neither kill the buyer's link nor use
 * up the e-mails the buyer asks for. Returns how many e-mails were queued.
 */
export async function resolveLostLinkRequests(db: Db, links: StoreLinks): Promise<number> {
  let queued = 0;
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const taken = await tx.execute<{ email: string; ip: string | null }>(sql`
        delete from ${lostLinkRequests}
        where id = (
          select id from ${lostLinkRequests} where due_at <= now() order by id limit 1 for update skip locked
        )
        returning email, ip`);
      const request = taken.rows[0];
      if (!request) return "none";
      const address = request.email;
      if (!(await hit(tx, addressLimitKey("lost-link", request.ip, address), PER_ADDRESS)).allowed) {
        logger.info({ to: maskEmail(address) }, "lost-link e-mail not sent: too many for this address");
        return "limited";
      }
      const [order] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.email, address), eq(orders.status, "paid")))
        .orderBy(desc(orders.paidAt))
        .limit(1);
      if (!order) return "unknown";
      await queueDeliveryEmail(tx, order, links);
      return "queued";
    });
    if (outcome === "none") return queued;
    if (outcome === "queued") queued++;
  }
}
