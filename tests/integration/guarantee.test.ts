import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GUARANTEE_COPY } from "#app/content/guarantee.ts";
import { createOrder } from "#app/lib/checkout/create-order.server.ts";
import { refundOrder } from "#app/lib/orders/admin-orders.server.ts";
import { fulfilOrder } from "#app/lib/orders/fulfil-order.server.ts";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import { signInCookie } from "#app/routes/admin/guard.server.ts";
import * as adminOrders from "#app/routes/admin/orders.tsx";
import * as adminSettings from "#app/routes/admin/settings.tsx";
import * as secret from "#app/routes/secret.tsx";
import { emailOutbox, orders, refundRequests } from "#db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const SUCCESS_SEGMENT = "thank-you-secret-0123456789";
const ADMIN_SEGMENT = "admin-secret-0123456789abcdef";
const ORIGIN = "http://shop.test";
const DAY_MS = 24 * 60 * 60_000;

/** A loader's or action's value, whether returned plainly or wrapped by `data()` with a status. */
function unwrap<T>(value: unknown): { body: T; status: number } {
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const wrapped = value as unknown as { data: T; init: { status?: number } | null };
    return { body: wrapped.data, status: wrapped.init?.status ?? 200 };
  }
  return { body: value as T, status: 200 };
}

type RefundAnswer = { intent: string; outcome: string; ok: boolean; title: string; message: string };

