import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPurchase } from "#app/lib/checkout/find-paid-order.server.ts";
import type { PaymentProvider } from "#app/lib/payments/payment-provider.ts";
import { orders } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const SESSION = "test_cs_same-id-in-two-stores";

/** Two stores in one process, as the tests and a multi-store host build them. */
describe("two stores in one process", () => {
  const backend = testBackends()[0]!;
  let first: TestServices;
  let second: TestServices;
  beforeAll(async () => {
    [first, second] = await Promise.all([testServices(backend), testServices(backend)]);
  });
  afterAll(async () => {
    await Promise.all([first?.dispose(), second?.dispose()]);
  });

  const pendingOrder = async (services: TestServices) => {
    const [order] = await services.database.db
      .insert(orders)
      .values({ email: "buyer@example.com", amountCents: 4700, provider: "test", providerSessionId: SESSION })
      .returning();
    return order!;
  };

  it("answers each buyer from their own store's provider, never from the other store's cached answer", async () => {
    await pendingOrder(first);
    const secondOrder = await pendingOrder(second);
    // The first store's provider says the session is not paid yet: that answer is kept a few seconds.
    expect(await findPurchase(first, { sessionId: SESSION }, { ip: "198.51.100.7" })).toEqual({
      kind: "none",
    });

    // The second store's provider has the payment (its webhook has not arrived yet).
    const paidAtProvider: PaymentProvider = Object.assign(Object.create(second.payments), {
      getSession: async (id: string) => ({ ...(await second.payments.getSession(id))!, paid: true }),
    });
    const purchase = await findPurchase(
      { ...second, payments: paidAtProvider },
      { sessionId: SESSION },
      { ip: "198.51.100.7" },
    );
    expect(purchase).toMatchObject({ kind: "paid", order: { id: secondOrder.id, status: "paid" } });
  });
});
