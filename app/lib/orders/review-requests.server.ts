/**
 * Review requests: REVIEW_DELAY_DAYS after an order's first download, one e-mail asks the buyer
 * for a review on the store's own form (the order's signed review link, ADR 040), and offers
 * REVIEW_URL as well when it is set. Refunded, disputed and erased orders, orders already
 * reviewed and unsubscribed addresses get none. Run hourly; the dedupe key (one per
 * order) makes a repeated or concurrent pass harmless. Like update e-mails, they name no order
 * (`order_id` null), so the order's delivery e-mail state and evidence stay the delivery's.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { enqueueEmail } from "#app/lib/mail/outbox.server.ts";
import { unsubscribeUrl } from "#app/lib/mail/unsubscribe.server.ts";
import { repeat } from "#app/lib/repeat.server.ts";
import { reviewUrl } from "#app/lib/reviews/reviews.server.ts";
import type { Services } from "#app/lib/services.server.ts";

const DAY_MS = 24 * 3600_000;
/**
 * Only first downloads this recent past the delay are asked about: a pass missed for a few days
 * still catches up, but turning the feature on does not mail every buyer the store ever had.
 */
export const REVIEW_CATCH_UP_MS = 7 * DAY_MS;
export const REVIEW_INTERVAL_MS = 3600_000;

type ReviewServices = Pick<Services, "env" | "links" | "settings" | "kickOutbox"> & {
  database: { db: Db };
};

/** One pass at `now`: queues the review requests that are due; returns how many were queued. */
export async function queueReviewRequests(services: ReviewServices, now = new Date()): Promise<number> {
  const db = services.database.db;
  const dueBefore = now.getTime() - services.env.REVIEW_DELAY_DAYS * DAY_MS;
  const due = await db.execute<{ id: string; email: string }>(sql`
    select o.id, o.email from orders o
    join (select order_id, min(at) as first_at from downloads group by order_id) d on d.order_id = o.id
    where o.status = 'paid' and o.erased_at is null
      and d.first_at <= ${new Date(dueBefore).toISOString()}
      and d.first_at > ${new Date(dueBefore - REVIEW_CATCH_UP_MS).toISOString()}
      and not exists (select 1 from unsubscribes u where u.email = o.email)
      and not exists (select 1 from reviews r where r.order_id = o.id)
      and not exists (select 1 from email_outbox m where m.dedupe_key = 'review:' || o.id::text)`);
  let queued = 0;
  for (const order of due.rows) {
    const added = await enqueueEmail(db, {
      to: order.email,
      template: "review-request",
      dedupeKey: `review:${order.id}`,
      payload: {
        reviewUrl: reviewUrl(services.links, services.settings.tokenSecrets, order.id, now.getTime()),
        externalReviewUrl: services.env.REVIEW_URL ?? null,
        unsubscribeUrl: unsubscribeUrl(services.links, services.settings.tokenSecrets, order.email),
        supportEmail: services.links.supportEmail,
      },
    });
    if (added) queued++;
  }
  if (queued > 0) {
    logger.info({ queued }, "review requests queued");
    services.kickOutbox();
  }
  return queued;
}

/** Runs queueReviewRequests every `intervalMs`; `stop()` waits for a pass under way. */
export function startReviewRequestJob(services: ReviewServices, intervalMs = REVIEW_INTERVAL_MS) {
  return repeat(() => queueReviewRequests(services), {
    everyMs: intervalMs,
    failure: "review requests failed",
    record: { db: services.database.db, job: "review-requests" },
  });
}
