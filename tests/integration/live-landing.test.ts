import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { TEST_SELLER } from "../setup/seller.ts";
import { type RunningServer, startServer } from "../setup/server.ts";

/**
 * A live store's landing page says only what the store has recorded (ADR 038): a fresh one, with no
 * promotion, sale or review, shows its price and nothing else it cannot prove.
 */
describe("a fresh live store's landing page", () => {
  let stripe: FakeStripe;
  let server: RunningServer;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    server = await startServer({
      ...TEST_SELLER,
      STRIPE_SECRET_KEY: "sk_test_live_landing",
      STRIPE_WEBHOOK_SECRET: "whsec_live_landing",
      STRIPE_API_BASE: stripe.url,
      RECONCILE_INTERVAL_S: "0",
    });
  });
  afterAll(async () => {
    await server.stop();
    await stripe.close();
  });

  it("shows the regular price and no countdown, reduction, sale, review or invented figure", async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/data-testid="hero-price">\$47\.00</);
    for (const claim of [
      "LIMITED TIME",
      "Ends in",
      "Save 63%",
      "$127",
      "Limited time price",
      'type="application/json" data-proof-cards',
      "<dialog",
      "Loved by Coaches",
      "500+ reviews",
      "2,000+ coaches",
      "Test mode",
    ]) {
      expect(html, claim).not.toContain(claim);
    }
    // The offer in the structured data is the price a buyer pays.
    expect(html).toContain('"price":"47.00"');
  });

  it("is rendered once and answered from memory: the same bytes and ETag, its script inside and allowed by its policy", async () => {
    const [first, second] = await Promise.all([fetch(`${server.url}/`), fetch(`${server.url}/`)]);
    const [a, b] = [await first.text(), await second.text()];
    expect(a).toBe(b);
    expect(first.headers.get("etag")).toBe(second.headers.get("etag"));
    expect(a).toContain("data-inlined-from=");
    const policy = first.headers.get("content-security-policy") ?? "";
    expect(policy).toMatch(/script-src[^;]*'sha256-/);
  });
});
