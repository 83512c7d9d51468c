import { and, eq } from "drizzle-orm";
import { logger } from "#app/lib/logger.server.ts";
import { fulfilOrder, hashAccessToken, type Order } from "#app/lib/orders/fulfil-order.server.ts";
import { paysForOrder, type SessionStatus } from "#app/lib/payments/payment-provider.ts";
import { hit, networkLimitKey } from "#app/lib/rate-limit.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { accessLinks, orders } from "#db/schema.ts";

/** Session ids as each provider makes them: Stripe's `cs_test_…`/`cs_live_…`, test mode's `test_cs_…`. */
const SESSION_ID = {
  stripe: /^cs_(?:test|live)_[A-Za-z0-9]{1,200}$/,
  test: /^test_cs_[A-Za-z0-9_-]{1,200}$/,
} as const;
/** The e-mail link's token: 32 random bytes, base64url. */
const ACCESS_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** How long after the payment the provider's session id still opens the page (then the e-mail link does). */
export const SESSION_ACCESS_MS = 24 * 60 * 60_000;
/** Provider lookups one network may cause (each is an authenticated call against the store's rate limit). */
const PROVIDER_LOOKUPS_PER_NETWORK = { limit: 20, windowMs: 10 * 60_000 };

export type Purchase =
  | { kind: "paid"; order: Order }
  /** Paid with a method that settles later (bank debit, voucher): the e-mail follows. */
  | { kind: "processing"; order: Order }
  /** A session id more than 24 h after the payment: the page points to the e-mail link. */
  | { kind: "session-expired" }
  /** The provider could not be asked (unreachable, or this client asked too often): reload shortly. */
  | { kind: "unconfirmed"; reason: "provider-unreachable" | "rate-limited" }
  | { kind: "none" };

const NONE: Purchase = { kind: "none" };

interface LookupOptions {
  /** The client's address, for the per-IP limit on provider lookups. */
  ip?: string | null;
  now?: number;
}

/**
 * What a success-page visit is entitled to. `session_id` (back from the payment provider) is
 * checked against our orders first: an unknown or malformed id, or an order already paid,
 * refunded or disputed, costs no provider call. Any other order asks the provider (answers
 * cached a few seconds, calls limited per IP), and is fulfilled if the webhook has not yet.
 * `t` is the long-lived token of an e-mail link (any of the order's links).
 */
export async function findPurchase(
  services: Services,
  access: { sessionId?: string | null; token?: string | null },
  options: LookupOptions = {},
): Promise<Purchase> {
  const now = options.now ?? Date.now();
  if (access.sessionId) return purchaseBySession(services, access.sessionId, options.ip ?? null, now);
  if (access.token) return purchaseByToken(services, access.token);
  return NONE;
}

/** The paid order a visit (or a download request) is entitled to, or null. */
export async function findPaidOrder(
  services: Services,
  access: { sessionId?: string | null; token?: string | null },
  options: LookupOptions = {},
): Promise<Order | null> {
  const purchase = await findPurchase(services, access, options);
  return purchase.kind === "paid" ? purchase.order : null;
}

async function purchaseByToken(services: Services, token: string): Promise<Purchase> {
  if (!ACCESS_TOKEN.test(token)) return NONE;
  const [row] = await services.database.db
    .select({ order: orders })
    .from(accessLinks)
    .innerJoin(orders, eq(orders.id, accessLinks.orderId))
    .where(and(eq(accessLinks.tokenHash, hashAccessToken(token)), eq(orders.status, "paid")));
  return row ? { kind: "paid", order: row.order } : NONE;
}

async function purchaseBySession(
  services: Services,
  sessionId: string,
  ip: string | null,
  now: number,
): Promise<Purchase> {
  const db = services.database.db;
  if (!SESSION_ID[services.payments.kind].test(sessionId)) return NONE;
  const [order] = await db.select().from(orders).where(eq(orders.providerSessionId, sessionId));
  if (!order) return NONE;
  if (order.status === "paid") return withinSessionWindow(order, now);
  // Refunds and disputes revoke access; any other order may have been paid since we last heard.
  if (order.status === "refunded" || order.status === "disputed") return NONE;

  const answer = await askProvider(services, sessionId, ip, now);
  if (answer === "rate-limited" || answer === "provider-unreachable") {
    return { kind: "unconfirmed", reason: answer };
  }
  // The session must be the one this very order was created with.
  if (!answer || answer.orderId !== order.id || !paysForOrder(answer, order)) return NONE;
  if (answer.paid) {
    // The session's payment, tax, country and invoice, for this order.
    const { order: fulfilled } = await fulfilOrder(db, services.links, { ...answer, orderId: order.id });
    if (fulfilled?.status === "paid") return withinSessionWindow(fulfilled, now);
    return fulfilled?.status === "processing" ? { kind: "processing", order: fulfilled } : NONE;
  }
  return answer.processing || order.status === "processing" ? { kind: "processing", order } : NONE;
}

function withinSessionWindow(order: Order, now: number): Purchase {
  const paidAt = (order.paidAt ?? order.createdAt).getTime();
  return now - paidAt > SESSION_ACCESS_MS ? { kind: "session-expired" } : { kind: "paid", order };
}

async function askProvider(
  services: Services,
  sessionId: string,
  ip: string | null,
  now: number,
): Promise<SessionStatus | null | "rate-limited" | "provider-unreachable"> {
  const cached = services.memory.sessionAnswers.get(sessionId, now);
  if (cached !== undefined) return cached;
  const allowed = await hit(
    services.database.db,
    networkLimitKey("success", ip),
    PROVIDER_LOOKUPS_PER_NETWORK,
  );
  if (!allowed.allowed) return "rate-limited";
  try {
    const answer = await services.payments.getSession(sessionId);
    services.memory.sessionAnswers.set(sessionId, answer, now);
    return answer;
  } catch (error) {
    // The error's message can carry the session id: log its kind only.
    logger.warn(
      { error: error instanceof Error ? error.name : typeof error },
      "payment provider unreachable while confirming a payment",
    );
    return "provider-unreachable";
  }
}
