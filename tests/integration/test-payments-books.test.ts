import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { saveFiscalSettings } from "#app/lib/books/fiscal-settings.server.ts";
import { issueDueDocuments, TEST_DOCUMENT_NOTE, TEST_SERIES } from "#app/lib/books/issue-invoices.server.ts";
import { quarterOf } from "#app/lib/books/period.ts";
import { buildRegisters } from "#app/lib/books/registers.server.ts";
import { createOrder } from "#app/lib/checkout/create-order.server.ts";
import { romeDay } from "#app/lib/pricing/rome-time.ts";
import { invoicesOf } from "#app/routes/admin/invoices.server.ts";
import { exchangeRates, invoices, orders } from "#db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { testBackends } from "../setup/databases.ts";
import { fatturaPaSchemaErrors } from "../setup/fatturapa-xsd.ts";
import { TEST_FISCAL_SETTINGS } from "../setup/seed-invoices.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { stripeTestServices, type TestServices } from "../setup/services.ts";

const WEBHOOK_SECRET = "whsec_test_payments_books";

const ITALIAN_BUSINESS = {
  buyerType: "business" as const,
  buyer: {
    name: { company: "Studio Bianchi Srl" },
    address: { street: "Via Dante 5", postcode: "00184", city: "Roma", province: "RM", country: "IT" },
    vatNumber: "IT02313821007",
    delivery: { codiceDestinatario: "ABC1234" },
  },
};

/**
 * Only live payments enter the seller's books: a payment made with Stripe's test keys (events and
 * sessions with `livemode: false`) gets its documents in a test series, marked as without fiscal
 * value, and stays out of the registers, the OSS figures and the intermediary's ZIP.
 */
for (const backend of testBackends()) {
  describe(`test and live payments in the books, on ${backend.name}`, { timeout: 120_000 }, () => {
    let stripe: FakeStripe;
    let services: TestServices;
    afterEach(async () => {
      await services.dispose();
      await stripe.close();
    });
    afterAll(() => backend.cleanup());

    /** A store on the fake Stripe in `mode`, with an Italian business's order paid through the webhook. */
    const paidWithRequest = async (mode: "live" | "test") => {
      stripe = await startFakeStripe(0, { livemode: mode === "live" });
      services = await stripeTestServices(backend, stripe, WEBHOOK_SECRET, {
        STRIPE_SECRET_KEY: `sk_${mode}_store`,
      });
      await seedProduct(services);
      const { db } = services.database;
      await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
      await db
        .insert(exchangeRates)
        .values({ day: romeDay(new Date()), currency: "USD", perEuro: 1.05 })
        .onConflictDoNothing();
      const { orderId } = await createOrder(services, {
        email: "a@bianchi.it",
        invoiceRequest: ITALIAN_BUSINESS,
      });
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      stripe.pay(order!.providerSessionId!, { country: "IT" });
      expect((await stripe.deliver(stripe.lastEvent("checkout.session.completed"))).status).toBe(200);
      expect(await issueDueDocuments(services)).toEqual({ issued: 1, waiting: 0 });
      return orderId;
    };

    it("records a test payment as not live and issues its invoice in the test series, marked without fiscal value", async () => {
      const orderId = await paidWithRequest("test");
      const { db } = services.database;
      expect(await db.select().from(orders).where(eq(orders.id, orderId))).toMatchObject([
        { status: "paid", livemode: false },
      ]);
      const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
      expect(invoice).toMatchObject({ series: TEST_SERIES, number: 1 });
      expect(invoice!.fileName).toMatch(/^PROVA_IT\d{11}_[0-9A-Z]{5}\.xml$/);
      expect(invoice!.xml).toContain(`<Causale>${TEST_DOCUMENT_NOTE}</Causale>`);
      expect(await fatturaPaSchemaErrors(invoice!.xml)).toEqual([]);
      // The real series has not started: the first live sale will be its number 1.
      expect(
        await db.select().from(invoices).where(eq(invoices.series, TEST_FISCAL_SETTINGS.series)),
      ).toEqual([]);
    });

    it("keeps a test payment out of the registers, the OSS figures and the intermediary's files, and lists its document apart", async () => {
      await paidWithRequest("test");
      const { db } = services.database;
      const registers = await buildRegisters(db, services.env, quarterOf(new Date()));
      expect(registers.rows).toEqual([]);
      expect(registers.takings).toEqual([]);
      expect(registers.oss.lines).toEqual([]);
      expect((await invoicesOf(db, quarterOf(new Date()))).map((document) => document.test)).toEqual([true]);
    });

    it("records a live payment as live and issues its invoice in the real series, into the registers", async () => {
      const orderId = await paidWithRequest("live");
      const { db } = services.database;
      expect(await db.select().from(orders).where(eq(orders.id, orderId))).toMatchObject([
        { status: "paid", livemode: true },
      ]);
      const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
      expect(invoice).toMatchObject({ series: TEST_FISCAL_SETTINGS.series, number: 1 });
      expect(invoice!.xml).not.toContain(TEST_DOCUMENT_NOTE);
      const registers = await buildRegisters(db, services.env, quarterOf(new Date()));
      expect(registers.rows).toMatchObject([{ kind: "sale", document: `${TEST_FISCAL_SETTINGS.series}/1` }]);
    });
  });
}
