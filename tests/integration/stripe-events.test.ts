import { eq } from "drizzle-orm";
import { renderToString } from "react-dom/server";
import type Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { UnreadStripeEvents } from "#app/components/admin/unread-stripe-events.tsx";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";
import { loadOverview } from "#app/lib/admin/overview.server.ts";
import { createOrder } from "#app/lib/checkout/create-order.server.ts";
import { findPaidOrder } from "#app/lib/checkout/find-paid-order.server.ts";
import { createDownloadToken, prepareDownload } from "#app/lib/downloads/prepare-download.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { listOrders, refundOrder } from "#app/lib/orders/admin-orders.server.ts";
import { reconcileOrders } from "#app/lib/orders/reconcile-orders.server.ts";
import type { StripeProvider } from "#app/lib/payments/stripe-provider.server.ts";
import { UNREAD_EVENTS_KEPT } from "#app/lib/payments/unread-stripe-events.server.ts";
import { loadOrdersPage } from "#app/routes/admin/orders.server.ts";
import { emailOutbox, orders } from "#db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { API_VERSION } from "../mocks/stripe-events.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { stripeTestServices, type TestServices } from "../setup/services.ts";

const WEBHOOK_SECRET = "whsec_events_test_secret";

/**
 * Refunds, failed refunds, disputes, delayed payments and events that are not ours, as the fake
 * Stripe produces them (the SDK's object shapes, the real API version), signed as Stripe signs and
 * delivered to the webhook route's action with the test's own services.
 */
