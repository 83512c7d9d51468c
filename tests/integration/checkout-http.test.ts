import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { TEST_SELLER } from "../setup/seller.ts";
import { type RunningServer, startServer } from "../setup/server.ts";

/** The checkout and webhook endpoints as a browser or Stripe reaches them, on a store with no product. */
describe("checkout over HTTP without a product", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it("says the toolkit is unavailable instead of showing the form", async () => {
    const html = await (await fetch(`${server.url}/checkout`)).text();
    expect(html).toContain("The toolkit is temporarily unavailable");
    expect(html).not.toContain('name="email"');
  });

  it("takes no order when the form is posted anyway", async () => {
    const response = await fetch(`${server.url}/checkout`, {
      method: "POST",
      body: new URLSearchParams({ intent: "buy", email: "a@b.co", consent: "on" }),
      redirect: "manual",
    });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("No payment has been taken.");
  });

  it.each([
    ["empty", "", "Please enter your email address to continue."],
    ["malformed", "not-an-email", "Please enter a valid email address"],
    ["10 KB", `${"a".repeat(10_240)}@example.com`, "Please enter a valid email address"],
    ["hostile", "<script>alert(1)</script>@x.co", "Please enter a valid email address"],
  ])("refuses an %s e-mail with a clear message", async (_name, email, message) => {
    const response = await fetch(`${server.url}/checkout`, {
      method: "POST",
      body: new URLSearchParams({ intent: "buy", email }),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message);
    expect(html).not.toContain("<script>alert(1)</script>");
  });

  it("refuses a filled-in honeypot", async () => {
    const response = await fetch(`${server.url}/checkout`, {
      method: "POST",
      body: new URLSearchParams({ intent: "buy", email: "bot@example.com", website: "http://spam.example" }),
      redirect: "manual",
    });
    expect(response.status).toBe(400);
  });

  it("answers the Stripe webhook with 404 while Stripe is not configured", async () => {
    const response = await fetch(`${server.url}/webhooks/stripe`, { method: "POST", body: "{}" });
    expect(response.status).toBe(404);
  });
});

describe("the Stripe webhook over HTTP", () => {
  const secret = "whsec_http_test_secret";
  let stripe: FakeStripe;
  let server: RunningServer;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startServer({
      STRIPE_SECRET_KEY: "sk_test_http",
      STRIPE_WEBHOOK_SECRET: secret,
      ...TEST_SELLER,
      STRIPE_API_BASE: stripe.url,
    });
  });
  afterAll(async () => {
    await server.stop();
    await stripe.close();
  });

  const post = (body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/webhooks/stripe`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", ...headers },
    });
  const event = (id: string) =>
    JSON.stringify({
      id,
      object: "event",
      type: "checkout.session.expired",
      data: { object: { id: "cs_test_unknown" } },
    });

  it("accepts a signed event and acknowledges a repeat as a duplicate", async () => {
    const payload = event("evt_http_1");
    const header = new Stripe("sk_test_x").webhooks.generateTestHeaderString({ payload, secret });
    const first = await post(payload, { "stripe-signature": header });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const again = await post(payload, { "stripe-signature": header });
    expect(await again.json()).toEqual({ received: true, duplicate: true });
  });

  it("acknowledges signed bodies it cannot use (an array, no type, a foreign order id) with a warn line, no stack", async () => {
    const sdk = new Stripe("sk_test_x");
    const bodies = [
      [],
      { id: "evt_http_no_type", object: "event", data: { object: {} } },
      {
        id: "evt_http_foreign",
        object: "event",
        type: "checkout.session.completed",
        livemode: false,
        data: {
          object: {
            id: "cs_test_other",
            object: "checkout.session",
            status: "complete",
            payment_status: "paid",
            client_reference_id: "other-shop-order-42",
            metadata: {},
            payment_intent: "pi_other",
            amount_total: 1000,
            currency: "usd",
          },
        },
      },
    ];
    for (const body of bodies) {
      const payload = JSON.stringify(body);
      const header = sdk.webhooks.generateTestHeaderString({ payload, secret });
      expect((await post(payload, { "stripe-signature": header })).status).toBe(200);
    }
    const log = server.output();
    expect(log).toContain("stripe event malformed");
    expect(log).toContain("does not know");
    expect(log).not.toMatch(/"stack"|\n\s+at /);
  });

  it("refuses unsigned, forged and oversized deliveries", async () => {
    expect((await post(event("evt_http_2"))).status).toBe(400);
    expect((await post(event("evt_http_3"), { "stripe-signature": "t=1,v1=deadbeef" })).status).toBe(400);
    expect(
      (await post(new Uint8Array(2 * 1024 * 1024).fill(32), { "stripe-signature": "t=1,v1=x" })).status,
    ).toBe(413);
    expect((await fetch(`${server.url}/webhooks/stripe`)).status).toBe(405);
  });
});
