/**
 * The withdrawal function (CRD art. 11a; Codice del Consumo art. 54-bis; ADR 045). A confirmed
 * statement is recorded and answered at once with the same words whatever it names; it is matched
 * 0.2 to 1 s later, at a random moment, by the e-mail worker (as "Lost your link?" is), so neither
 * the answer nor its timing says whether anyone bought. A statement that matches an order (its
 * reference or its buyer's address, the confirmation address equal to the order's, and the name
 * where the order records one) becomes the order's one withdrawal; the confirmation goes only to
 * the order's own address, once. Where the right holds, the order is refunded in full through the
 * admin's one refund path; a refund the provider refuses is retried by reconciliation.
 */
import { randomInt } from "node:crypto";
import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { WITHDRAWAL_DAYS } from "#app/content/withdrawal.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { normalizeEmail } from "#app/lib/email-address.ts";
import { type StoreLinks, successPageUrl } from "#app/lib/links.ts";
import { logger, maskEmail } from "#app/lib/logger.server.ts";
import { enqueueEmail } from "#app/lib/mail/outbox.server.ts";
import type { WithdrawalEmailData, WithdrawalEmailOutcome } from "#app/lib/mail/withdrawal-email.ts";
import { refundOrder } from "#app/lib/orders/admin-orders.server.ts";
import { newAccessToken, type Order } from "#app/lib/orders/fulfil-order.server.ts";
import { guaranteeEnds } from "#app/lib/orders/refund-requests.server.ts";
import { hit, networkLimitKey } from "#app/lib/rate-limit.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import {
  accessLinks,
  downloads,
  orders,
  refundRequests,
  withdrawalRequests,
  withdrawals,
} from "#db/schema.ts";

/** Confirmed statements one network may make: enough for a household, not for a flood. */
export const WITHDRAWALS_PER_NETWORK = { limit: 5, windowMs: 15 * 60_000 };
const PERIOD_MS = WITHDRAWAL_DAYS * 24 * 60 * 60_000;
/** A refund claimed this long ago and never finished (its process stopped) is tried again. */
const STALE_REFUND_MS = 10 * 60_000;

export type Withdrawal = typeof withdrawals.$inferSelect;
export type WithdrawalOutcome = "refund" | "right-lost" | "period-ended" | "already-refunded" | "disputed";

export interface WithdrawalStatement {
  /** The order reference or the e-mail used to buy. */
  identifier: string;
  name: string;
  /** The e-mail for the confirmation, normalised. */
  email: string;
}

/** Reconciliation has no outbox to kick: it kicks it itself after a pass that fixed orders. */
type WithdrawalServices = Pick<Services, "database" | "payments" | "links"> & { kickOutbox?(): void };

/**
 * The part the answer waits for: the statement counts against its network's limit and, when
 * allowed, is recorded to be resolved a moment later. Returns whether it was allowed; the requester
 * is told the same either way.
 */
export async function acceptWithdrawal(
  services: Pick<Services, "database" | "kickOutbox">,
  statement: WithdrawalStatement,
  ip: string | null,
  now = new Date(),
): Promise<boolean> {
  const db = services.database.db;
  if (!(await hit(db, networkLimitKey("withdraw", ip), WITHDRAWALS_PER_NETWORK)).allowed) {
    logger.info("withdrawal statement not recorded: too many from its network");
    return false;
  }
  const delayMs = 200 + randomInt(800);
  await db.insert(withdrawalRequests).values({
    identifier: statement.identifier.trim(),
    name: statement.name.trim(),
    email: normalizeEmail(statement.email),
    requestedAt: now,
    dueAt: sql`now() + ${`${delayMs} milliseconds`}::interval`,
  });
  setTimeout(services.kickOutbox, delayMs).unref();
  return true;
}

/** Letters of a name without case or accents ("Zoë" and "zoe" match). */
const nameWords = (name: string) =>
  name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * Whether the given name fits the one the order records ("Daniel W.": the first name and the
 * initial of the last). An order that records no name matches any name: the law asks the consumer
 * for it, and the store has nothing to hold it against.
 */
export function nameMatches(given: string, recorded: string | null): boolean {
  if (!recorded) return true;
  const [first, ...rest] = nameWords(recorded);
  const words = nameWords(given);
  if (!first || words[0] !== first) return false;
  const initial = rest.at(-1)?.[0];
  return !initial || words.slice(1).some((word) => word.startsWith(initial));
}

/** The order a statement names: by reference, or its buyer's newest paid order by address. */
async function namedOrder(db: Db, identifier: string): Promise<Order | null> {
  const paid = inArray(orders.status, ["paid", "refunded", "disputed"]);
  if (identifier.includes("@")) {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.email, normalizeEmail(identifier)), paid))
      .orderBy(sql`${orders.paidAt} desc nulls last`)
      .limit(1);
    return order ?? null;
  }
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.reference, identifier.trim().toUpperCase()), paid));
  return order ?? null;
}

