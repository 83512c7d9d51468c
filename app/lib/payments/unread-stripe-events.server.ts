/**
 * Stripe events the store could not read and that name none of its orders: kept for the owner
 * (Ordini, "Eventi Stripe non letti") to look up in Stripe's Dashboard, since nothing else will
 * repair them. An unreadable event that names one of our orders flags that order instead
 * (handle-stripe-webhook.server.ts). No payload is kept, and only the newest UNREAD_EVENTS_KEPT.
 */
import { desc, notInArray } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { stripeUnreadEvents } from "#db/schema.ts";

/** How many unread events are kept and shown: enough to see a pattern, bounded whatever Stripe sends. */
export const UNREAD_EVENTS_KEPT = 20;

/** The parser's reason is one line naming a path and an expectation; it is cut to this length. */
const DETAIL_CHARS = 200;

export type UnreadEvent = typeof stripeUnreadEvents.$inferSelect;

/**
 * Records an unread event (once per id, in the webhook's transaction, so a repeated delivery adds
 * nothing) and drops all but the newest UNREAD_EVENTS_KEPT.
 */
export async function recordUnreadEvent(
  db: Db,
  event: { id: string; type: string; livemode: boolean | null; problem: "mode" | "shape"; detail: string },
) {
  await db
    .insert(stripeUnreadEvents)
    .values({ ...event, detail: event.detail.slice(0, DETAIL_CHARS) })
    .onConflictDoNothing();
  await db
    .delete(stripeUnreadEvents)
    .where(
      notInArray(
        stripeUnreadEvents.id,
        db
          .select({ id: stripeUnreadEvents.id })
          .from(stripeUnreadEvents)
          .orderBy(desc(stripeUnreadEvents.receivedAt), desc(stripeUnreadEvents.id))
          .limit(UNREAD_EVENTS_KEPT),
      ),
    );
}

/** The unread events kept, newest first. */
export async function unreadEvents(db: Db): Promise<UnreadEvent[]> {
  return db
    .select()
    .from(stripeUnreadEvents)
    .orderBy(desc(stripeUnreadEvents.receivedAt), desc(stripeUnreadEvents.id))
    .limit(UNREAD_EVENTS_KEPT);
}

/** The event's page in Stripe's Dashboard (its test-mode half when the event was not live). */
export const dashboardEventUrl = (event: Pick<UnreadEvent, "id" | "livemode">) =>
  `https://dashboard.stripe.com/${event.livemode === true ? "" : "test/"}events/${encodeURIComponent(event.id)}`;
