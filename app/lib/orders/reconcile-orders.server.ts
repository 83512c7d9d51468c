/**
 * Reconciliation: the safety net under the webhook. A pass lists the Checkout Sessions completed
 * in the last three days from the payment provider and brings every order of ours to what its own
 * session says (a lost, late or misrouted webhook): paid, waiting for a delayed payment, or failed,
 * with the same functions as the webhook, so the buyer gets exactly one e-mail. Orders waiting for
 * a delayed payment are then asked about one by one, however old, and so are the refunds and
 * disputes of orders whose refunds or disputes are still moving or that an unreadable event named. Each pass is recorded in `reconcile_runs`.
 * One pass at a time: across instances under a PostgreSQL advisory lock, inside a process by a
 * guard (PGlite's data directory belongs to one process). ADR 016.
 */
import { and, desc, eq, exists, inArray, isNotNull, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "#app/lib/db/database.server.ts";
import type { StoreLinks } from "#app/lib/links.ts";
import { logger } from "#app/lib/logger.server.ts";
import {
  failDelayedPayment,
  fulfilOrder,
  markProcessing,
  type Order,
  UNPAID_STATUSES,
} from "#app/lib/orders/fulfil-order.server.ts";
import {
  EVENT_UNREADABLE,
  FINAL_DISPUTE_STATUSES,
  ourOrderId,
  recordPaymentChanges,
} from "#app/lib/orders/payment-changes.server.ts";
import { retryWithdrawalRefunds } from "#app/lib/orders/withdrawals.server.ts";
import {
  type PaymentProvider,
  paysForOrder,
  type SessionStatus,
} from "#app/lib/payments/payment-provider.ts";
import { repeat } from "#app/lib/repeat.server.ts";
import { orders, paymentRecords, reconcileRuns } from "#db/schema.ts";

/** How far back a pass looks: Stripe retries a webhook for three days, so this covers every lost one. */
export const RECONCILE_LOOKBACK_MS = 3 * 86_400_000;
/** Any constant works; it only has to be the same for every instance of this store. */
export const RECONCILE_LOCK_ID = 4_700_3526;

export type ReconcileTrigger = "timer" | "admin" | "cli";
export type ReconcileRun = typeof reconcileRuns.$inferSelect;

interface ReconcileServices {
  database: Database;
  payments: PaymentProvider;
  links: StoreLinks;
  memory: { reconciling: ReconcilingFlag };
}

/** The store's pass running in this process, if any (kept in its services). */
export interface ReconcilingFlag {
  pass: Promise<unknown> | null;
}

/**
 * Runs `work` unless a pass is already running: in this process, or (PostgreSQL) in another
 * instance, which holds a transaction-scoped advisory lock for as long as its pass runs. The
 * lock's transaction only holds the lock; the pass uses other connections, so its fixes commit
 * one by one. Returns null when skipped.
 */
async function exclusively<T>(
  database: Database,
  flag: ReconcilingFlag,
  work: () => Promise<T>,
): Promise<T | null> {
  if (flag.pass) return null;
  const pass =
    database.kind === "postgres"
      ? database.db.transaction(async (tx) => {
          const { rows } = await tx.execute<{ locked: boolean }>(
            sql`select pg_try_advisory_xact_lock(${RECONCILE_LOCK_ID}) as locked`,
          );
          return rows[0]?.locked ? work() : null;
        })
      : // PGlite runs queries one at a time: a query outside an open transaction would wait for it.
        work();
  flag.pass = pass;
  try {
    return await pass;
  } finally {
    flag.pass = null;
  }
}

/**
 * One reconciliation pass. Only sessions created for one of this store's orders count (the
 * order's id as client_reference_id and the session as its provider session): another
 * integration's sessions on the same Stripe account are checked and left alone. Returns the
 * recorded run, or null when another pass was running.
 */
export async function reconcileOrders(
  services: ReconcileServices,
  trigger: ReconcileTrigger,
  now = new Date(),
): Promise<ReconcileRun | null> {
  const db = services.database.db;
  return exclusively(services.database, services.memory.reconciling, async () => {
    const [run] = await db.insert(reconcileRuns).values({ trigger, startedAt: now }).returning();
    if (!run) throw new Error("Run insert returned nothing");
    let sessionsChecked = 0;
    const fixedOrders: number[] = [];
    let error: string | null = null;
    /** Brings one of our unpaid orders to what its own session says: paid, failed, or waiting. */
    const repair = async (order: Order, session: SessionStatus) => {
      let fixed: Order | null = null;
      if (session.paid) {
        const result = await fulfilOrder(db, services.links, { ...session, orderId: order.id });
        if (result.newlyPaid) fixed = result.order;
      } else if (session.failed && order.status === "processing") {
        fixed = await failDelayedPayment(db, services.links, order.id);
      } else if (session.processing && order.status === "pending") {
        fixed = await markProcessing(db, order.id, session.paymentIntentId);
      }
      if (!fixed) return;
      fixedOrders.push(fixed.number);
      logger.warn(
        { orderNumber: fixed.number, status: fixed.status, trigger },
        "reconciliation repaired an order its webhook missed",
      );
    };
    try {
      const seen = new Set<string>();
      for await (const session of services.payments.listCompletedSessions(
        new Date(now.getTime() - RECONCILE_LOOKBACK_MS),
      )) {
        sessionsChecked++;
        const orderId = ourOrderId(session.orderId);
        if (!orderId) continue;
        const [unpaid] = await db
          .select()
          .from(orders)
          .where(and(eq(orders.id, orderId), inArray(orders.status, UNPAID_STATUSES)));
        if (!unpaid || !paysForOrder(session, unpaid)) continue;
        seen.add(unpaid.id);
        await repair(unpaid, session);
      }
      // A delayed payment settles days after its session was created (a SEPA debit up to 14
      // business days, a voucher as long as it is valid): each order still waiting is asked about
      // by its own session, whatever its age, until its payment succeeds or fails.
      const waiting = await db
        .select()
        .from(orders)
        .where(and(eq(orders.status, "processing"), isNotNull(orders.providerSessionId)));
      for (const order of waiting) {
        if (seen.has(order.id) || !order.providerSessionId) continue;
        const session = await services.payments.getSession(order.providerSessionId);
        sessionsChecked++;
        if (session && paysForOrder(session, order)) await repair(order, session);
      }
      // Refunds and disputes still moving, and orders an unreadable event named, are asked about
      // again: a lost or unreadable refund or dispute event is repaired here.
      const moving = await db
        .select()
        .from(orders)
        .where(
          and(
            isNotNull(orders.paymentIntentId),
            or(
              eq(orders.attention, EVENT_UNREADABLE),
              and(isNotNull(orders.disputeStatus), notInArray(orders.disputeStatus, FINAL_DISPUTE_STATUSES)),
              exists(
                db
                  .select({ id: paymentRecords.id })
                  .from(paymentRecords)
                  .where(
                    and(
                      eq(paymentRecords.orderId, orders.id),
                      eq(paymentRecords.kind, "refund"),
                      inArray(paymentRecords.status, ["pending", "requires_action"]),
                    ),
                  ),
              ),
            ),
          ),
        );
      for (const order of moving) {
        const paymentIntentId = order.paymentIntentId as string;
        const observedAt = new Date();
        const changes = await services.payments.paymentChanges(paymentIntentId);
        const settled = await recordPaymentChanges(db, { order, changes, observedAt }, paymentIntentId);
        const unread = order.attention === EVENT_UNREADABLE;
        if (unread)
          await db
            .update(orders)
            .set({ attention: null })
            .where(and(eq(orders.id, order.id), eq(orders.attention, EVENT_UNREADABLE)));
        const changed =
          settled.status !== order.status ||
          settled.refundedCents !== order.refundedCents ||
          settled.disputeStatus !== order.disputeStatus;
        if (!changed && !unread) continue;
        fixedOrders.push(order.number);
        logger.warn(
          { orderNumber: order.number, status: settled.status, trigger },
          "reconciliation repaired refunds or disputes an event missed",
        );
      }
      // Withdrawals whose refund the provider refused (or a stopped process left) are refunded again.
      fixedOrders.push(...(await retryWithdrawalRefunds(services)));
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      logger.error({ err: failure, trigger }, "reconciliation pass failed");
    }
    const [finished] = await db
      .update(reconcileRuns)
      .set({ finishedAt: new Date(), sessionsChecked, fixedOrders, error: error?.slice(0, 1000) ?? null })
      .where(eq(reconcileRuns.id, run.id))
      .returning();
    return finished ?? run;
  });
}

/** The latest passes, newest first, for the admin. */
export async function latestReconcileRuns(database: Database, limit = 5) {
  return database.db.select().from(reconcileRuns).orderBy(desc(reconcileRuns.id)).limit(limit);
}

/**
 * Runs a pass every `intervalMs` (the first one interval after start), then `kick()`s the outbox
 * when one fulfilled an order. `stop()` cancels the next pass and waits for a running one.
 */
export function startReconciler(services: ReconcileServices & { kickOutbox(): void }, intervalMs: number) {
  return repeat(
    async () => {
      const run = await reconcileOrders(services, "timer");
      if (run?.fixedOrders.length) services.kickOutbox();
    },
    {
      everyMs: intervalMs,
      failure: "reconciliation could not run",
      record: { db: services.database.db, job: "reconcile" },
    },
  );
}
