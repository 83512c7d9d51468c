import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createOrder } from "#app/lib/checkout/create-order.server.ts";
import { withdrawalEmail } from "#app/lib/mail/withdrawal-email.ts";
import { refundOrder } from "#app/lib/orders/admin-orders.server.ts";
import { collectDeliveryEvidence } from "#app/lib/orders/delivery-evidence.server.ts";
import { fulfilOrder } from "#app/lib/orders/fulfil-order.server.ts";
import { reconcileOrders } from "#app/lib/orders/reconcile-orders.server.ts";
import { resolveWithdrawalRequests } from "#app/lib/orders/withdrawals.server.ts";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import { signInCookie } from "#app/routes/admin/guard.server.ts";
import * as orderRoute from "#app/routes/admin/order.tsx";
import * as ordersRoute from "#app/routes/admin/orders.tsx";
import * as secret from "#app/routes/secret.tsx";
import * as withdraw from "#app/routes/withdraw.tsx";
import { accessLinks, downloads, emailOutbox, orders, withdrawalRequests, withdrawals } from "#db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const SUCCESS_SEGMENT = "thank-you-secret-0123456789";
const ADMIN_SEGMENT = "admin-secret-0123456789abcdef";
const ORIGIN = "http://shop.test";
const DAY_MS = 24 * 60 * 60_000;

function unwrap<T>(value: unknown): { body: T; status: number } {
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const wrapped = value as unknown as { data: T; init: { status?: number } | null };
    return { body: wrapped.data, status: wrapped.init?.status ?? 200 };
  }
  return { body: value as T, status: 200 };
}

type Answer = { step: string; at?: string; values?: Record<string, string>; errors?: Record<string, string> };
type WithdrawalMail = { template: string; to: string; payload: Record<string, unknown> };

