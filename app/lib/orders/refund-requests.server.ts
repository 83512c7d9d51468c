/**
 * The 30-day guarantee in one step (ADR 021): a buyer asks for the refund from
 * the success page, and the owner's setting decides whether it is made at once or waits for the
 * owner's one-click approval in the admin. One request per order (the table's primary key); every
 * refund goes through the admin's one refund path (`refundOrder`), so access is revoked at once
 * and the provider's events keep the order consistent as they do for any refund.
 */
import { and, desc, eq, gt, inArray, isNotNull } from "drizzle-orm";
import { SESSION_ACCESS_MS } from "#app/lib/checkout/find-paid-order.server.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { logger, maskEmail } from "#app/lib/logger.server.ts";
import { enqueueEmail } from "#app/lib/mail/outbox.server.ts";
import { refundOrder } from "#app/lib/orders/admin-orders.server.ts";
import {
  DEFAULT_REFUND_REVOKES_PERCENT,
  hashAccessToken,
  type Order,
  REFUND_REVOKES_SETTING,
} from "#app/lib/orders/fulfil-order.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { getSetting, setSetting } from "#app/lib/settings.server.ts";
import { accessLinks, orders, refundRequests } from "#db/schema.ts";

/** The guarantee the landing page promises (specification: "Guarantee 30 days"). */
export const GUARANTEE_DAYS = 30;
const GUARANTEE_MS = GUARANTEE_DAYS * 24 * 60 * 60_000;

/** "approve": the owner approves each request in the admin (the default); "immediate": refunded at once. */
export type RefundMode = "approve" | "immediate";
const REFUND_MODE_KEY = "refund_mode";

export async function getRefundMode(db: Db): Promise<RefundMode> {
  return (await getSetting(db, REFUND_MODE_KEY)) === "immediate" ? "immediate" : "approve";
}

export async function setRefundMode(db: Db, mode: RefundMode): Promise<void> {
  await setSetting(db, REFUND_MODE_KEY, mode);
}

/** The share of an order's price, in percent, whose refund revokes its access (settleOrder). */
export async function getRefundRevokesPercent(db: Db): Promise<number> {
  return Number((await getSetting(db, REFUND_REVOKES_SETTING)) ?? DEFAULT_REFUND_REVOKES_PERCENT);
}

/** Sets that share: a whole number from 1 to 100, which settleOrder reads as it settles each order. */
export async function setRefundRevokesPercent(db: Db, percent: number): Promise<void> {
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) throw new RangeError(`share ${percent}`);
  await setSetting(db, REFUND_REVOKES_SETTING, String(percent));
}

/** When the guarantee for an order ends: 30 days after its payment. */
export const guaranteeEnds = (order: Pick<Order, "paidAt" | "createdAt">) =>
  new Date((order.paidAt ?? order.createdAt).getTime() + GUARANTEE_MS);

/** What the success page shows in its guarantee section. */
export type GuaranteeState =
  | { state: "open" | "expired"; until: string }
  | { state: "requested" | "declined"; at: string };

export async function guaranteeStateFor(db: Db, order: Order, now = new Date()): Promise<GuaranteeState> {
  const [request] = await db.select().from(refundRequests).where(eq(refundRequests.orderId, order.id));
  // A request that failed at the provider waits for the owner like any other.
  if (request?.status === "declined")
    return { state: "declined", at: (request.decidedAt ?? request.createdAt).toISOString() };
  if (request) return { state: "requested", at: request.createdAt.toISOString() };
  const until = guaranteeEnds(order);
  return { state: now <= until ? "open" : "expired", until: until.toISOString() };
}

const ACCESS_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The order a refund request is about, whatever its status (a refunded or disputed order gets its
 * own answer), from the success page's access: the e-mail link's token, or the provider's session
 * id within its 24 hours. Only the database is asked; null for anything else (a forged link).
 */
export async function orderForAccess(
  db: Db,
  access: { sessionId: string | null; token: string | null },
  now = new Date(),
): Promise<Order | null> {
  if (access.token) {
    if (!ACCESS_TOKEN.test(access.token)) return null;
    const [row] = await db
      .select({ order: orders })
      .from(accessLinks)
      .innerJoin(orders, eq(orders.id, accessLinks.orderId))
      .where(
        and(
          eq(accessLinks.tokenHash, hashAccessToken(access.token)),
          inArray(orders.status, ["paid", "refunded", "disputed"]),
        ),
      );
    return row?.order ?? null;
  }
  if (access.sessionId && access.sessionId.length <= 300) {
    const [order] = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.providerSessionId, access.sessionId),
          inArray(orders.status, ["paid", "refunded", "disputed"]),
          isNotNull(orders.paidAt),
          gt(orders.paidAt, new Date(now.getTime() - SESSION_ACCESS_MS)),
        ),
      );
    return order ?? null;
  }
  return null;
}

/** What the buyer is told after confirming the request. */
export type RefundOutcome =
  | "refunded"
  | "requested"
  | "already-requested"
  | "already-refunded"
  | "declined"
  | "disputed"
  | "expired";

/**
 * The buyer's confirmed request. Two at once (a double click, two tabs) insert one row: only the
 * request that inserted it refunds, the other is told it was already received. The owner is told
 * of each request (Italian, through the outbox, in the same transaction as the row).
 */
