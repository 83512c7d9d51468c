import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveFiscalSettings } from "#app/lib/books/fiscal-settings.server.ts";
import { createOrder } from "#app/lib/checkout/create-order.server.ts";
import { type Jobs, startJobs } from "#app/lib/jobs.server.ts";
import { romeDay } from "#app/lib/pricing/rome-time.ts";
import { exchangeRates, invoiceRequests, invoices, orders } from "#db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { testBackends } from "../setup/databases.ts";
import { fatturaPaSchemaErrors } from "../setup/fatturapa-xsd.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { stripeTestServices, type TestServices } from "../setup/services.ts";

const WEBHOOK_SECRET = "whsec_invoice_events";

/**
 * Stripe's events, through the store's webhook, with the store's jobs running: the payment issues
 * the requested invoice, the refund its credit note, each at once and once, however often Stripe
 * delivers.
 */
for (const backend of testBackends()) {
  describe(`invoices from Stripe's events on ${backend.name}`, () => {
    let stripe: FakeStripe;
    let services: TestServices;
    let jobs: Jobs;

    beforeAll(async () => {
      stripe = await startFakeStripe();
      services = await stripeTestServices(backend, stripe, WEBHOOK_SECRET);
      await seedProduct(services);
      jobs = await startJobs(services);
    });
    afterAll(async () => {
      await jobs.stop();
      await services.dispose();
      await stripe.close();
      await backend.cleanup();
    });

    it("a paid order's requested invoice, then one credit note for its refund delivered twice", async () => {
      const { db } = services.database;
      await saveFiscalSettings(db, {
        regime: "ordinario",
        codiceFiscale: null,
        street: "Via Roma 1",
        postcode: "20121",
        city: "Milano",
        province: "MI",
        series: "FT",
        requestDays: 10,
        euConsumerSalesAboveThreshold: true,
        flatRateForeignBusinessNatura: "N2.1",
      });
      await db
        .insert(exchangeRates)
        .values({ day: romeDay(new Date()), currency: "USD", perEuro: 1.05 })
        .onConflictDoNothing();
      const { orderId } = await createOrder(services, { email: "buyer@example.com" });
      await db.insert(invoiceRequests).values({
        orderId,
        buyerType: "business",
        via: "checkout",
        buyer: {
          name: { company: "Coaching & Co. S.r.l." },
          vatNumber: "IT00743110157",
          address: {
            street: "Via Torino 2",
            postcode: "10121",
            city: "Torino",
            province: "TO",
            country: "IT",
          },
          delivery: { codiceDestinatario: "M5UXCR1" },
        },
      });
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      const session = stripe.pay(order!.providerSessionId!);
      expect((await stripe.deliver(stripe.lastEvent("checkout.session.completed"))).status).toBe(200);
      await expect
        .poll(async () => (await db.select().from(invoices)).map((i) => i.kind), { timeout: 10_000 })
        .toEqual(["invoice"]);

      stripe.dashboardRefund(session.payment_intent!, 1000);
      const refunded = stripe.lastEvent("charge.refunded");
      for (const event of [refunded, refunded]) expect((await stripe.deliver(event)).status).toBe(200);
      await expect.poll(async () => (await db.select().from(invoices)).length, { timeout: 10_000 }).toBe(2);
      await jobs.stop();
      const documents = await db.select().from(invoices).orderBy(invoices.number);
      expect(documents.map((d) => [d.kind, d.number, d.chargedCents])).toEqual([
        ["invoice", 1, order!.amountCents],
        ["credit-note", 2, 1000],
      ]);
      expect(documents[1]).toMatchObject({ creditNoteOf: documents[0]!.id, totalCents: 952 });
      for (const document of documents) expect(await fatturaPaSchemaErrors(document.xml)).toEqual([]);
    });
  });
}
