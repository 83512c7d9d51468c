import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CHECKOUT_LIMITS } from "#app/lib/checkout/checkout-rate-limit.server.ts";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import * as checkout from "#app/routes/checkout.tsx";
import { orders } from "#db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type TestServices, testServices } from "../setup/services.ts";

type ActionAnswer = { init: { status: number } | null; data: { error: { title: string; message: string } } };

/**
 * Checkout is limited per IP and per e-mail address before an order is written or Stripe is
 * called (issue 13, item 10: 40 pending orders, each a real Checkout Session, in 0.6 s before).
 */
for (const backend of testBackends()) {
  describe(`checkout rate limit on ${backend.name}`, () => {
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
      services = await testServices(backend, {
        STRIPE_SECRET_KEY: "sk_test_store",
        STRIPE_WEBHOOK_SECRET: "whsec_rate_limit",
        STRIPE_API_BASE: stripe.url,
      });
      await seedProduct(services);
      stripe.requests.length = 0;
    });
    afterEach(() => services.dispose());

    const buy = (email: string, ip: string) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(clientIpContext, ip);
      const request = new Request("http://shop.test/checkout", {
        method: "POST",
        body: new URLSearchParams({ intent: "buy", email, consent: "on" }),
      });
      return checkout.action({ request, context, params: {}, unstable_pattern: "" } as never) as Promise<
        Response | ActionAnswer
      >;
    };
    const status = (answer: Response | ActionAnswer) =>
      answer instanceof Response ? answer.status : (answer.init?.status ?? 200);
    const sessionsCreated = () =>
      stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/checkout/sessions").length;
    const orderCount = async () => (await services.database.db.select().from(orders)).length;

    it("refuses the order after the network's limit, counting every address of the network, with no order and no Checkout Session", async () => {
      const { limit } = CHECKOUT_LIMITS.perNetwork;
      for (let i = 0; i < limit; i++)
        expect(status(await buy(`buyer${i}@example.com`, `198.51.100.${i + 1}`))).toBe(303);
      expect(sessionsCreated()).toBe(limit);

      const refused = await buy("one-more@example.com", "198.51.100.250");
      expect(status(refused)).toBe(429);
      expect((refused as ActionAnswer).data.error.message).toContain("Please wait a few minutes");
      expect(await orderCount()).toBe(limit);
      expect(sessionsCreated()).toBe(limit);

      // Another network's buyers are not affected.
      expect(status(await buy("neighbour@example.com", "198.51.101.8"))).toBe(303);
    });

    it("refuses the order after the per-address limit from one network, whatever the IP in it", async () => {
      const { limit } = CHECKOUT_LIMITS.perAddress;
      for (let i = 0; i < limit; i++)
        expect(status(await buy("Same@Example.com", `203.0.113.${i}`))).toBe(303);

      const refused = await buy("SAME@example.com", "203.0.113.200");
      expect(status(refused)).toBe(429);
      expect(await orderCount()).toBe(limit);
      expect(sessionsCreated()).toBe(limit);
      expect(status(await buy("other@example.com", "203.0.113.200"))).toBe(303);
    });

    it("a stranger's checkouts with a buyer's address do not lock the buyer out", async () => {
      const { limit } = CHECKOUT_LIMITS.perAddress;
      for (let i = 0; i <= limit; i++) await buy("buyer@example.com", `203.0.113.${i}`);
      expect(status(await buy("buyer@example.com", "203.0.113.99"))).toBe(429);

      expect(status(await buy("buyer@example.com", "198.51.100.20"))).toBe(303);
      expect(status(await buy("buyer@example.com", "2001:db8:5::1"))).toBe(303);
    });
  });
}
