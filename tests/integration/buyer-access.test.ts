import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createOrder } from "#app/lib/checkout/create-order.server.ts";
import { findPaidOrder } from "#app/lib/checkout/find-paid-order.server.ts";
import { resolveLostLinkRequests } from "#app/lib/checkout/send-lost-link.server.ts";
import { fulfilOrder } from "#app/lib/orders/fulfil-order.server.ts";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import { handleSuccessAction } from "#app/routes/buyer/success.server.ts";
import * as successAnswer from "#app/routes/buyer/success-answer.ts";
import * as payTest from "#app/routes/pay-test.tsx";
import * as secret from "#app/routes/secret.tsx";
import { emailOutbox, lostLinkRequests, orders } from "#db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { startSeededServer } from "../setup/seeded-server.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const SUCCESS = "http://shop.test/thank-you-secret-0123456789";
const DAY_MS = 24 * 60 * 60_000;

/** A loader's or action's value, whether it was returned plainly or wrapped by `data()` with a status. */
function unwrap<T>(value: unknown): { body: T; status: number } {
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const wrapped = value as unknown as { data: T; init: { status?: number } | null };
    return { body: wrapped.data, status: wrapped.init?.status ?? 200 };
  }
  return { body: value as T, status: 200 };
}

type SuccessBody = {
  page: "success";
  data: {
    view?: string;
    order: Record<string, unknown> | null;
    access: unknown;
  };
};

