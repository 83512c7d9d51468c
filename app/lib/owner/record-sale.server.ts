/**
 * What a newly paid order tells the owner, in the fulfilment's transaction (so exactly once): the
 * funnel's "payment completed" with the order's attribution, and, when the owner turned it on, an
 * Italian notice to SUPPORT_EMAIL through the outbox (one per order by its dedupe key).
 */
import type { Db } from "#app/lib/db/database.server.ts";
import { countStep } from "#app/lib/funnel/count-step.server.ts";
import { enqueueEmail } from "#app/lib/mail/outbox.server.ts";
import { ownerNoticeOn } from "#app/lib/owner/owner-notices.server.ts";
import type { orders } from "#db/schema.ts";

export async function recordSale(db: Db, order: typeof orders.$inferSelect, ownerEmail: string) {
  await countStep(db, "payment_completed", {
    source: order.source ?? "",
    campaign: order.campaign ?? "",
    device: order.device ?? "",
    article: order.article ?? "",
  });
  if (!(await ownerNoticeOn(db, "sale"))) return;
  await enqueueEmail(db, {
    to: ownerEmail,
    template: "owner-sale",
    dedupeKey: `owner-sale:${order.id}`,
    orderId: order.id,
    payload: {
      orderNumber: order.number,
      reference: order.reference,
      buyerEmail: order.email,
      amountCents: order.amountCents,
      discountApplied: order.discountApplied,
      source: order.source ?? "",
      article: order.article ?? "",
    },
  });
}