for (const backend of testBackends()) {
  describe(`the withdrawal function on ${backend.name}`, () => {
    let stripe: FakeStripe;
    let services: TestServices;

    beforeAll(async () => {
      stripe = await startFakeStripe();
    });
    // Dropping a dozen PostgreSQL databases takes a while on a busy machine.
    afterAll(async () => {
      await stripe.close();
      await backend.cleanup();
    }, 180_000);
    beforeEach(async () => {
      stripe.requests.length = 0;
      stripe.refunds.length = 0;
      services = await testServices(backend, {
        STRIPE_SECRET_KEY: "sk_test_store",
        STRIPE_WEBHOOK_SECRET: "whsec_test_secret_for_the_fake",
        STRIPE_API_BASE: stripe.url,
        SUCCESS_PATH: SUCCESS_SEGMENT,
        ADMIN_PATH: ADMIN_SEGMENT,
        SUPPORT_EMAIL: "support@shop.test",
      });
      await seedProduct(services);
    });
    afterEach(() => services.dispose());

    const db = () => services.database.db;
    const args = (request: Request, ip: string, params: Record<string, string> = {}) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(clientIpContext, ip);
      return { request, context, params, unstable_pattern: "", url: new URL(request.url) } as never;
    };
    /** `/withdraw`'s form posted as a browser without JavaScript posts it. */
    const post = async (form: Record<string, string>, ip = "203.0.113.7") =>
      unwrap<Answer>(
        await withdraw.action(
          args(new Request(`${ORIGIN}/withdraw`, { method: "POST", body: new URLSearchParams(form) }), ip),
        ),
      );
    /** Both steps: the review, then "Confirm withdrawal". */
    const withdrawFrom = async (
      statement: { identifier: string; name: string; email: string },
      ip?: string,
    ) => {
      const review = await post({ intent: "review", ...statement }, ip);
      expect(review.body.step).toBe("review");
      return post({ intent: "confirm", ...statement }, ip);
    };
    /** What the e-mail worker does a moment after the answer, without waiting for the moment. */
    const resolveNow = async () => {
      await db().update(withdrawalRequests).set({ dueAt: sql`now()` });
      return resolveWithdrawalRequests(services);
    };
    const visit = async (t: string) =>
      unwrap<{ data: { view: string } }>(
        await secret.loader(
          args(new Request(`${ORIGIN}/${SUCCESS_SEGMENT}?t=${t}`), "203.0.113.7", {
            secret: SUCCESS_SEGMENT,
          }),
        ),
      ).body.data;
    const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
    const withdrawalRow = async (id: string) =>
      (await db().select().from(withdrawals).where(eq(withdrawals.orderId, id)))[0];
    const mails = async (template = "withdrawal") =>
      (await db().select().from(emailOutbox).where(eq(emailOutbox.template, template))) as WithdrawalMail[];

    /** A paid Stripe order, the token of its delivery e-mail's link, with consent recorded unless told. */
    async function paidOrder(email = "buyer@example.com", consent = true) {
      const { orderId } = await createOrder(services, { email });
      const pending = await orderRow(orderId);
      const session = stripe.pay(pending.providerSessionId!);
      await fulfilOrder(db(), services.links, { orderId, paymentIntentId: session.payment_intent });
      await db()
        .update(orders)
        .set({ consentAt: consent ? new Date(Date.now() - 60_000) : null })
        .where(eq(orders.id, orderId));
      const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));
      const t = new URL(String((mail!.payload as { link: string }).link)).searchParams.get("t")!;
      return { order: await orderRow(orderId), t };
    }
    const downloaded = (orderId: string, at = new Date()) =>
      db().insert(downloads).values({ orderId, at, bytes: 1000, ip: "203.0.113.7" });

    it("refunds in full, revokes access and confirms with date, time and amount when the download has not started", async () => {
      const { order, t } = await paidOrder();
      const review = await post({
        intent: "review",
        identifier: order.reference.toLowerCase(),
        name: "Daniel Weber",
        email: "Buyer@Example.com ",
      });
      expect(review).toMatchObject({ status: 200, body: { step: "review" } });
      // The review step records nothing.
      expect(await db().select().from(withdrawalRequests)).toHaveLength(0);

      const answer = await post({
        intent: "confirm",
        identifier: order.reference.toLowerCase(),
        name: "Daniel Weber",
        email: "buyer@example.com",
      });
      expect(answer).toMatchObject({ status: 200, body: { step: "done" } });
      expect(stripe.refunds).toHaveLength(0);
      expect(await resolveNow()).toBe(1);

      expect(stripe.refunds).toHaveLength(1);
      expect(stripe.refunds[0]).toMatchObject({ payment_intent: order.paymentIntentId });
      expect((await orderRow(order.id)).status).toBe("refunded");
      expect(await withdrawalRow(order.id)).toMatchObject({
        outcome: "refund",
        refundStatus: "refunded",
        refundedCents: 4700,
        name: "Daniel Weber",
      });
      expect(await db().select().from(accessLinks).where(eq(accessLinks.orderId, order.id))).toHaveLength(0);
      expect((await visit(t)).view).toBe("lost-link");

      const [mail] = await mails();
      expect(mail).toMatchObject({
        to: "buyer@example.com",
        payload: {
          outcome: "refunded",
          amountCents: 4700,
          reference: order.reference,
          requestedAt: answer.body.at,
        },
      });
      const text = withdrawalEmail(mail!.to, mail!.payload as never).text;
      expect(text).toContain("refunded $47.00 in full");
      expect(text).toMatch(/made by Daniel Weber on \d{1,2} \w+ \d{4} at \d{2}:\d{2}:\d{2} UTC/);
    });

    it("refunds an order without the recorded consent even after its download started", async () => {
      const { order } = await paidOrder("noconsent@example.com", false);
      await downloaded(order.id);
      await withdrawFrom({
        identifier: "noconsent@example.com",
        name: "Ann",
        email: "noconsent@example.com",
      });
      await resolveNow();
      expect(stripe.refunds).toHaveLength(1);
      expect(await withdrawalRow(order.id)).toMatchObject({ outcome: "refund", refundStatus: "refunded" });
    });

    it("acknowledges a withdrawal after the download started, naming the consent, and offers the guarantee", async () => {
      const { order } = await paidOrder();
      const started = new Date();
      await downloaded(order.id, started);
      await withdrawFrom({ identifier: order.reference, name: "Daniel", email: "buyer@example.com" });
      await resolveNow();
      expect(stripe.refunds).toHaveLength(0);
      expect((await orderRow(order.id)).status).toBe("paid");
      expect(await withdrawalRow(order.id)).toMatchObject({ outcome: "right-lost", refundStatus: null });
      const [mail] = await mails();
      expect(mail!.payload).toMatchObject({
        outcome: "right-lost",
        consentAt: order.consentAt!.toISOString(),
        downloadStartedAt: started.toISOString(),
      });
      const guarantee = mail!.payload.guarantee as { link: string };
      expect(guarantee.link).toMatch(new RegExp(`^${ORIGIN}/${SUCCESS_SEGMENT}\\?t=.+#guarantee$`));
      // The guarantee's link opens the paid order's page, where its one click is.
      const t = new URL(guarantee.link).searchParams.get("t")!;
      expect((await visit(t)).view).toBe("paid");
      const text = withdrawalEmail(mail!.to, mail!.payload as never).text;
      expect(text).toContain("Your right of withdrawal ended when the download started");
      expect(text).toContain("30-day money-back guarantee still applies");
    });

    it("gives every statement the same answer and acts only on the one that matches", async () => {
      const mine = await paidOrder("mine@example.com");
      const other = await paidOrder("other@example.com");
      await db().update(orders).set({ buyerShortName: "Daniel W." }).where(eq(orders.id, other.order.id));
      const statements = [
        { identifier: "LCT-0000000000", name: "Nobody", email: "mine@example.com" },
        // Someone else's order, the requester's own address for the confirmation.
        { identifier: other.order.reference, name: "Daniel Weber", email: "mine@example.com" },
        // The order's address, a name that does not fit the recorded "Daniel W.".
        { identifier: other.order.reference, name: "Maria Rossi", email: "other@example.com" },
        { identifier: "unknown@example.com", name: "Ann", email: "unknown@example.com" },
      ];
      const answers = [];
      for (const [i, statement] of statements.entries())
        answers.push(await withdrawFrom(statement, `198.51.${i}.1`));
      const matching = await withdrawFrom(
        { identifier: "mine@example.com", name: "Anyone", email: "mine@example.com" },
        "198.51.9.1",
      );
      for (const answer of [...answers, matching]) {
        expect(answer.status).toBe(200);
        expect({ ...answer.body, at: "" }).toEqual({ step: "done", at: "" });
      }
      await resolveNow();
      expect(stripe.refunds).toHaveLength(1);
      expect(await db().select().from(withdrawals)).toMatchObject([{ orderId: mine.order.id }]);
      expect((await mails()).map((m) => m.to)).toEqual(["mine@example.com"]);
      expect((await orderRow(other.order.id)).status).toBe("paid");
    });

    it("sends one confirmation and refunds once for a statement made twice", async () => {
      const { order } = await paidOrder();
      const statement = { identifier: order.reference, name: "Daniel", email: "buyer@example.com" };
      await withdrawFrom(statement);
      await withdrawFrom(statement);
      await resolveNow();
      await withdrawFrom(statement);
      await resolveNow();
      expect(stripe.refunds).toHaveLength(1);
      expect(await mails()).toHaveLength(1);
    });

    it("refunds nothing after the 14 days and says when they ended, offering the guarantee", async () => {
      const { order } = await paidOrder();
      const paidAt = new Date(Date.now() - 15 * DAY_MS);
      await db().update(orders).set({ paidAt }).where(eq(orders.id, order.id));
      await withdrawFrom({ identifier: order.reference, name: "D", email: "buyer@example.com" });
      await resolveNow();
      expect(stripe.refunds).toHaveLength(0);
      expect(await withdrawalRow(order.id)).toMatchObject({ outcome: "period-ended" });
      const [mail] = await mails();
      expect(mail!.payload).toMatchObject({
        outcome: "period-ended",
        periodEndedAt: new Date(paidAt.getTime() + 14 * DAY_MS).toISOString(),
      });
      expect(mail!.payload.guarantee).not.toBeNull();
    });

    it("refunds neither a refunded nor a disputed order again", async () => {
      const refunded = await paidOrder("r@example.com");
      await refundOrder(services, refunded.order.id);
      const disputed = await paidOrder("d@example.com");
      await db()
        .update(orders)
        .set({ status: "disputed", disputeStatus: "needs_response" })
        .where(eq(orders.id, disputed.order.id));
      stripe.refunds.length = 0;
      await withdrawFrom({ identifier: refunded.order.reference, name: "R", email: "r@example.com" });
      await withdrawFrom({ identifier: disputed.order.reference, name: "D", email: "d@example.com" });
      await resolveNow();
      expect(stripe.refunds).toHaveLength(0);
      expect(await withdrawalRow(refunded.order.id)).toMatchObject({ outcome: "already-refunded" });
      expect(await withdrawalRow(disputed.order.id)).toMatchObject({ outcome: "disputed" });
      expect((await mails()).map((m) => m.payload.outcome).sort()).toEqual(["already-refunded", "disputed"]);
    });

    it("answers a flood from one network the same way and records only its first five", async () => {
      const { order } = await paidOrder();
      const statement = { identifier: "LCT-AAAAAAAAAA", name: "Bot", email: "x@example.com" };
      for (let i = 0; i < 5; i++) await post({ intent: "confirm", ...statement }, `203.0.113.${i + 1}`);
      // The sixth from the same /24, though it names a real order, is answered and not recorded.
      const limited = await post(
        { intent: "confirm", identifier: order.reference, name: "D", email: "buyer@example.com" },
        "203.0.113.200",
      );
      expect(limited).toMatchObject({ status: 200, body: { step: "done" } });
      expect(await db().select().from(withdrawalRequests)).toHaveLength(5);
      // Another network is not held back by it.
      await post(
        { intent: "confirm", identifier: order.reference, name: "D", email: "buyer@example.com" },
        "192.0.2.1",
      );
      await resolveNow();
      expect(stripe.refunds).toHaveLength(1);
    });

    it("answers a form with the honeypot filled the same way and records nothing", async () => {
      const { order } = await paidOrder();
      const answer = await post({
        intent: "confirm",
        identifier: order.reference,
        name: "D",
        email: "buyer@example.com",
        website: "http://spam.example",
      });
      expect(answer).toMatchObject({ status: 200, body: { step: "done" } });
      expect(await db().select().from(withdrawalRequests)).toHaveLength(0);
    });

    it("shows the form again with a message for each missing or malformed field", async () => {
      const answer = await post({ intent: "review", identifier: " ", name: "", email: "not-an-address" });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        step: "form",
        errors: {
          identifier: expect.any(String),
          name: expect.any(String),
          email: "Please enter a valid e-mail address.",
        },
      });
      const confirmed = await post({
        intent: "confirm",
        identifier: "x".repeat(300),
        name: "A",
        email: "a@b.co",
      });
      expect(confirmed.body.step).toBe("form");
      expect(await db().select().from(withdrawalRequests)).toHaveLength(0);
    });

    it("shows the owner each withdrawal on the order's page, under Recessi in Ordini, and in the evidence pack", async () => {
      const withdrawn = await paidOrder("w@example.com");
      const kept = await paidOrder("k@example.com");
      stripe.failNext(400, 1, "POST /v1/refunds");
      await withdrawFrom({ identifier: withdrawn.order.reference, name: "Wanda", email: "w@example.com" });
      await resolveNow();
      const cookie = (await signInCookie(services, new Request(ORIGIN))).split(";")[0]!;
      const admin = (path: string, params: Record<string, string> = {}) =>
        args(new Request(`${ORIGIN}/${ADMIN_SEGMENT}/${path}`, { headers: { cookie } }), "198.51.100.1", {
          secret: ADMIN_SEGMENT,
          ...params,
        });
      const list = unwrap<{ orders: { items: { id: string }[] } }>(
        await ordersRoute.loader(admin("ordini?filtro=recessi")),
      ).body;
      expect(list.orders.items.map((o) => o.id)).toEqual([withdrawn.order.id]);
      const page = unwrap<{ withdrawal: Record<string, unknown>; timeline: { kind: string }[] }>(
        await orderRoute.loader(
          admin(`ordini/${withdrawn.order.reference}`, { reference: withdrawn.order.reference }),
        ),
      ).body;
      // The refund the provider refused is in front of the owner, with Stripe's reason.
      expect(page.withdrawal).toMatchObject({ name: "Wanda", outcome: "refund", refundStatus: "failed" });
      expect(page.withdrawal.lastError).toBeTruthy();
      expect(page.timeline.map((e) => e.kind)).toContain("withdrawal");
      const evidence = await collectDeliveryEvidence(db(), withdrawn.order.id, ORIGIN);
      expect(evidence?.withdrawal).toMatchObject({ email: "w@example.com", outcome: "refund" });
      expect((await collectDeliveryEvidence(db(), kept.order.id, ORIGIN))?.withdrawal).toBeNull();
    });

    it("tells the buyer a refund the provider refused is being handled, and reconciliation makes it", async () => {
      const { order } = await paidOrder();
      stripe.failNext(400, 1, "POST /v1/refunds");
      await withdrawFrom({ identifier: order.reference, name: "D", email: "buyer@example.com" });
      await resolveNow();
      expect(await withdrawalRow(order.id)).toMatchObject({ refundStatus: "failed", refundAttempts: 1 });
      expect((await withdrawalRow(order.id))!.lastError).toBeTruthy();
      expect((await mails()).map((m) => m.payload)).toMatchObject([
        { outcome: "refund-pending", amountCents: 4700 },
      ]);
      expect(withdrawalEmail("b", (await mails())[0]!.payload as never).text).toContain("is being handled");
      // The e-mail's links stop at once, before the money is back.
      expect(await db().select().from(accessLinks).where(eq(accessLinks.orderId, order.id))).toHaveLength(0);

      const run = await reconcileOrders(services, "admin");
      expect(run?.fixedOrders).toContain(order.number);
      expect((await orderRow(order.id)).status).toBe("refunded");
      expect(await withdrawalRow(order.id)).toMatchObject({ refundStatus: "refunded", refundAttempts: 2 });
      expect((await mails()).map((m) => m.payload.outcome)).toEqual(["refund-pending", "refund-made"]);
      // A later pass finds nothing left to do.
      expect((await reconcileOrders(services, "admin"))?.fixedOrders).toEqual([]);
      expect(stripe.refunds.length).toBeGreaterThanOrEqual(1);
    });
  });
}