/** The buyer's side of a purchase: the success page, the e-mail links and the lost-link form. */
for (const backend of testBackends()) {
  describe(`the buyer's access on ${backend.name}`, () => {
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
      services = await testServices(backend, {
        STRIPE_SECRET_KEY: "sk_test_store",
        STRIPE_WEBHOOK_SECRET: "whsec_test_secret_for_the_fake",
        STRIPE_API_BASE: stripe.url,
      });
      await seedProduct(services);
    });
    afterEach(async () => {
      vi.useRealTimers();
      await services.dispose();
    });

    const db = () => services.database.db;
    const args = (request: Request, ip = "203.0.113.7", params: Record<string, string> = {}) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(clientIpContext, ip);
      return {
        request,
        context,
        params: { secret: "thank-you-secret-0123456789", ...params },
        unstable_pattern: "",
        url: new URL(request.url),
      } as never;
    };
    const visit = async (query: Record<string, string>, ip?: string) =>
      unwrap<SuccessBody>(
        await secret.loader(args(new Request(`${SUCCESS}?${new URLSearchParams(query)}`), ip)),
      );
    const post = (form: Record<string, string>, path = SUCCESS) =>
      new Request(path, { method: "POST", body: new URLSearchParams(form) });
    const sessionCalls = () =>
      stripe.requests.filter((r) => r.method === "GET" && r.path.startsWith("/v1/checkout/sessions/"));
    const mails = () => db().select().from(emailOutbox).orderBy(emailOutbox.id);
    const tokenOf = (mail: { payload: unknown }) =>
      new URL(String((mail.payload as { link: string }).link)).searchParams.get("t")!;

    async function pendingOrder(email = "buyer@example.com") {
      const { orderId } = await createOrder(services, { email });
      return (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
    }
    async function paidOrder(email = "buyer@example.com") {
      const order = await pendingOrder(email);
      const session = stripe.pay(order.providerSessionId!);
      const { order: paid } = await fulfilOrder(db(), services.links, {
        orderId: order.id,
        paymentIntentId: session.payment_intent,
      });
      return paid!;
    }
    const askForLostLink = async (email: string, ip: string) =>
      unwrap<{ ok: boolean; message: string }>(
        await handleSuccessAction(services, post({ intent: "lost-link", email }), ip),
      );
    /** A lost-link request, then the e-mail worker's part once the request is due. */
    const lostLink = async (email: string, ip: string) => {
      const answer = await askForLostLink(email, ip);
      await db().update(lostLinkRequests).set({ dueAt: new Date() });
      await resolveLostLinkRequests(db(), services.links);
      return answer;
    };

    describe("the lost-link form", () => {
      it("answers before it looks the address up; the e-mail is queued 0.2 to 1 s after the answer", async () => {
        await paidOrder("buyer@example.com");
        const before = (await mails()).length;
        const asked = Date.now();
        const answer = await askForLostLink("buyer@example.com", "198.51.100.1");
        expect(answer.body).toMatchObject({ ok: true });
        // The answer is out, and nothing about the address has happened yet.
        const [request] = await db().select().from(lostLinkRequests);
        expect(request!.dueAt.getTime() - asked).toBeGreaterThanOrEqual(150);
        expect(request!.dueAt.getTime() - asked).toBeLessThan(1_500);
        expect(await resolveLostLinkRequests(db(), services.links)).toBe(0);
        expect(await mails()).toHaveLength(before);
        await db().update(lostLinkRequests).set({ dueAt: new Date() });
        expect(await resolveLostLinkRequests(db(), services.links)).toBe(1);
        expect(await mails()).toHaveLength(before + 1);
        expect(await db().select().from(lostLinkRequests)).toEqual([]);
      });

      it("answers a request for an address that never bought the same way, and sends nothing", async () => {
        const before = (await mails()).length;
        const answer = await lostLink("stranger@example.com", "198.51.100.1");
        expect(answer).toMatchObject({ status: 200, body: { ok: true } });
        expect(await mails()).toHaveLength(before);
        expect(await db().select().from(lostLinkRequests)).toEqual([]);
      });

      it("adds a link per request: the delivery e-mail's link and both new links all work", async () => {
        const order = await paidOrder("buyer@example.com");
        await lostLink("buyer@example.com", "198.51.100.1");
        await lostLink("Buyer@Example.com", "198.51.100.2");
        const tokens = (await mails()).map(tokenOf);
        expect(new Set(tokens).size).toBe(3);
        for (const token of tokens) expect((await findPaidOrder(services, { token }))?.id).toBe(order.id);
      });

      it("a stranger who knows the address neither kills the buyer's link nor locks the buyer out", async () => {
        const order = await paidOrder("buyer@example.com");
        const [delivery] = await mails();
        // From eight addresses of one network: five requests pass the network's limit.
        for (let i = 0; i < 8; i++) {
          const answer = await lostLink("buyer@example.com", `192.0.2.${i + 10}`);
          expect(answer.status).toBe(i < 5 ? 200 : 429);
        }
        // The per-address limit caps the e-mails the stranger's network gets sent: three.
        expect(await mails()).toHaveLength(1 + 3);
        // The buyer's own request, from another network, is answered and e-mailed, and the e-mail
        // they already have still works.
        expect(await lostLink("buyer@example.com", "198.51.100.9")).toMatchObject({
          status: 200,
          body: { ok: true },
        });
        expect(await mails()).toHaveLength(1 + 3 + 1);
        expect((await findPaidOrder(services, { token: tokenOf(delivery!) }))?.id).toBe(order.id);
      });

      it("still limits one client's requests", async () => {
        for (let i = 0; i < 5; i++)
          expect((await lostLink(`a${i}@example.com`, "198.51.100.3")).status).toBe(200);
        expect(await lostLink("a9@example.com", "198.51.100.3")).toMatchObject({
          status: 429,
          body: { ok: false, message: "Too many requests. Please wait a few minutes and try again." },
        });
      });
    });

    describe("the success page and Stripe", () => {
      it("asks Stripe nothing for a malformed or unknown session id", async () => {
        await pendingOrder();
        for (const sessionId of [
          "cs_test_made_up",
          "cs_live_abc!",
          "x".repeat(600),
          "../../v1/refunds",
          "%00",
          "test_cs_abc",
          `cs_test_${"a1B2".repeat(15)}`,
        ]) {
          const page = await visit({ session_id: sessionId });
          expect(page.status).toBe(200);
          expect(page.body.data.order).toBeNull();
        }
        expect(sessionCalls()).toHaveLength(0);
      });

      it("asks Stripe nothing for an order we already know is paid", async () => {
        const order = await paidOrder();
        const page = await visit({ session_id: order.providerSessionId! });
        expect(sessionCalls()).toHaveLength(0);
        expect(page.body.data).toMatchObject({ view: "paid", order: { reference: order.reference } });
      });

      it("asks Stripe once per session within a few seconds, however often the page is loaded", async () => {
        const order = await pendingOrder();
        for (let i = 0; i < 5; i++) await visit({ session_id: order.providerSessionId! });
        expect(sessionCalls()).toHaveLength(1);
      });

      it("limits the Stripe lookups one client can cause", async () => {
        const pending = [];
        for (let i = 0; i < 21; i++) pending.push(await pendingOrder(`p${i}@example.com`));
        const statuses = [];
        for (const order of pending)
          statuses.push((await visit({ session_id: order.providerSessionId! })).status);
        expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
        const limited = await visit({ session_id: pending[20]!.providerSessionId! });
        expect(limited).toMatchObject({ status: 429, body: { data: { view: "confirming" } } });
        expect(sessionCalls()).toHaveLength(20);
        // Another client is not affected.
        expect((await visit({ session_id: pending[20]!.providerSessionId! }, "198.51.100.50")).status).toBe(
          200,
        );
      });

      it("answers a friendly page, not a 500, when Stripe cannot be reached", async () => {
        const down = await startFakeStripe();
        const offline = await testServices(backend, {
          STRIPE_SECRET_KEY: "sk_test_store",
          STRIPE_WEBHOOK_SECRET: "whsec_x",
          STRIPE_API_BASE: down.url,
        });
        try {
          await seedProduct(offline);
          const { orderId } = await createOrder(offline, { email: "buyer@example.com" });
          const [order] = await offline.database.db.select().from(orders).where(eq(orders.id, orderId));
          await down.close();
          const context = new RouterContextProvider();
          context.set(servicesContext, offline);
          context.set(clientIpContext, "203.0.113.7");
          const request = new Request(`${SUCCESS}?session_id=${order!.providerSessionId}`);
          const page = unwrap<SuccessBody>(
            await secret.loader({
              request,
              context,
              params: { secret: "thank-you-secret-0123456789" },
              unstable_pattern: "",
              url: new URL(request.url),
            } as never),
          );
          expect(page).toMatchObject({ status: 503, body: { data: { view: "confirming", order: null } } });
        } finally {
          await offline.dispose();
        }
      });

      it("shows 'payment processing' for a completed but unpaid session, never the lost-link form", async () => {
        const order = await pendingOrder("slow@example.com");
        Object.assign(stripe.sessions.get(order.providerSessionId!)!, {
          status: "complete",
          payment_status: "unpaid",
        });
        const page = await visit({ session_id: order.providerSessionId! });
        expect(page).toMatchObject({
          status: 200,
          body: { data: { view: "processing", order: { email: "slow@example.com" }, access: null } },
        });
        // An order the webhook already marked processing shows the same page.
        const other = await pendingOrder("voucher@example.com");
        await db().update(orders).set({ status: "processing" }).where(eq(orders.id, other.id));
        expect((await visit({ session_id: other.providerSessionId! })).body.data.view).toBe("processing");
      });

      it("opens the download with a session id for 24 hours after payment, then points to the e-mail", async () => {
        const order = await paidOrder();
        const [mail] = await mails();
        vi.useFakeTimers({ toFake: ["Date"] });
        vi.setSystemTime(order.paidAt!.getTime() + DAY_MS - 60_000);
        expect((await visit({ session_id: order.providerSessionId! })).body.data.access).not.toBeNull();
        vi.setSystemTime(order.paidAt!.getTime() + DAY_MS + 60_000);
        const page = await visit({ session_id: order.providerSessionId! });
        expect(page.body.data).toMatchObject({ order: null, access: null, view: "session-expired" });
        const download = unwrap(
          await handleSuccessAction(
            services,
            post({ intent: "download", session_id: order.providerSessionId! }),
            "203.0.113.7",
          ),
        );
        expect(download.status).toBe(403);
        // The e-mail's link still opens it.
        expect((await visit({ t: tokenOf(mail!) })).body.data.view).toBe("paid");
      });

      it("shows buyers the order's reference, never its sequential number", async () => {
        const order = await paidOrder();
        const page = await visit({ session_id: order.providerSessionId! });
        expect(page.body.data.order).toMatchObject({ reference: order.reference });
        expect(page.body.data.order).not.toHaveProperty("number");
        expect(JSON.stringify(page.body)).not.toContain(`"${order.number}"`);
        const [mail] = await mails();
        expect(mail!.payload).toMatchObject({ reference: order.reference });
        expect(mail!.payload).not.toHaveProperty("orderNumber");
      });
    });

    describe("Download Now", () => {
      it("redirects a whole-document post to the file and answers the page script with the link as JSON", async () => {
        const order = await paidOrder();
        const form = { intent: "download", session_id: order.providerSessionId! };
        const document = (await handleSuccessAction(services, post(form), "203.0.113.7")) as Response;
        expect(document.status).toBe(303);
        expect(document.headers.get("location")).toMatch(/^\/download\/[\w-]+\.[\w-]+$/);
        // The page script's post (app/enhance/success.ts) gets the same link as JSON.
        const json = await successAnswer.action(args(post(form, `${SUCCESS}/answer`)));
        expect(json.status).toBe(200);
        expect(json.headers.get("content-type")).toMatch(/^application\/json/);
        expect(await json.json()).toEqual({
          intent: "download",
          url: expect.stringMatching(/^\/download\/[\w-]+\.[\w-]+$/),
        });
        // A link that opens no order: the error, as JSON with its status.
        const refused = await successAnswer.action(
          args(post({ intent: "download", session_id: "cs_made_up" }, `${SUCCESS}/answer`)),
        );
        expect(refused.status).toBe(403);
        expect(await refused.json()).toMatchObject({
          intent: "download",
          error: { title: "Download error" },
        });
      });

      it("answers the page script only at the success page's own secret path", async () => {
        const order = await paidOrder();
        const form = { intent: "download", session_id: order.providerSessionId! };
        const request = post(form, "http://shop.test/not-the-secret/answer");
        await expect(
          successAnswer.action(args(request, "203.0.113.7", { secret: "not-the-secret" })),
        ).rejects.toMatchObject({
          init: { status: 404 },
        });
        // A GET (a crawler, a typed URL) is answered, not logged as a failed request.
        expect(successAnswer.loader().status).toBe(405);
      });
    });
  });
}