/** When the order's first download started, if one did. */
async function firstDownloadAt(db: Db, orderId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: downloads.at })
    .from(downloads)
    .where(eq(downloads.orderId, orderId))
    .orderBy(asc(downloads.at))
    .limit(1);
  return row?.at ?? null;
}

/**
 * What the withdrawal means for the order at `at`: a refund where the right holds (within the 14
 * days, and no download started after the recorded consent and acknowledgement), else why not.
 */
export function withdrawalOutcome(
  order: Pick<Order, "status" | "paidAt" | "createdAt" | "consentAt">,
  downloadStartedAt: Date | null,
  at: Date,
): WithdrawalOutcome {
  if (order.status === "refunded") return "already-refunded";
  if (order.status === "disputed") return "disputed";
  if (at.getTime() > periodEnds(order).getTime()) return "period-ended";
  const lost =
    order.consentAt !== null &&
    downloadStartedAt !== null &&
    order.consentAt.getTime() <= downloadStartedAt.getTime();
  return lost ? "right-lost" : "refund";
}

const periodEnds = (order: Pick<Order, "paidAt" | "createdAt">) =>
  new Date((order.paidAt ?? order.createdAt).getTime() + PERIOD_MS);

/** The guarantee's one-click page, while the guarantee applies and no request was made. */
async function guaranteeOffer(db: Db, links: StoreLinks, order: Order, at: Date) {
  const until = guaranteeEnds(order);
  if (order.status !== "paid" || at > until) return null;
  const [asked] = await db.select().from(refundRequests).where(eq(refundRequests.orderId, order.id));
  if (asked) return null;
  const { token, hash } = newAccessToken();
  await db.insert(accessLinks).values({ tokenHash: hash, orderId: order.id });
  return { until: until.toISOString(), link: `${successPageUrl(links, { t: token })}#guarantee` };
}

async function queueConfirmation(
  db: Db,
  links: StoreLinks,
  order: Order,
  withdrawal: Withdrawal,
  outcome: WithdrawalEmailOutcome,
  extra: {
    amountCents?: number | null;
    downloadStartedAt?: Date | null;
    guarantee?: WithdrawalEmailData["guarantee"];
  },
) {
  const payload: WithdrawalEmailData = {
    outcome,
    reference: order.reference,
    name: withdrawal.name,
    requestedAt: withdrawal.requestedAt.toISOString(),
    amountCents: extra.amountCents ?? null,
    consentAt: order.consentAt?.toISOString() ?? null,
    downloadStartedAt: extra.downloadStartedAt?.toISOString() ?? null,
    periodEndedAt: periodEnds(order).toISOString(),
    guarantee: extra.guarantee ?? null,
    supportEmail: links.supportEmail,
  };
  await enqueueEmail(db, {
    to: order.email,
    template: "withdrawal",
    payload,
    // One confirmation per order, ever; the follow-up of a refund made later is its own.
    dedupeKey: outcome === "refund-made" ? `withdrawal-refunded:${order.id}` : `withdrawal:${order.id}`,
    orderId: order.id,
  });
}

/**
 * Resolves the due statements: each is removed, matched and, when it matches, recorded as the
 * order's withdrawal in the same transaction (with its confirmation, where no refund is due), so a
 * statement has exactly one effect whichever instance takes it. Refunds follow the transaction.
 * Returns how many statements became withdrawals.
 */
export async function resolveWithdrawalRequests(services: WithdrawalServices): Promise<number> {
  const db = services.database.db;
  let recorded = 0;
  for (;;) {
    const result = await db.transaction(async (tx) => {
      const taken = await tx.execute<{
        identifier: string;
        name: string;
        email: string;
        requested_at: string | Date;
      }>(sql`
        delete from ${withdrawalRequests}
        where id = (
          select id from ${withdrawalRequests} where due_at <= now() order by id limit 1 for update skip locked
        )
        returning identifier, name, email, requested_at`);
      const request = taken.rows[0];
      if (!request) return "none" as const;
      const order = await namedOrder(tx, request.identifier);
      if (!order || order.email !== request.email || !nameMatches(request.name, order.buyerShortName)) {
        logger.info({ to: maskEmail(request.email) }, "withdrawal statement matched no order");
        return "unmatched" as const;
      }
      const requestedAt = new Date(request.requested_at);
      const downloadStartedAt = await firstDownloadAt(tx, order.id);
      const outcome = withdrawalOutcome(order, downloadStartedAt, requestedAt);
      const [withdrawal] = await tx
        .insert(withdrawals)
        .values({
          orderId: order.id,
          requestedAt,
          name: request.name,
          email: request.email,
          outcome,
          refundStatus: outcome === "refund" ? "pending" : null,
        })
        .onConflictDoNothing()
        .returning();
      if (!withdrawal) {
        logger.info({ orderId: order.id }, "withdrawal statement for an order already withdrawn from");
        return "repeated" as const;
      }
      logger.info({ orderId: order.id, outcome }, "withdrawal recorded");
      if (outcome === "refund") {
        // The contract has ended: the e-mail's lifetime links stop at once, before the refund.
        await tx.delete(accessLinks).where(eq(accessLinks.orderId, order.id));
        return order.id;
      }
      const guarantee =
        outcome === "right-lost" || outcome === "period-ended"
          ? await guaranteeOffer(tx, services.links, order, requestedAt)
          : null;
      await queueConfirmation(tx, services.links, order, withdrawal, outcome, {
        downloadStartedAt,
        guarantee,
      });
      return "recorded" as const;
    });
    if (result === "none") break;
    if (result === "unmatched" || result === "repeated") continue;
    recorded++;
    if (result !== "recorded") await refundWithdrawal(services, result);
    services.kickOutbox?.();
  }
  return recorded;
}