for (const backend of testBackends()) {
  describe(`Stripe events on ${backend.name}`, () => {
    let stripe: FakeStripe;
    let services: TestServices;

    beforeAll(async () => {
      stripe = await startFakeStripe();
    });
    afterAll(async () => {
      await stripe.close();
      await backend.cleanup();
    });
    beforeEach(async () => {
      services = await stripeTestServices(backend, stripe, WEBHOOK_SECRET);
      await seedProduct(services);
    });
    afterEach(async () => {
      for (const spy of spies.splice(0)) spy.mockRestore();
      await services.dispose();
    });
    const spies: { mockRestore(): void }[] = [];

    const db = () => services.database.db;
    const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
    const outbox = () => db().select().from(emailOutbox).orderBy(emailOutbox.id);

    /** Delivers an event (or any body) and expects Stripe to be told to stop: a 2xx. */
    const deliver = async (event: unknown) => {
      const response = await stripe.deliver(event);
      expect(response.status).toBe(200);
      return (await response.json()) as { received: true; duplicate: boolean };
    };
    const deliverLast = (type: Stripe.Event.Type) => deliver(stripe.lastEvent(type));

    /** A buyer checks out; returns the order and its (still open) session id. */
    const checkout = async (email = "buyer@example.com") => {
      const { orderId } = await createOrder(services, { email });
      return { orderId, sessionId: (await orderRow(orderId)).providerSessionId! };
    };
    /** A buyer pays and the completed event arrives: the order is paid, its e-mail queued. */
    const buy = async (email = "buyer@example.com") => {
      const { orderId, sessionId } = await checkout(email);
      const session = stripe.pay(sessionId);
      await deliverLast("checkout.session.completed");
      return { orderId, sessionId, paymentIntent: session.payment_intent! };
    };

    /** Whether the buyer's two ways in work: the e-mail link and a download. */
    const access = async (orderId: string) => {
      const delivery = (await outbox()).find((m) => m.template === "delivery" && m.orderId === orderId);
      const token = new URL(String(delivery?.payload.link)).searchParams.get("t");
      const viaEmail = (await findPaidOrder(services, { token })) !== null;
      const plan = await prepareDownload(
        services,
        createDownloadToken(services.settings.tokenSecrets, { orderId, productId: null }),
        "203.0.113.9",
      );
      return { viaEmail, download: plan.kind !== "refuse" };
    };
    const granted = { viaEmail: true, download: true };
    const revoked = { viaEmail: false, download: false };

    /** Every warn line's message and fields, to check that bad input is logged plainly. */
    const warnLines = () => {
      const warn = vi.spyOn(logger, "warn");
      spies.push(warn);
      return () => warn.mock.calls.map((args) => JSON.stringify(args));
    };

    it("builds events as Stripe does: the real envelope, API version and full objects", async () => {
      const { paymentIntent } = await buy();
      const event = stripe.lastEvent("checkout.session.completed");
      expect(event).toMatchObject({
        object: "event",
        api_version: API_VERSION,
        livemode: false,
        pending_webhooks: 1,
        request: null,
        data: { object: { object: "checkout.session", status: "complete", payment_status: "paid" } },
      });
      stripe.dashboardRefund(paymentIntent, 100);
      expect(stripe.lastEvent("charge.refunded").data.object).toMatchObject({
        object: "charge",
        amount: 4700,
        amount_refunded: 100,
        refunded: false,
        currency: "usd",
        payment_intent: paymentIntent,
      });
    });

    it("records a partial refund and keeps the buyer's access", async () => {
      const { orderId, paymentIntent } = await buy();
      stripe.dashboardRefund(paymentIntent, 1000);
      await deliverLast("charge.refunded");
      expect(await orderRow(orderId)).toMatchObject({ status: "paid", refundedCents: 1000 });
      expect(await access(orderId)).toEqual(granted);
      const [row] = (await listOrders(db())).items;
      expect(row).toMatchObject({ status: "paid", refundedCents: 1000, attention: null });
    });

    it("revokes when partial refunds add up to the whole amount, in whatever order they arrive", async () => {
      const { orderId, paymentIntent } = await buy();
      stripe.dashboardRefund(paymentIntent, 2000);
      const first = stripe.lastEvent("charge.refunded");
      stripe.dashboardRefund(paymentIntent, 2700);
      const second = stripe.lastEvent("charge.refunded");
      await deliver(second);
      await deliver(first);
      expect(await orderRow(orderId)).toMatchObject({ status: "refunded", refundedCents: 4700 });
      expect(await access(orderId)).toEqual(revoked);
    });

    it("revokes on a full refund from the admin, through Stripe's API, and on one from the Dashboard", async () => {
      const admin = await buy("admin-refund@example.com");
      expect(await refundOrder(services, admin.orderId)).toMatchObject({ status: "succeeded" });
      const key = stripe.refunds[0]?.idempotencyKey;
      expect(key).toMatch(new RegExp(`^refund-${admin.paymentIntent}-\\d+$`));
      expect(stripe.lastEvent("charge.refunded").request?.idempotency_key).toBe(key);
      await deliverLast("charge.refunded");
      expect(await orderRow(admin.orderId)).toMatchObject({ status: "refunded", refundedCents: 4700 });

      const dashboard = await buy("dashboard-refund@example.com");
      stripe.dashboardRefund(dashboard.paymentIntent);
      await deliverLast("charge.refunded");
      expect(await orderRow(dashboard.orderId)).toMatchObject({ status: "refunded", refundedCents: 4700 });
      expect(await access(dashboard.orderId)).toEqual(revoked);
    });

    it("restores access and flags the order when a refund fails, once for both of Stripe's events", async () => {
      const { orderId, paymentIntent } = await buy();
      const refundsOfOrder = () =>
        [...stripe.refundObjects.values()].filter((r) => r.payment_intent === paymentIntent);
      const failLastRefund = async () => {
        stripe.settleRefund(refundsOfOrder().at(-1)!.id, "failed");
        await deliverLast("charge.refund.updated");
        await deliverLast("refund.updated");
        await deliverLast("refund.failed");
      };
      stripe.dashboardRefund(paymentIntent);
      await deliverLast("charge.refunded");
      expect(await access(orderId)).toEqual(revoked);
      await failLastRefund();
      expect(await orderRow(orderId)).toMatchObject({
        status: "paid",
        refundedCents: 0,
        attention: "refund_failed",
      });
      expect(await access(orderId)).toEqual(granted);
      expect((await listOrders(db())).items[0]).toMatchObject({ attention: "refund_failed" });

      // The owner refunds from the admin; that fails too; the next click is a new refund, not
      // Stripe's replay of the failed one.
      expect(await refundOrder(services, orderId)).toMatchObject({ status: "succeeded" });
      await deliverLast("charge.refunded");
      expect(await orderRow(orderId)).toMatchObject({ status: "refunded", attention: null });
      await failLastRefund();
      expect(await orderRow(orderId)).toMatchObject({ status: "paid", attention: "refund_failed" });
      expect(await refundOrder(services, orderId)).toMatchObject({ status: "succeeded" });
      expect(refundsOfOrder()).toHaveLength(3);
      await deliverLast("charge.refunded");
      expect(await orderRow(orderId)).toMatchObject({
        status: "refunded",
        refundedCents: 4700,
        attention: null,
      });
    });

    it("revokes at once on a dispute, alerts the owner once, and lists it for the admin's banner", async () => {
      const { orderId, paymentIntent } = await buy();
      const dispute = stripe.openDispute(paymentIntent);
      const created = stripe.lastEvent("charge.dispute.created");
      const answers = await Promise.all([deliver(created), deliver(created), deliver(created)]);
      expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
      stripe.updateDispute(dispute.id, "under_review");
      await deliverLast("charge.dispute.updated");
      const order = await orderRow(orderId);
      expect(order).toMatchObject({ status: "disputed", disputeStatus: "under_review" });
      expect(await access(orderId)).toEqual(revoked);
      const alerts = (await outbox()).filter((m) => m.template === "dispute-alert");
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({
        to: "help@shop.test",
        dedupeKey: `dispute:${dispute.id}`,
        payload: {
          orderNumber: order.number,
          buyerEmail: "buyer@example.com",
          amountCents: 4700,
          reason: "fraudulent",
          dashboardUrl: `https://dashboard.stripe.com/test/disputes/${dispute.id}`,
        },
      });
      expect((await listOrders(db(), { filter: "contestazioni" })).items).toMatchObject([
        {
          id: orderId,
          number: order.number,
          email: "buyer@example.com",
          amountCents: 4700,
          status: "disputed",
        },
      ]);
    });

    it("restores access when the dispute is won, keeps it revoked when lost, even with events out of order", async () => {
      const won = await buy("won@example.com");
      const lost = await buy("lost@example.com");
      const wonDispute = stripe.openDispute(won.paymentIntent);
      const wonCreated = stripe.lastEvent("charge.dispute.created");
      await deliver(wonCreated);
      stripe.closeDispute(wonDispute.id, "won");
      await deliverLast("charge.dispute.closed");
      expect(await orderRow(won.orderId)).toMatchObject({ status: "paid", disputeStatus: "won" });
      expect(await access(won.orderId)).toEqual(granted);

      // Closed first, opened second: a late "created" does not reopen a decided dispute.
      const lostDispute = stripe.openDispute(lost.paymentIntent);
      const lostCreated = stripe.lastEvent("charge.dispute.created");
      stripe.closeDispute(lostDispute.id, "lost");
      await deliverLast("charge.dispute.closed");
      await deliver(lostCreated);
      expect(await orderRow(lost.orderId)).toMatchObject({ status: "disputed", disputeStatus: "lost" });
      expect(await access(lost.orderId)).toEqual(revoked);
      expect((await listOrders(db(), { filter: "contestazioni" })).items).toEqual([]);
      expect((await loadOverview(db(), 7)).needs.disputes).toBe(0);
    });

    it("acknowledges another integration's sessions and changes nothing", async () => {
      const warnings = warnLines();
      const { orderId, sessionId } = await checkout();
      const provider = services.payments as StripeProvider;
      const foreign = async (orderIdOfOther: string) =>
        (
          await provider.createCheckoutSession({
            orderId: orderIdOfOther,
            orderNumber: 1,
            email: "other@example.com",
            amountCents: 4700,
            currency: "usd",
            productName: "Other shop",
            successUrl: "http://other.test/ok",
            cancelUrl: "http://other.test/",
          })
        ).id;
      const nonUuid = await foreign("other-shop-order-42");
      const unknownUuid = await foreign("00000000-0000-4000-8000-000000000000");
      const missing = await foreign("placeholder");
      Object.assign(stripe.sessions.get(missing)!, { client_reference_id: null, metadata: {} });
      for (const id of [nonUuid, unknownUuid, missing]) {
        stripe.pay(id);
        await deliverLast("checkout.session.completed");
      }
      expect(await orderRow(orderId)).toMatchObject({ status: "pending", providerSessionId: sessionId });
      expect(await outbox()).toEqual([]);
      expect(warnings().filter((line) => line.includes("does not know"))).toHaveLength(3);
    });

    it("fulfils only the order's own session, for the amount and currency it expects, and flags any other", async () => {
      const warnings = warnLines();
      const pending = await checkout("pending@example.com");
      const failed = await checkout("failed@example.com");
      stripe.payLater(failed.sessionId);
      await deliverLast("checkout.session.completed");
      stripe.settleLater(failed.sessionId, "failed");
      await deliverLast("checkout.session.async_payment_failed");
      const expired = await checkout("expired@example.com");
      // A $1.00 Payment Link and a $47.00 one in another currency, each naming one of our orders.
      stripe.foreignSession({ client_reference_id: pending.orderId, amount: 100 });
      await deliverLast("checkout.session.completed");
      stripe.foreignSession({ client_reference_id: failed.orderId, amount: 4700, currency: "eur" });
      await deliverLast("checkout.session.completed");
      // The right amount and currency, but not the order's session.
      stripe.foreignSession({ client_reference_id: expired.orderId, amount: 4700 });
      await deliverLast("checkout.session.completed");

      expect(await orderRow(pending.orderId)).toMatchObject({
        status: "pending",
        attention: "foreign_payment",
      });
      expect(await orderRow(failed.orderId)).toMatchObject({
        status: "failed",
        attention: "foreign_payment",
      });
      expect(await orderRow(expired.orderId)).toMatchObject({
        status: "pending",
        attention: "foreign_payment",
      });
      expect((await outbox()).filter((m) => m.template === "delivery")).toEqual([]);
      expect(warnings().filter((line) => line.includes("not its own"))).toHaveLength(3);

      // The order's own session still pays it.
      stripe.pay(pending.sessionId);
      await deliverLast("checkout.session.completed");
      expect(await orderRow(pending.orderId)).toMatchObject({ status: "paid" });
      expect(await access(pending.orderId)).toEqual(granted);
    });

    it("never takes a session that required no payment for an order's payment, and flags the order it names", async () => {
      const warnings = warnLines();
      const pending = await checkout("pending@example.com");
      const paid = await buy("paid@example.com");
      // A no-cost session (a 100 % discount) naming the pending order, a setup-mode one naming the paid one.
      stripe.foreignSession({ client_reference_id: pending.orderId, amount: 0 });
      const free = stripe.lastEvent("checkout.session.completed");
      expect(free.data.object).toMatchObject({ payment_status: "no_payment_required", payment_intent: null });
      await deliver(free);
      stripe.foreignSession({ client_reference_id: paid.orderId, mode: "setup" });
      await deliverLast("checkout.session.completed");
      // Reconciliation sees both completed sessions and fulfils neither.
      expect(await reconcileOrders(services, "admin")).toMatchObject({ fixedOrders: [], error: null });

      expect(await orderRow(pending.orderId)).toMatchObject({
        status: "pending",
        attention: "foreign_payment",
      });
      expect(await orderRow(paid.orderId)).toMatchObject({ status: "paid", attention: "foreign_payment" });
      expect(await access(paid.orderId)).toEqual(granted);
      expect((await outbox()).map((m) => m.template)).toEqual(["delivery"]);
      expect(warnings().filter((line) => line.includes("not its own"))).toHaveLength(2);
      // The admin's lists name the flag: the sale under Vendite, the attempt under Tentativi.
      for (const filter of ["vendite", "tentativi"] as const)
        expect((await listOrders(db(), { filter })).items).toEqual([
          expect.objectContaining({ attention: "foreign_payment" }),
        ]);
    });

    it("acts on no event of the other mode than the store's key, and says so", async () => {
      const warnings = warnLines();
      const { orderId, sessionId } = await checkout();
      stripe.pay(sessionId);
      const completed = stripe.lastEvent("checkout.session.completed");
      await deliver({ ...completed, livemode: true });
      expect(await orderRow(orderId)).toMatchObject({ status: "pending" });
      expect(
        warnings().filter((line) => line.includes("a live-mode event for the store's test-mode key")),
      ).toHaveLength(1);
    });

    it("answers 2xx to malformed bodies and unhandled types, with a warn line and no stack trace", async () => {
      const warnings = warnLines();
      const { orderId } = await buy();
      const before = await orderRow(orderId);
      const completed: object = stripe.lastEvent("checkout.session.completed");
      const bodies: unknown[] = [
        [],
        [completed],
        { id: "evt_no_type", object: "event", data: { object: {} } },
        { ...completed, id: "evt_no_data", data: undefined },
        { ...completed, id: "evt_no_object", type: "charge.refunded", data: { object: null } },
        { ...completed, id: "evt_empty_charge", type: "charge.refunded", data: { object: {} } },
        {
          ...completed,
          id: "evt_unhandled",
          type: "customer.created",
          data: { object: { object: "customer" } },
        },
        { ...completed, id: "evt_made_up_type", type: "store.haunted" },
        "a string",
        null,
      ];
      for (const body of bodies) await deliver(body);
      expect(await orderRow(orderId)).toEqual(before);
      const lines = warnings();
      expect(lines.filter((line) => line.includes("malformed"))).toHaveLength(8);
      for (const line of lines) expect(line).not.toMatch(/stack|\bat .*\.ts:\d+/);
    });

    it("shows the owner each unreadable event that names none of our orders: type, id, time, why, never its payload", async () => {
      const { orderId, paymentIntent } = await buy("private.buyer@example.com");
      const completed: object = stripe.lastEvent("checkout.session.completed");
      stripe.dashboardRefund(paymentIntent, 100);
      const refundedEvent = stripe.lastEvent("charge.refunded");
      const charge = refundedEvent.data.object as Stripe.Charge;
      const refunded: object = refundedEvent;
      // A charge of another payment, carrying a buyer's personal data, with an amount the schema refuses.
      const strangerCharge = {
        ...refunded,
        id: "evt_stranger_charge",
        data: {
          object: {
            ...charge,
            id: "ch_stranger",
            payment_intent: "pi_stranger",
            metadata: {},
            amount: "47.00",
            billing_details: {
              ...charge.billing_details,
              email: "stranger@private.test",
              name: "Mario Rossi",
            },
          },
        },
      };
      const wrongMode = { ...completed, id: "evt_live_for_test_key", livemode: true };
      const noData = { ...completed, id: "evt_no_data", data: undefined };
      const hostile = {
        ...completed,
        id: `evt_<img src=x onerror=alert(1)>${"x".repeat(300)}`,
        type: "<script>alert(1)</script>",
        data: undefined,
      };
      // Unreadable too, but naming our order: that order is flagged instead (kept as it was).
      const ours = {
        ...refunded,
        id: "evt_ours_unreadable",
        data: { object: { ...charge, amount: "47.00" } },
      };
      await Promise.all([1, 2, 3].map(() => deliver(strangerCharge)));
      const bodies: object[] = [wrongMode, noData, hostile, ours, strangerCharge];
      for (const body of bodies) await deliver(body);

      const page = await loadOrdersPage(services, new Request("http://shop.test/admin/ordini"));
      const shown = page.unreadStripeEvents.events;
      expect(shown.map((event) => event.id)).toEqual([
        hostile.id.slice(0, 255),
        "evt_no_data",
        "evt_live_for_test_key",
        "evt_stranger_charge",
      ]);
      expect(shown[3]).toMatchObject({
        type: "charge.refunded",
        problem: "shape",
        livemode: false,
        detail: "amount: Invalid input: expected number, received string",
        dashboardUrl: "https://dashboard.stripe.com/test/events/evt_stranger_charge",
      });
      expect(shown[2]).toMatchObject({ problem: "mode", livemode: true });
      expect(await orderRow(orderId)).toMatchObject({ attention: "event_unreadable" });
      expect(JSON.stringify(page.unreadStripeEvents)).not.toMatch(
        /stranger@private|Mario Rossi|private\.buyer/,
      );

      // What the owner reads on Ordini, in Italian, the hostile event's HTML as text.
      const html = renderToString(UnreadStripeEvents({ unread: page.unreadStripeEvents }));
      const copy = ADMIN_COPY.unreadEvents;
      expect(html).toContain(copy.title);
      expect(html).toContain("Apri su Stripe");
      expect(html).toContain("charge.refunded");
      expect(html).toContain("evt_stranger_charge");
      expect(html).toContain("Evento in modalità live, ma il negozio usa le chiavi di prova");
      expect(html).toContain("amount: Invalid input: expected number, received string");
      expect(html).not.toContain("<script>");
      expect(html).not.toContain("<img");
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");

      // Bounded: only the newest are kept, however many come.
      for (let i = 0; i < UNREAD_EVENTS_KEPT + 5; i++) await deliver({ ...noData, id: `evt_flood_${i}` });
      const kept = (await loadOrdersPage(services, new Request("http://shop.test/admin/ordini")))
        .unreadStripeEvents.events;
      expect(kept).toHaveLength(UNREAD_EVENTS_KEPT);
      expect(kept[0]?.id).toBe(`evt_flood_${UNREAD_EVENTS_KEPT + 4}`);
      expect(kept.map((event) => event.id)).not.toContain("evt_stranger_charge");
    });

    it("takes refunds from Stripe, not from an event's snapshot, and leaves unknown payments alone", async () => {
      const warnings = warnLines();
      const { orderId, paymentIntent } = await buy();
      const base: object = stripe.lastEvent("checkout.session.completed");
      const chargeObject = [...stripe.charges.values()].find((c) => c.payment_intent === paymentIntent)!;
      const refundedEvent = (id: string, object: Partial<Stripe.Charge>) => ({
        ...base,
        id,
        type: "charge.refunded",
        data: { object: { ...chargeObject, ...object } },
      });
      // Figures no refund on Stripe backs (another currency, more than the charge) change nothing.
      await deliver(
        refundedEvent("evt_eur", { currency: "eur", amount: 4000, amount_refunded: 2000, refunded: false }),
      );
      await deliver(refundedEvent("evt_too_much", { amount_refunded: 99_999, refunded: true }));
      expect(await orderRow(orderId)).toMatchObject({ status: "paid", refundedCents: 0 });
      stripe.dashboardRefund(paymentIntent, 1000);
      await deliver(refundedEvent("evt_stale", { amount_refunded: 0, refunded: false }));
      expect(await orderRow(orderId)).toMatchObject({ status: "paid", refundedCents: 1000 });
      // A dispute and a refund for payments the store never took.
      const other = await buy("other@example.com");
      const dispute = stripe.openDispute(other.paymentIntent);
      const event = stripe.lastEvent("charge.dispute.created");
      const unknown = { ...dispute, payment_intent: "pi_unknown", charge: "ch_unknown" };
      await deliver({ ...event, id: "evt_unknown_dispute", data: { object: unknown } });
      await deliver(refundedEvent("evt_unknown_refund", { payment_intent: "pi_unknown", metadata: {} }));
      expect(await orderRow(other.orderId)).toMatchObject({ status: "paid", disputeStatus: null });
      expect(warnings().filter((line) => line.includes("does not know"))).toHaveLength(2);
    });

    it("keeps access and the owner's flag when a late charge.refunded follows the refund's failure", async () => {
      for (const order of ["failure first", "refund first"]) {
        const { orderId, paymentIntent } = await buy(`${order.replace(" ", "-")}@example.com`);
        const refund = stripe.dashboardRefund(paymentIntent);
        const refunded = stripe.lastEvent("charge.refunded");
        stripe.settleRefund(refund.id, "failed");
        const failed = stripe.lastEvent("refund.failed");
        const updated = stripe.lastEvent("charge.refund.updated");
        const sequence =
          order === "failure first" ? [failed, updated, refunded] : [refunded, failed, updated];
        for (const event of sequence) await deliver(event);
        expect(await orderRow(orderId)).toMatchObject({
          status: "paid",
          refundedCents: 0,
          attention: "refund_failed",
        });
        expect(await access(orderId)).toEqual(granted);
      }
    });

    it("handles every refund status: pending and requires_action refund, failed and canceled give access back", async () => {
      const pending = await buy("pending@example.com");
      const refund = stripe.dashboardRefund(pending.paymentIntent, undefined, "pending");
      await deliverLast("refund.created");
      expect(await orderRow(pending.orderId)).toMatchObject({ status: "refunded", refundedCents: 4700 });
      stripe.settleRefund(refund.id, "succeeded");
      await deliverLast("refund.updated");
      expect(await orderRow(pending.orderId)).toMatchObject({ status: "refunded", attention: null });

      // A method without native refunds: Stripe asks the buyer for bank details, then gives up.
      const waiting = await buy("waiting@example.com");
      const asked = stripe.dashboardRefund(waiting.paymentIntent, undefined, "requires_action");
      await deliverLast("charge.refunded");
      expect(await orderRow(waiting.orderId)).toMatchObject({
        status: "refunded",
        attention: "refund_requires_action",
      });
      expect(await access(waiting.orderId)).toEqual(revoked);
      stripe.settleRefund(asked.id, "canceled");
      await deliverLast("refund.updated");
      expect(await orderRow(waiting.orderId)).toMatchObject({
        status: "paid",
        refundedCents: 0,
        attention: "refund_failed",
      });
      expect(await access(waiting.orderId)).toEqual(granted);
    });

    it("tracks each dispute: an inquiry keeps access and can be refunded, a chargeback after it counts, appeals show", async () => {
      const asking = await buy("asking@example.com");
      stripe.openDispute(asking.paymentIntent, "general", "inquiry");
      await deliverLast("charge.dispute.created");
      expect(await orderRow(asking.orderId)).toMatchObject({
        status: "paid",
        disputeStatus: "warning_needs_response",
      });
      expect(await access(asking.orderId)).toEqual(granted);
      // The Panoramica counts it among what needs the owner; the order page says it may be refunded.
      expect((await loadOverview(db(), 7)).needs.disputes).toBe(1);
      expect(ADMIN_PAGES_COPY.order.events.dispute("warning_needs_response")).toContain("puoi rimborsare");
      // Stripe lets an inquiry be refunded (and advises it).
      expect(await refundOrder(services, asking.orderId)).toMatchObject({ status: "succeeded" });
      await deliverLast("charge.refunded");
      expect(await orderRow(asking.orderId)).toMatchObject({ status: "refunded" });

      const charged = await buy("charged@example.com");
      const inquiry = stripe.openDispute(charged.paymentIntent, "fraudulent", "inquiry");
      stripe.closeDispute(inquiry.id, "warning_closed");
      await deliverLast("charge.dispute.closed");
      expect(await orderRow(charged.orderId)).toMatchObject({
        status: "paid",
        disputeStatus: "warning_closed",
      });
      const chargeback = stripe.openDispute(charged.paymentIntent, "fraudulent");
      await deliverLast("charge.dispute.funds_withdrawn");
      expect(await orderRow(charged.orderId)).toMatchObject({
        status: "disputed",
        disputeStatus: "needs_response",
      });
      expect(await access(charged.orderId)).toEqual(revoked);
      expect(await refundOrder(services, charged.orderId)).toBeNull();
      stripe.closeDispute(chargeback.id, "lost");
      stripe.updateDispute(chargeback.id, "appeal_needs_response");
      await deliverLast("charge.dispute.updated");
      expect(await orderRow(charged.orderId)).toMatchObject({
        status: "disputed",
        disputeStatus: "appeal_needs_response",
      });
      // Under appeal, the chargeback still needs the owner, as does the first order's inquiry: it
      // is open on Stripe until the bank closes it, refund or not.
      expect((await loadOverview(db(), 7)).needs.disputes).toBe(2);
      const alerts = (await outbox()).filter(
        (m) => m.template === "dispute-alert" && m.payload.buyerEmail === "charged@example.com",
      );
      expect(alerts.map((m) => m.dedupeKey)).toEqual([`dispute:${inquiry.id}`, `dispute:${chargeback.id}`]);
    });

    it("converges when the same event comes 3 times at once and a refund comes before the payment", async () => {
      const { orderId, sessionId } = await checkout();
      const session = stripe.pay(sessionId);
      const completed = stripe.lastEvent("checkout.session.completed");
      stripe.dashboardRefund(session.payment_intent!, 1000);
      const refunded = stripe.lastEvent("charge.refunded");
      await Promise.all([deliver(refunded), deliver(refunded), deliver(refunded)]);
      expect(await orderRow(orderId)).toMatchObject({ status: "pending", refundedCents: 1000 });
      const answers = await Promise.all([deliver(completed), deliver(completed), deliver(completed)]);
      expect(answers.filter((a) => !a.duplicate)).toHaveLength(1);
      expect(await orderRow(orderId)).toMatchObject({
        status: "paid",
        refundedCents: 1000,
        paymentIntentId: session.payment_intent,
      });
      expect((await outbox()).filter((m) => m.template === "delivery")).toHaveLength(1);
    });

    it("waits for a delayed payment, then delivers it, or tells the buyer it failed", async () => {
      const later = await checkout("later@example.com");
      stripe.payLater(later.sessionId);
      await deliverLast("checkout.session.completed");
      expect(await orderRow(later.orderId)).toMatchObject({ status: "processing" });
      expect(await services.payments.getSession(later.sessionId)).toMatchObject({
        paid: false,
        processing: true,
      });
      expect(await outbox()).toEqual([]);
      stripe.settleLater(later.sessionId, "succeeded");
      await deliverLast("checkout.session.async_payment_succeeded");
      expect(await orderRow(later.orderId)).toMatchObject({ status: "paid" });
      expect(await access(later.orderId)).toEqual(granted);

      const failed = await checkout("failed@example.com");
      stripe.payLater(failed.sessionId);
      await deliverLast("checkout.session.completed");
      stripe.settleLater(failed.sessionId, "failed");
      await deliverLast("checkout.session.async_payment_failed");
      await deliverLast("checkout.session.async_payment_failed");
      const order = await orderRow(failed.orderId);
      expect(order.status).toBe("failed");
      const mails = (await outbox()).filter((m) => m.to === "failed@example.com");
      expect(mails).toEqual([
        expect.objectContaining({
          template: "payment-failed",
          dedupeKey: `payment-failed:${failed.orderId}`,
          payload: {
            orderReference: order.reference,
            checkoutUrl: "http://shop.test/checkout",
            supportEmail: "help@shop.test",
          },
        }),
      ]);
    });

    it("counts revenue less the refunded amounts", async () => {
      const partial = await buy("partial@example.com");
      const full = await buy("full@example.com");
      await buy("kept@example.com");
      stripe.dashboardRefund(partial.paymentIntent, 1000);
      await deliverLast("charge.refunded");
      stripe.dashboardRefund(full.paymentIntent);
      await deliverLast("charge.refunded");
      const { periods } = await loadOverview(db(), 7);
      expect(periods.today).toMatchObject({ keptCents: 4700 + 3700, sales: 2 });
      expect(periods["30"]).toEqual(periods.today);
    });
  });
}
