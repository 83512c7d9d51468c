import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createOrder } from "#app/lib/checkout/create-order.server.ts";
import {
  latestReconcileRuns,
  RECONCILE_LOCK_ID,
  reconcileOrders,
  startReconciler,
} from "#app/lib/orders/reconcile-orders.server.ts";
import { handleStripeEvent } from "#app/lib/payments/handle-stripe-webhook.server.ts";
import { emailOutbox, orders } from "#db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type TestServices, testServices } from "../setup/services.ts";

for (const backend of testBackends()) {
  describe(`reconciliation on ${backend.name}`, () => {
    let stripe: FakeStripe;
    let services: TestServices;

    afterAll(() => backend.cleanup());
    beforeEach(async () => {
      // A fresh Stripe account per test: a pass lists every session on it.
      stripe = await startFakeStripe();
      services = await testServices(backend, {
        STRIPE_SECRET_KEY: "sk_test_store",
        STRIPE_WEBHOOK_SECRET: "whsec_reconcile",
        STRIPE_API_BASE: stripe.url,
      });
      await seedProduct(services);
    });
    afterEach(async () => {
      await services.dispose();
      await stripe.close();
    });

    const orderRow = async (id: string) =>
      (await services.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
    /** A buyer who paid on Stripe's page; the webhook never arrives. */
    const paidWithoutWebhook = async (email: string) => {
      const { orderId } = await createOrder(services, { email });
      stripe.pay((await orderRow(orderId)).providerSessionId!);
      return orderId;
    };

    it("fulfils a paid session whose webhook never came, once, and records the pass", async () => {
      const orderId = await paidWithoutWebhook("lost@example.com");
      const { orderId: unpaidId } = await createOrder(services, { email: "open@example.com" });
      expect((await orderRow(orderId)).status).toBe("pending");

      const run = await reconcileOrders(services, "admin");
      const order = await orderRow(orderId);
      expect(order.status).toBe("paid");
      expect(run).toMatchObject({
        trigger: "admin",
        sessionsChecked: 1,
        fixedOrders: [order.number],
        error: null,
      });
      expect(run?.finishedAt).toBeInstanceOf(Date);
      expect((await orderRow(unpaidId)).status).toBe("pending");

      // A second pass finds nothing left to fix, and the buyer still has one e-mail.
      expect(await reconcileOrders(services, "cli")).toMatchObject({ sessionsChecked: 1, fixedOrders: [] });
      const mails = await services.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.orderId, orderId));
      expect(mails).toHaveLength(1);
      expect((await latestReconcileRuns(services.database)).map((r) => r.trigger)).toEqual(["cli", "admin"]);
    });

    it("leaves other integrations' sessions and sessions older than three days alone", async () => {
      const { orderId: pendingId } = await createOrder(services, { email: "mine@example.com" });
      stripe.foreignSession({ client_reference_id: "order_from_another_shop" });
      stripe.foreignSession({ client_reference_id: null });
      stripe.foreignSession({ client_reference_id: "00000000-0000-4000-8000-000000000000" });
      // Another session naming our pending order, but not the session the order was created for.
      stripe.foreignSession({ client_reference_id: pendingId });
      const oldId = await paidWithoutWebhook("old@example.com");
      stripe.sessions.get((await orderRow(oldId)).providerSessionId!)!.created -= 4 * 86_400;

      const run = await reconcileOrders(services, "admin");
      expect(run).toMatchObject({ sessionsChecked: 4, fixedOrders: [], error: null });
      expect((await orderRow(pendingId)).status).toBe("pending");
      expect(await services.database.db.select().from(emailOutbox)).toEqual([]);
    });

    it("repairs delayed payments whose webhooks were lost, however long the payment takes to settle", async () => {
      const db = services.database.db;
      const delayed = async (email: string) => {
        const { orderId } = await createOrder(services, { email });
        const sessionId = (await orderRow(orderId)).providerSessionId!;
        stripe.payLater(sessionId);
        return { orderId, sessionId };
      };
      const settles = await delayed("settles@example.com");
      const fails = await delayed("fails@example.com");
      const waits = await delayed("waits@example.com");

      const first = await reconcileOrders(services, "timer");
      for (const { orderId } of [settles, fails, waits])
        expect((await orderRow(orderId)).status).toBe("processing");
      expect(first?.fixedOrders).toHaveLength(3);

      // Ten days later (a SEPA debit), long after the sessions left the listing's window.
      for (const { sessionId } of [settles, fails, waits])
        stripe.sessions.get(sessionId)!.created -= 10 * 86_400;
      stripe.settleLater(settles.sessionId, "succeeded");
      stripe.settleLater(fails.sessionId, "failed");
      const second = await reconcileOrders(services, "timer");
      expect(second).toMatchObject({ sessionsChecked: 3, error: null });
      expect(second?.fixedOrders.sort()).toEqual(
        [(await orderRow(settles.orderId)).number, (await orderRow(fails.orderId)).number].sort(),
      );
      expect((await orderRow(settles.orderId)).status).toBe("paid");
      expect((await orderRow(fails.orderId)).status).toBe("failed");
      expect((await orderRow(waits.orderId)).status).toBe("processing");
      const mails = await db.select().from(emailOutbox).orderBy(emailOutbox.id);
      expect(mails.map((m) => `${m.to} ${m.template}`).sort()).toEqual([
        "fails@example.com payment-failed",
        "settles@example.com delivery",
      ]);
      // Nothing left to repair: a third pass sends nothing more.
      expect(await reconcileOrders(services, "timer")).toMatchObject({ fixedOrders: [] });
      expect(await db.select().from(emailOutbox)).toHaveLength(2);
    });

    it("repairs refunds and disputes whose events were unreadable or lost, and shows the owner meanwhile", async () => {
      const refundedId = await paidWithoutWebhook("refund@example.com");
      const disputedId = await paidWithoutWebhook("dispute@example.com");
      await reconcileOrders(services, "timer");
      const refunded = await orderRow(refundedId);
      const disputed = await orderRow(disputedId);
      stripe.dashboardRefund(refunded.paymentIntentId!, 1000);
      const event = stripe.lastEvent("charge.refunded");
      const unreadable = { ...event, data: { object: { ...event.data.object, amount: "47.00" } } };
      expect(
        await handleStripeEvent(services.database.db, services.links, unreadable, services.payments),
      ).toBe("applied");
      expect(await orderRow(refundedId)).toMatchObject({ refundedCents: 0, attention: "event_unreadable" });
      // A chargeback opened as an inquiry whose later events never arrive.
      const dispute = stripe.openDispute(disputed.paymentIntentId!, "fraudulent", "inquiry");
      await handleStripeEvent(
        services.database.db,
        services.links,
        stripe.lastEvent("charge.dispute.created"),
        services.payments,
      );
      stripe.closeDispute(dispute.id, "warning_closed");
      stripe.openDispute(disputed.paymentIntentId!, "fraudulent");

      const run = await reconcileOrders(services, "timer");
      expect(run?.fixedOrders.sort()).toEqual([refunded.number, disputed.number].sort());
      expect(await orderRow(refundedId)).toMatchObject({
        status: "paid",
        refundedCents: 1000,
        attention: null,
      });
      expect(await orderRow(disputedId)).toMatchObject({
        status: "disputed",
        disputeStatus: "needs_response",
      });
    });

    it("waits and asks again when Stripe's rate limit refuses the listing", async () => {
      const orderId = await paidWithoutWebhook("busy@example.com");
      stripe.failNext(429, 2, "GET /v1/checkout/sessions");
      const run = await reconcileOrders(services, "timer");
      expect(run).toMatchObject({ error: null, sessionsChecked: 1 });
      expect((await orderRow(orderId)).status).toBe("paid");
      expect(
        stripe.requests.filter((r) => r.path === "/v1/checkout/sessions" && r.method === "GET"),
      ).toHaveLength(3);
    });

    it("runs one pass at a time", async () => {
      await paidWithoutWebhook("a@example.com");
      const [first, second] = await Promise.all([
        reconcileOrders(services, "timer"),
        reconcileOrders(services, "admin"),
      ]);
      expect([first, second].filter(Boolean)).toHaveLength(1);
      if (backend.name !== "postgres") return;
      // Another instance holds the lock: this one skips its pass.
      const other = new pg.Client({ connectionString: services.env.DATABASE_URL });
      await other.connect();
      try {
        await other.query("select pg_advisory_lock($1)", [RECONCILE_LOCK_ID]);
        expect(await reconcileOrders(services, "timer")).toBeNull();
        await other.query("select pg_advisory_unlock($1)", [RECONCILE_LOCK_ID]);
        expect(await reconcileOrders(services, "timer")).not.toBeNull();
      } finally {
        await other.end();
      }
    });

    it("passes on a timer, every interval, and stops with the services", async () => {
      const orderId = await paidWithoutWebhook("timer@example.com");
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      try {
        const kickOutbox = vi.fn();
        const reconciler = startReconciler({ ...services, kickOutbox }, 900_000);
        await vi.advanceTimersByTimeAsync(899_000);
        expect(await latestReconcileRuns(services.database)).toEqual([]);
        await vi.advanceTimersByTimeAsync(1_000);
        await reconciler.stop();
        expect(await latestReconcileRuns(services.database)).toMatchObject([{ trigger: "timer" }]);
        expect((await orderRow(orderId)).status).toBe("paid");
        expect(kickOutbox).toHaveBeenCalledOnce();
      } finally {
        vi.useRealTimers();
      }
    });
  });
}

describe("reconciliation in test mode", () => {
  it("has nothing to reconcile: test payments are fulfilled as they are made", async () => {
    const [backend] = testBackends();
    const services = await testServices(backend!);
    try {
      expect(await reconcileOrders(services, "cli")).toMatchObject({ sessionsChecked: 0, fixedOrders: [] });
    } finally {
      await services.dispose();
    }
  });
});
