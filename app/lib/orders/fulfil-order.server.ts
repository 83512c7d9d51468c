import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { type StoreLinks, successPageUrl } from "#app/lib/links.ts";
import { enqueueEmail } from "#app/lib/mail/outbox.server.ts";
import { accessLinks, orders } from "#db/schema.ts";

export type Order = typeof orders.$inferSelect;

export const hashAccessToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new long-lived access token for the order's e-mail link; only its hash is stored. */
function newAccessToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashAccessToken(token) };
}

/**
 * Queues the delivery e-mail with a link of its own: a new access link is added, earlier ones keep
 * working (nobody who knows a buyer's address can kill the link in the buyer's inbox). Links work
 * while the order is paid, so a refund or a dispute revokes them all and a won dispute restores them.
 */
export async function queueDeliveryEmail(db: Db, order: Order, links: StoreLinks, dedupeKey?: string) {
  const { token, hash } = newAccessToken();
  await db.insert(accessLinks).values({ tokenHash: hash, orderId: order.id });
  return enqueueEmail(db, {
    to: order.email,
    template: "delivery",
    orderId: order.id,
    dedupeKey,
    payload: {
      reference: order.reference,
      amountCents: order.amountCents,
      discountApplied: order.discountApplied,
      paidAt: (order.paidAt ?? new Date()).toISOString(),
      link: successPageUrl(links, { t: token }),
      supportEmail: links.supportEmail,
    },
  });
}

/**
 * Marks an order paid and queues its one delivery e-mail. Idempotent and safe to run twice at
 * once (webhook and success page racing): the status change is a single conditional UPDATE, so
 * exactly one caller makes the transition, and the e-mail's dedupe key makes a second e-mail
 * impossible. A refunded order is never paid again.
 */
export async function fulfilOrder(
  db: Db,
  links: StoreLinks,
  payment: { orderId: string; paymentIntentId?: string | null },
): Promise<{ order: Order | null; newlyPaid: boolean }> {
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(orders)
      .set({
        status: "paid",
        paidAt: new Date(),
        updatedAt: new Date(),
        ...(payment.paymentIntentId ? { paymentIntentId: payment.paymentIntentId } : {}),
      })
      .where(and(eq(orders.id, payment.orderId), inArray(orders.status, ["pending", "failed", "expired"])))
      .returning();
    if (paid) {
      await queueDeliveryEmail(tx as unknown as Db, paid, links, `delivery:${paid.id}`);
      return { order: paid, newlyPaid: true };
    }
    const [existing] = await tx.select().from(orders).where(eq(orders.id, payment.orderId));
    return { order: existing ?? null, newlyPaid: false };
  });
}

/** Moves a still-pending order to `failed` or `expired`; a paid or refunded order is left alone (events arrive out of order). */
export async function closeUnpaidOrder(db: Db, orderId: string, status: "failed" | "expired") {
  await db
    .update(orders)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending")));
}

/** Revokes an order: its downloads and its e-mail link stop working. */
export async function markRefunded(db: Db, where: { orderId?: string; paymentIntentId?: string }) {
  const condition = where.orderId
    ? eq(orders.id, where.orderId)
    : where.paymentIntentId
      ? eq(orders.paymentIntentId, where.paymentIntentId)
      : null;
  if (!condition) return null;
  const [order] = await db
    .update(orders)
    .set({ status: "refunded", refundedAt: new Date(), updatedAt: new Date() })
    .where(condition)
    .returning();
  return order ?? null;
}