/** Issue 17, item 4: the 30-day guarantee asked for on the success page, with its bad input. */
for (const backend of testBackends()) {
  describe(`the guarantee in one step on ${backend.name}`, () => {
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
    const args = (request: Request, segment: string, ip: string) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(clientIpContext, ip);
      return {
        request,
        context,
        params: { secret: segment },
        unstable_pattern: "",
        url: new URL(request.url),
      } as never;
    };
    /** A form posted to the success page, as a browser without JavaScript posts it. */
    const post = async (form: Record<string, string>, ip = "203.0.113.7") =>
      unwrap<RefundAnswer & { reason?: string }>(
        await secret.action(
          args(
            new Request(`${ORIGIN}/${SUCCESS_SEGMENT}`, { method: "POST", body: new URLSearchParams(form) }),
            SUCCESS_SEGMENT,
            ip,
          ),
        ),
      );
    const visit = async (t: string) =>
      unwrap<{ data: { view: string; guarantee: { state: string } | null } }>(
        await secret.loader(
          args(new Request(`${ORIGIN}/${SUCCESS_SEGMENT}?t=${t}`), SUCCESS_SEGMENT, "203.0.113.7"),
        ),
      ).body.data;
    const admin = async (form: Record<string, string>) => {
      const cookie = (await signInCookie(services, new Request(ORIGIN))).split(";")[0]!;
      const request = new Request(`${ORIGIN}/${ADMIN_SEGMENT}`, {
        method: "POST",
        headers: { cookie, origin: ORIGIN },
        body: new URLSearchParams(form),
      });
      return unwrap<{ ok: boolean; message: string }>(
        await secret.action(args(request, ADMIN_SEGMENT, "198.51.100.1")),
      );
    };
    /** The admin's waiting requests (Ordini) and the mode (Impostazioni), as their loaders give them. */
    const adminPage = async () => {
      const cookie = (await signInCookie(services, new Request(ORIGIN))).split(";")[0]!;
      const get = (path: string) =>
        args(
          new Request(`${ORIGIN}/${ADMIN_SEGMENT}/${path}`, { headers: { cookie } }),
          ADMIN_SEGMENT,
          "198.51.100.1",
        );
      const [list, settings] = await Promise.all([
        adminOrders.loader(get("ordini")),
        adminSettings.loader(get("impostazioni")),
      ]);
      return { data: { refundRequests: { mode: settings.refundMode, waiting: list.refundRequests } } };
    };
    const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
    const requestRow = async (id: string) =>
      (await db().select().from(refundRequests).where(eq(refundRequests.orderId, id)))[0];
    const mailsTo = async (to: string) =>
      (await db().select().from(emailOutbox).where(eq(emailOutbox.to, to))).map((m) => m.template);

    /** A paid Stripe order and the token of its delivery e-mail's link. */
    async function paidOrder(email = "buyer@example.com") {
      const { orderId } = await createOrder(services, { email });
      const pending = await orderRow(orderId);
      const session = stripe.pay(pending.providerSessionId!);
      await fulfilOrder(db(), services.links, { orderId, paymentIntentId: session.payment_intent });
      const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));
      const t = new URL(String((mail!.payload as { link: string }).link)).searchParams.get("t")!;
      return { order: await orderRow(orderId), t };
    }
    const immediate = () => admin({ intent: "refund-mode", mode: "immediate", share: "50" });

    it("reviews first, then refunds at once in immediate mode: access ends, both e-mails are queued", async () => {
      expect((await immediate()).body.ok).toBe(true);
      const { order, t } = await paidOrder();
      expect((await visit(t)).guarantee).toMatchObject({ state: "open" });

      const review = await post({ intent: "refund-review", t, reason: "  Not what I needed  " });
      expect(review.body).toEqual({ intent: "refund-review", reason: "Not what I needed" });
      // The review step changes nothing.
      expect(await requestRow(order.id)).toBeUndefined();
      expect(stripe.refunds).toHaveLength(0);

      const done = await post({ intent: "refund", t, reason: "Not what I needed" });
      expect(done).toMatchObject({ status: 200, body: { outcome: "refunded", ok: true } });
      expect(stripe.refunds).toHaveLength(1);
      expect(stripe.refunds[0]).toMatchObject({ payment_intent: order.paymentIntentId });
      expect(stripe.refunds[0]!.idempotencyKey).toMatch(/^refund-/);
      expect((await orderRow(order.id)).status).toBe("refunded");
      expect(await requestRow(order.id)).toMatchObject({ status: "refunded", reason: "Not what I needed" });
      expect((await visit(t)).view).toBe("lost-link");
      expect(await mailsTo("buyer@example.com")).toEqual(["delivery", "refund-confirmed"]);
      expect(await mailsTo("support@shop.test")).toEqual(["refund-request-alert"]);
    });

    it("confirms what this refund gives back when part of the order was refunded before", async () => {
      await immediate();
      const { order, t } = await paidOrder();
      stripe.dashboardRefund(order.paymentIntentId!, 1000);
      const done = await post({ intent: "refund", t, reason: "" });
      expect(done.body).toMatchObject({ outcome: "refunded" });
      const [confirmed] = await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, "buyer@example.com"), eq(emailOutbox.template, "refund-confirmed")));
      expect(confirmed?.payload).toMatchObject({ amountCents: 3700 });
    });

    it("waits for the owner by default; the admin approves in one click, once", async () => {
      const { order, t } = await paidOrder();
      expect((await adminPage()).data.refundRequests.mode).toBe("approve");
      const asked = await post({ intent: "refund", t, reason: "" });
      expect(asked).toMatchObject({ status: 200, body: { outcome: "requested", ok: true } });
      expect(stripe.refunds).toHaveLength(0);
      expect((await orderRow(order.id)).status).toBe("paid");
      expect((await visit(t)).guarantee).toMatchObject({ state: "requested" });
      expect(await mailsTo("support@shop.test")).toEqual(["refund-request-alert"]);
      expect((await adminPage()).data.refundRequests.waiting).toMatchObject([
        { orderId: order.id, status: "requested", reason: null },
      ]);

      // A second request for the order is answered politely and changes nothing.
      expect((await post({ intent: "refund", t, reason: "again" })).body.outcome).toBe("already-requested");

      const [first, second] = await Promise.all([
        admin({ intent: "refund-approve", orderId: order.id }),
        admin({ intent: "refund-approve", orderId: order.id }),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      expect(stripe.refunds).toHaveLength(1);
      expect((await orderRow(order.id)).status).toBe("refunded");
      expect(await requestRow(order.id)).toMatchObject({ status: "refunded" });
      expect((await adminPage()).data.refundRequests.waiting).toEqual([]);
      expect(await mailsTo("buyer@example.com")).toEqual(["delivery", "refund-confirmed"]);
    });

    it("lets the owner decline a request: no refund, access kept", async () => {
      const { order, t } = await paidOrder();
      await post({ intent: "refund", t, reason: "changed my mind" });
      expect((await admin({ intent: "refund-decline", orderId: order.id })).status).toBe(200);
      expect(stripe.refunds).toHaveLength(0);
      expect((await orderRow(order.id)).status).toBe("paid");
      expect((await visit(t)).guarantee).toMatchObject({ state: "declined" });
      expect((await post({ intent: "refund", t, reason: "" })).body.outcome).toBe("declined");
      expect((await admin({ intent: "refund-approve", orderId: order.id })).status).toBe(409);
    });

    it("makes one row and one refund for two requests at once", async () => {
      await immediate();
      const { order, t } = await paidOrder();
      const answers = await Promise.all([
        post({ intent: "refund", t, reason: "one" }, "203.0.113.1"),
        post({ intent: "refund", t, reason: "two" }, "203.0.113.2"),
      ]);
      const outcomes = answers.map((a) => a.body.outcome).sort();
      // The other one finds the request made (still refunding, or refunded by then): told so, politely.
      expect(outcomes[1]).toBe("refunded");
      expect(["already-refunded", "already-requested"]).toContain(outcomes[0]);
      expect(stripe.refunds).toHaveLength(1);
      expect(await db().select().from(refundRequests)).toHaveLength(1);
      expect(await mailsTo("support@shop.test")).toEqual(["refund-request-alert"]);
      expect((await orderRow(order.id)).status).toBe("refunded");
    });

    it("refuses politely after 30 days, with the support address", async () => {
      await immediate();
      const { order, t } = await paidOrder();
      await db()
        .update(orders)
        .set({ paidAt: new Date(Date.now() - 30 * DAY_MS - 60_000) })
        .where(eq(orders.id, order.id));
      expect((await visit(t)).guarantee).toMatchObject({ state: "expired" });
      const answer = await post({ intent: "refund", t, reason: "" });
      expect(answer).toMatchObject({ status: 403, body: { outcome: "expired", ok: false } });
      expect(answer.body.message).toContain("support@shop.test");
      expect(await requestRow(order.id)).toBeUndefined();
      expect(stripe.refunds).toHaveLength(0);
    });

    it("answers a refunded and a disputed order clearly, and leaves them as they are", async () => {
      await immediate();
      const refunded = await paidOrder("r@example.com");
      await refundOrder(services, refunded.order.id);
      const disputed = await paidOrder("d@example.com");
      await db()
        .update(orders)
        .set({ status: "disputed", disputeStatus: "needs_response" })
        .where(eq(orders.id, disputed.order.id));
      stripe.refunds.length = 0;
      expect(await post({ intent: "refund", t: refunded.t, reason: "" })).toMatchObject({
        status: 409,
        body: { outcome: "already-refunded" },
      });
      expect(await post({ intent: "refund", t: disputed.t, reason: "" })).toMatchObject({
        status: 409,
        body: { outcome: "disputed" },
      });
      expect(stripe.refunds).toHaveLength(0);
      expect(await db().select().from(refundRequests)).toHaveLength(0);
      expect((await orderRow(disputed.order.id)).status).toBe("disputed");
    });

    it("gives a forged, malformed or unknown link the one invalid-link answer", async () => {
      await immediate();
      await paidOrder();
      const answers = await Promise.all(
        (
          [
            { t: "A".repeat(43) },
            { t: "../../v1/refunds" },
            { session_id: "cs_test_made_up" },
            { session_id: "x".repeat(600) },
            {},
          ] as Record<string, string>[]
        ).map((access, i) => post({ intent: "refund", reason: "", ...access }, `192.0.2.${i + 1}`)),
      );
      for (const answer of answers)
        expect(answer).toEqual({
          status: 403,
          body: {
            intent: "refund",
            outcome: "invalid-link",
            ok: false,
            ...GUARANTEE_COPY.answers["invalid-link"],
          },
        });
      expect(stripe.refunds).toHaveLength(0);
      expect(await db().select().from(refundRequests)).toHaveLength(0);
    });

    it("limits one client's requests and bounds the reason", async () => {
      const { t } = await paidOrder();
      expect((await post({ intent: "refund-review", t, reason: "x".repeat(1001) })).status).toBe(400);
      for (let i = 0; i < 5; i++)
        await post({ intent: "refund", t: "B".repeat(43), reason: "" }, "198.51.100.99");
      const limited = await post({ intent: "refund", t, reason: "" }, "198.51.100.99");
      expect(limited).toMatchObject({ status: 429, body: { outcome: "rate-limited" } });
      expect(await db().select().from(refundRequests)).toHaveLength(0);
    });

    it("keeps a request the provider refused waiting for the owner, marked failed", async () => {
      await immediate();
      const { order, t } = await paidOrder();
      // Refunded in the Stripe Dashboard before the store heard of it: Stripe refuses a second refund.
      stripe.dashboardRefund(order.paymentIntentId!);
      const answer = await post({ intent: "refund", t, reason: "" });
      expect(answer.body.outcome).toBe("requested");
      expect(await requestRow(order.id)).toMatchObject({ status: "failed" });
      expect((await orderRow(order.id)).status).toBe("paid");
      expect((await adminPage()).data.refundRequests.waiting).toMatchObject([
        { orderId: order.id, status: "failed" },
      ]);
    });
  });
}