export async function requestRefund(
  services: Services,
  order: Order,
  reason: string,
  now = new Date(),
): Promise<RefundOutcome> {
  const db = services.database.db;
  if (order.status === "refunded") return "already-refunded";
  if (order.status === "disputed") return "disputed";
  const existing = async (): Promise<RefundOutcome> => {
    const [row] = await db.select().from(refundRequests).where(eq(refundRequests.orderId, order.id));
    return row?.status === "refunded"
      ? "already-refunded"
      : row?.status === "declined"
        ? "declined"
        : "already-requested";
  };
  if (now > guaranteeEnds(order)) return "expired";
  const mode = await getRefundMode(db);
  const inserted = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(refundRequests)
      .values({ orderId: order.id, reason: reason || null, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) return false;
    await enqueueEmail(tx, {
      to: services.env.SUPPORT_EMAIL,
      template: "refund-request-alert",
      payload: {
        orderNumber: order.number,
        orderReference: order.reference,
        buyerEmail: order.email,
        amountCents: order.amountCents,
        reason: reason || null,
        immediate: mode === "immediate",
        adminUrl: `${services.env.PUBLIC_URL}/${services.settings.adminPath}`,
      },
      dedupeKey: `refund-request:${order.id}`,
      orderId: order.id,
    });
    return true;
  });
  if (!inserted) return existing();
  logger.info({ orderId: order.id, buyer: maskEmail(order.email), mode }, "refund requested by the buyer");
  services.kickOutbox();
  if (mode === "approve") return "requested";
  return (await approveRefundRequest(services, order.id)) === "refunded" ? "refunded" : "requested";
}

/**
 * Refunds a waiting request (the owner's "Approva", or at once in immediate mode). The row is
 * claimed first, so two clicks refund once; a refund the provider refuses leaves the request
 * "failed", waiting for another approval. The buyer gets an English confirmation.
 */
export async function approveRefundRequest(
  services: Services,
  orderId: string,
): Promise<"refunded" | "failed" | "not-waiting"> {
  const db = services.database.db;
  const [claimed] = await db
    .update(refundRequests)
    .set({ status: "refunded", decidedAt: new Date() })
    .where(and(eq(refundRequests.orderId, orderId), inArray(refundRequests.status, ["requested", "failed"])))
    .returning();
  if (!claimed) return "not-waiting";
  let refunded = false;
  /** What this refund gives back: what was left after any earlier partial refund. */
  let amountCents: number | null = null;
  try {
    // Null when the order is no longer paid: already refunded elsewhere (the Dashboard) counts.
    const refund = await refundOrder(services, orderId);
    amountCents = refund?.amountCents ?? null;
    refunded =
      refund !== null ||
      (await db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status === "refunded";
  } catch (error) {
    logger.error({ err: error, orderId }, "refund of a buyer's request failed");
  }
  if (!refunded) {
    await db.update(refundRequests).set({ status: "failed" }).where(eq(refundRequests.orderId, orderId));
    return "failed";
  }
  await tellBuyerOfRefund(services, orderId, amountCents, { guarantee: true });
  return "refunded";
}

/**
 * The buyer's one e-mail about a refund made by the guarantee or by the owner: the amount, that
 * the download link no longer works, and, under the guarantee, that the files stay theirs. A
 * withdrawal's refund is confirmed by the withdrawal's own e-mail instead.
 */
export async function tellBuyerOfRefund(
  services: Pick<Services, "database" | "env" | "kickOutbox">,
  orderId: string,
  amountCents: number | null,
  options: { guarantee: boolean },
): Promise<void> {
  const db = services.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return;
  await enqueueEmail(db, {
    to: order.email,
    template: "refund-confirmed",
    payload: {
      orderReference: order.reference,
      amountCents: amountCents ?? order.refundedCents,
      supportEmail: services.env.SUPPORT_EMAIL,
      guarantee: options.guarantee,
    },
    dedupeKey: `refund-confirmed:${orderId}`,
    orderId,
  });
  services.kickOutbox();
}

/** The owner's "Rifiuta": the request is closed without a refund (the owner answers the buyer). */
export async function declineRefundRequest(db: Db, orderId: string): Promise<boolean> {
  const declined = await db
    .update(refundRequests)
    .set({ status: "declined", decidedAt: new Date() })
    .where(and(eq(refundRequests.orderId, orderId), inArray(refundRequests.status, ["requested", "failed"])))
    .returning({ orderId: refundRequests.orderId });
  return declined.length > 0;
}

/** Requests waiting for the owner (new, or refused by the provider), oldest first, for the admin. */
export async function waitingRefundRequests(db: Db) {
  return db
    .select({
      orderId: refundRequests.orderId,
      status: refundRequests.status,
      reason: refundRequests.reason,
      createdAt: refundRequests.createdAt,
      number: orders.number,
      reference: orders.reference,
      email: orders.email,
      amountCents: orders.amountCents,
    })
    .from(refundRequests)
    .innerJoin(orders, eq(orders.id, refundRequests.orderId))
    .where(inArray(refundRequests.status, ["requested", "failed"]))
    .orderBy(refundRequests.createdAt, desc(orders.number));
}