/**
 * Refunds a withdrawal whose right held, through the admin's one refund path (Stripe with its
 * idempotency key, then access revoked). The row is claimed first, so two instances refund once.
 * The buyer's one confirmation says the refund was made, or that it is being handled when the
 * provider refused it; a retry that succeeds later sends the follow-up. Returns the new status.
 */
export async function refundWithdrawal(
  services: WithdrawalServices,
  orderId: string,
  now = new Date(),
): Promise<"refunded" | "failed" | "not-waiting"> {
  const db = services.database.db;
  const [claimed] = await db
    .update(withdrawals)
    .set({
      refundStatus: "refunding",
      refundAttempts: sql`${withdrawals.refundAttempts} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(withdrawals.orderId, orderId),
        or(
          inArray(withdrawals.refundStatus, ["pending", "failed"]),
          and(
            eq(withdrawals.refundStatus, "refunding"),
            lt(withdrawals.updatedAt, new Date(now.getTime() - STALE_REFUND_MS)),
          ),
        ),
      ),
    )
    .returning();
  if (!claimed) return "not-waiting";
  let amountCents: number | null = null;
  let error: string | null = null;
  try {
    const refund = await refundOrder(services, orderId);
    amountCents = refund?.amountCents ?? null;
  } catch (failure) {
    error = failure instanceof Error ? failure.message : String(failure);
    logger.error({ err: failure, orderId }, "refund of a withdrawal failed; reconciliation retries it");
  }
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return "not-waiting";
  // Null from the refund path: the order was no longer paid (refunded elsewhere counts).
  const refunded = amountCents !== null || (error === null && order.status === "refunded");
  const status = refunded ? "refunded" : "failed";
  const [updated] = await db
    .update(withdrawals)
    .set({
      refundStatus: status,
      refundedCents: refunded ? (amountCents ?? order.refundedCents) : null,
      lastError: refunded ? null : (error ?? `order ${order.status}`).slice(0, 500),
      updatedAt: new Date(),
    })
    .where(eq(withdrawals.orderId, orderId))
    .returning();
  const withdrawal = updated ?? claimed;
  const firstAttempt = claimed.refundAttempts === 1;
  if (firstAttempt) {
    await queueConfirmation(db, services.links, order, withdrawal, refunded ? "refunded" : "refund-pending", {
      amountCents: refunded ? withdrawal.refundedCents : order.amountCents - order.refundedCents,
    });
  } else if (refunded) {
    await queueConfirmation(db, services.links, order, withdrawal, "refund-made", {
      amountCents: withdrawal.refundedCents,
    });
  }
  services.kickOutbox?.();
  return status;
}

/** Retries the refunds of withdrawals the provider refused, or that a stopped process left (reconciliation). */
export async function retryWithdrawalRefunds(
  services: WithdrawalServices,
  now = new Date(),
): Promise<number[]> {
  const db = services.database.db;
  const waiting = await db
    .select({ orderId: withdrawals.orderId, number: orders.number })
    .from(withdrawals)
    .innerJoin(orders, eq(orders.id, withdrawals.orderId))
    .where(
      or(
        eq(withdrawals.refundStatus, "failed"),
        and(
          inArray(withdrawals.refundStatus, ["pending", "refunding"]),
          lt(withdrawals.updatedAt, new Date(now.getTime() - STALE_REFUND_MS)),
        ),
      ),
    );
  const fixed: number[] = [];
  for (const { orderId, number } of waiting)
    if ((await refundWithdrawal(services, orderId, now)) === "refunded") fixed.push(number);
  return fixed;
}

/** The order's withdrawal, for the admin's order page and the evidence pack. */
export async function withdrawalOf(db: Db, orderId: string): Promise<Withdrawal | null> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.orderId, orderId));
  return row ?? null;
}
