import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paysForOrder } from "#app/lib/payments/payment-provider.ts";
import { type SessionFields, sessionStatus } from "#app/lib/payments/stripe-provider.server.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";

/** What the store reads from a Checkout Session as Stripe sends it, and which sessions pay an order. */
describe("a Checkout Session as the store reads it", () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());

  const completed = () => fake.lastEvent("checkout.session.completed").data.object as SessionFields;

  it("takes a session that required no payment for neither paid nor the payment of an order, even its own", () => {
    fake.foreignSession({ client_reference_id: "order-1", amount: 0 });
    const free = sessionStatus(completed());
    expect(free).toMatchObject({ paid: false, processing: false, completedWithoutPayment: true });
    // Were the order's own session free (the store never makes one), it would still not pay the order.
    const order = { providerSessionId: free.id, amountCents: 0, currency: "usd" };
    expect(paysForOrder(free, order)).toBe(false);
    fake.foreignSession({ client_reference_id: "order-1", mode: "setup" });
    expect(sessionStatus(completed())).toMatchObject({ paid: false, completedWithoutPayment: true });
  });

  it("takes a paid session for the payment of its own order only", () => {
    fake.foreignSession({ client_reference_id: "order-1", amount: 4700 });
    const paid = sessionStatus(completed());
    expect(paid).toMatchObject({ paid: true, completedWithoutPayment: false });
    expect(paysForOrder(paid, { providerSessionId: paid.id, amountCents: 4700, currency: "usd" })).toBe(true);
    expect(paysForOrder(paid, { providerSessionId: "cs_other", amountCents: 4700, currency: "usd" })).toBe(
      false,
    );
  });
});