/** The test-mode payment page, which buyers see too. */
describe("the test payment page", () => {
  const backend = testBackends()[0]!;
  let services: TestServices;
  beforeEach(async () => {
    services = await testServices(backend);
    await seedProduct(services);
  });
  afterEach(() => services.dispose());

  it("shows the order's reference, not its number", async () => {
    const { orderId } = await createOrder(services, { email: "a@b.co" });
    const [order] = await services.database.db.select().from(orders).where(eq(orders.id, orderId));
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    const request = new Request(`http://shop.test/pay/test/${order!.providerSessionId}`);
    const data = await payTest.loader({
      request,
      context,
      params: { session: order!.providerSessionId! },
      unstable_pattern: "",
      url: new URL(request.url),
    } as never);
    expect(data).toMatchObject({ reference: order!.reference });
    expect(data).not.toHaveProperty("number");
  });
});

/** The success page as a browser gets it from the built server while Stripe cannot be reached. */
describe("the success page over HTTP while Stripe is down", () => {
  const backend = testBackends()[0]!;
  let stripe: FakeStripe;
  let seeded: Awaited<ReturnType<typeof startSeededServer>>;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    seeded = await startSeededServer(backend, {
      SUCCESS_PATH: "thank-you-secret-0123456789",
      STRIPE_SECRET_KEY: "sk_test_http",
      STRIPE_WEBHOOK_SECRET: "whsec_http",
      STRIPE_API_BASE: stripe.url,
    });
  }, 120_000);
  afterAll(async () => {
    await seeded.server.stop();
    await stripe.close().catch(() => {});
  });

  it("answers a page that asks the buyer to reload, with 503, not a 500", async () => {
    const ordered = await fetch(`${seeded.server.url}/checkout`, {
      method: "POST",
      body: new URLSearchParams({ intent: "buy", email: "buyer@example.com", consent: "on" }),
      redirect: "manual",
    });
    expect(ordered.status).toBe(303);
    const sessionId = new URL(ordered.headers.get("location")!).pathname.split("/").at(-1)!;
    expect(sessionId).toMatch(/^cs_test_/);
    await stripe.close();
    const page = await fetch(`${seeded.server.url}/thank-you-secret-0123456789?session_id=${sessionId}`);
    expect(page.status).toBe(503);
    const html = await page.text();
    expect(html).toContain("Confirming your payment");
    expect(html).toContain("Please reload this page in a moment");
    expect(html).not.toContain("Download Now");
  });
});
