import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { saveFiscalSettings } from "#app/lib/books/fiscal-settings.server.ts";
import { issueDueDocuments } from "#app/lib/books/issue-invoices.server.ts";
import { quarterOf } from "#app/lib/books/period.ts";
import { buildRegisters } from "#app/lib/books/registers.server.ts";
import { createOrder } from "#app/lib/checkout/create-order.server.ts";
import { findPaidOrder } from "#app/lib/checkout/find-paid-order.server.ts";
import { romeDay } from "#app/lib/pricing/rome-time.ts";
import { exchangeRates, invoiceRequests, invoices, orders } from "#db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { type FakeVies, startFakeVies } from "../mocks/vies.ts";
import { testBackends } from "../setup/databases.ts";
import { fatturaPaSchemaErrors } from "../setup/fatturapa-xsd.ts";
import { TEST_FISCAL_SETTINGS } from "../setup/seed-invoices.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { stripeTestServices, type TestServices } from "../setup/services.ts";

const WEBHOOK_SECRET = "whsec_checkout_tax_id";

/** A German business buying on Stripe's page: its name, billing address and VAT number, as Stripe collects them. */
const GERMAN_BUSINESS = {
  country: "DE",
  name: "Anna Schmidt",
  businessName: "Muster GmbH",
  line1: "Hauptstraße 3",
  postalCode: "10115",
  city: "Berlin",
  taxIds: [{ type: "eu_vat", value: "DE136695976" }],
};

/**
 * With STRIPE_TAX on, Stripe Checkout collects a business's tax ID: such a sale is invoiced by the
 * store as a business's, whichever of the webhook and the success page learns of the payment first.
 */
for (const backend of testBackends()) {
  // Each test starts a store of its own (migrations included), slow on PGlite on a busy machine.
  describe(`a business's tax ID given on Stripe's page, on ${backend.name}`, { timeout: 120_000 }, () => {
    let stripe: FakeStripe;
    let vies: FakeVies;
    let services: TestServices;
    beforeAll(async () => {
      // A live account: a test payment's invoice would be a test document, outside the registers.
      stripe = await startFakeStripe(0, { livemode: true });
      // VIES confirms the German business's number, so its sale is reverse-charged.
      vies = await startFakeVies();
      vies.registered.set("DE136695976", "Muster GmbH");
    });
    afterAll(async () => {
      await Promise.all([stripe.close(), vies.close()]);
      await backend.cleanup();
    });
    afterEach(() => services.dispose());

    const start = async () => {
      services = await stripeTestServices(backend, stripe, WEBHOOK_SECRET, {
        STRIPE_SECRET_KEY: "sk_live_store",
        STRIPE_TAX: "on",
        VIES_URL: vies.url,
      });
      await seedProduct(services);
      const { db } = services.database;
      await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
      await db
        .insert(exchangeRates)
        .values({ day: romeDay(new Date()), currency: "USD", perEuro: 1.05 })
        .onConflictDoNothing();
    };

    /** A checkout paid on Stripe's page by `buyer`; returns the order's id and its session. */
    const paid = async (buyer: Parameters<FakeStripe["pay"]>[1]) => {
      const { db } = services.database;
      const { orderId } = await createOrder(services, { email: "buyer@muster.de" });
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      const session = stripe.pay(order!.providerSessionId!, buyer);
      return { orderId, sessionId: session.id };
    };

    const expectBusinessInvoice = async (orderId: string) => {
      const { db } = services.database;
      expect(await issueDueDocuments(services)).toEqual({ issued: 1, waiting: 0 });
      const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
      expect(invoice).toMatchObject({
        kind: "invoice",
        buyerType: "business",
        country: "DE",
        natura: "N2.1",
        ratePercent: 0,
        buyer: {
          name: { company: "Muster GmbH" },
          address: { street: "Hauptstraße 3", postcode: "10115", city: "Berlin", country: "DE" },
          vatNumber: "DE136695976",
        },
      });
      expect(await fatturaPaSchemaErrors(invoice!.xml)).toEqual([]);
      return invoice!;
    };

    it("invoices the business when the webhook brings the payment, and keeps the sale out of the OSS figures", async () => {
      await start();
      const { orderId } = await paid(GERMAN_BUSINESS);
      expect((await stripe.deliver(stripe.lastEvent("checkout.session.completed"))).status).toBe(200);
      const { db } = services.database;
      expect(await db.select().from(orders).where(eq(orders.id, orderId))).toMatchObject([
        { status: "paid", taxId: "DE136695976", country: "DE" },
      ]);
      expect(
        await db.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, orderId)),
      ).toMatchObject([{ via: "provider-tax-id", buyerType: "business" }]);
      await expectBusinessInvoice(orderId);
      const registers = await buildRegisters(db, services.env, quarterOf(new Date()));
      expect(registers.rows).toMatchObject([{ kind: "sale", buyerType: "business", country: "DE" }]);
      expect(registers.oss.lines).toEqual([]);
    });

    it("invoices the business when the success page learns of the payment first, and once when the webhook follows", async () => {
      await start();
      const { orderId, sessionId } = await paid(GERMAN_BUSINESS);
      expect(await findPaidOrder(services, { sessionId })).toMatchObject({ id: orderId, status: "paid" });
      expect((await stripe.deliver(stripe.lastEvent("checkout.session.completed"))).status).toBe(200);
      await expectBusinessInvoice(orderId);
      expect(await issueDueDocuments(services)).toEqual({ issued: 0, waiting: 0 });
    });

    it("keeps the request a buyer made at checkout over the tax ID given on Stripe's page", async () => {
      await start();
      const { db } = services.database;
      const own = {
        buyerType: "business" as const,
        buyer: {
          name: { company: "Studio Bianchi Srl" },
          address: { street: "Via Dante 5", postcode: "00184", city: "Roma", province: "RM", country: "IT" },
          vatNumber: "IT02313821007",
          delivery: { codiceDestinatario: "ABC1234" },
        },
      };
      const { orderId } = await createOrder(services, { email: "a@bianchi.it", invoiceRequest: own });
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      stripe.pay(order!.providerSessionId!, GERMAN_BUSINESS);
      expect((await stripe.deliver(stripe.lastEvent("checkout.session.completed"))).status).toBe(200);
      expect(
        await db.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, orderId)),
      ).toMatchObject([{ via: "checkout", buyer: own.buyer }]);
    });

    it("leaves a buyer who gave no tax ID to the invoice form, as a consumer's sale", async () => {
      await start();
      const { orderId } = await paid({ country: "DE" });
      expect((await stripe.deliver(stripe.lastEvent("checkout.session.completed"))).status).toBe(200);
      const { db } = services.database;
      expect(await db.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, orderId))).toEqual([]);
      expect(await issueDueDocuments(services)).toEqual({ issued: 0, waiting: 0 });
    });
  });
}
