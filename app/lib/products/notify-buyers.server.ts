/**
 * "Avvisa gli acquirenti" (ADR 022): one update e-mail per buyer for one upload, each
 * with a new lifetime link to the buyer's order. Buyers are the distinct addresses with a paid
 * order (not refunded, not disputed), not erased and not unsubscribed. The e-mails go through the
 * outbox, each with its send time already set so they leave at most UPDATE_EMAILS_PER_MINUTE a
 * minute: the schedule lives in the database, so a restart neither loses nor speeds it up. They
 * name no order (`order_id` stays null): an order's e-mails are its delivery e-mails, in the
 * orders table and the evidence pack.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { successPageUrl } from "#app/lib/links.ts";
import { enqueueEmail } from "#app/lib/mail/outbox.server.ts";
import { unsubscribeUrl } from "#app/lib/mail/unsubscribe.server.ts";
import { newAccessToken } from "#app/lib/orders/fulfil-order.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { accessLinks, products } from "#db/schema.ts";

export type NotifyResult =
  | { status: "queued"; recipients: number }
  /** Not the current upload, or "notify" was already pressed for it (now or at the same moment). */
  | { status: "refused" };

/** The buyers to tell: each address once, with its latest paid order. */
async function recipients(db: Db) {
  const rows = await db.execute<{ order_id: string; email: string }>(sql`
    select distinct on (o.email) o.id as order_id, o.email
    from orders o
    where o.status = 'paid' and o.erased_at is null
      and not exists (select 1 from unsubscribes u where u.email = o.email)
    order by o.email, o.paid_at desc nulls last`);
  return rows.rows;
}

/**
 * The first free send time: after the last update e-mail still waiting (an earlier notification
 * being sent), so two notifications together keep the rate too.
 */
async function firstSlot(db: Db, now: Date, gapMs: number): Promise<number> {
  const rows = await db.execute<{ last: string | Date | null }>(sql`
    select max(next_attempt_at) as last from email_outbox
    where template = 'update' and sent_at is null and cancelled_at is null`);
  const last = rows.rows[0]?.last;
  return last ? Math.max(now.getTime(), new Date(last).getTime() + gapMs) : now.getTime();
}

/**
 * Queues the update e-mails for `productId`, which must be the current upload. Pressing twice,
 * even at the same moment, queues them once: products.notifiedAt is set by one conditional UPDATE
 * in the same transaction, and each e-mail's dedupe key (upload and address) stops any repeat.
 */
export async function notifyBuyers(services: Services, productId: string, now = new Date()) {
  const { links, env } = services;
  const secrets = services.settings.tokenSecrets;
  const gapMs = 60_000 / env.UPDATE_EMAILS_PER_MINUTE;
  return services.database.db.transaction(async (tx): Promise<NotifyResult> => {
    const [product] = await tx
      .update(products)
      .set({ notifiedAt: now })
      .where(and(eq(products.id, productId), eq(products.current, true), isNull(products.notifiedAt)))
      .returning();
    if (!product) return { status: "refused" };
    const buyers = await recipients(tx);
    const start = await firstSlot(tx, now, gapMs);
    for (const [i, buyer] of buyers.entries()) {
      // A lifetime link of its own, as the delivery e-mail has (ADR 013): only its hash is kept.
      const { token, hash } = newAccessToken();
      await tx.insert(accessLinks).values({ tokenHash: hash, orderId: buyer.order_id });
      await enqueueEmail(tx, {
        to: buyer.email,
        template: "update",
        dedupeKey: `update:${product.id}:${buyer.email}`,
        notBefore: new Date(start + i * gapMs),
        payload: {
          version: product.version,
          changelog: product.changelogEn,
          link: successPageUrl(links, { t: token }),
          unsubscribeUrl: unsubscribeUrl(links, secrets, buyer.email, now.getTime()),
          supportEmail: links.supportEmail,
        },
      });
    }
    return { status: "queued", recipients: buyers.length };
  });
}
