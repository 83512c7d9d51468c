import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { InvoiceRequest } from "#app/lib/books/invoice-request.ts";
import { recordInvoiceRequest } from "#app/lib/books/invoice-requests.server.ts";
import { createOrder } from "#app/lib/checkout/create-order.server.ts";
import { invoiceRequests, orders } from "#db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const DAY = 24 * 60 * 60_000;
const PAID_AT = new Date("2026-11-02T10:00:00Z");

const request: InvoiceRequest = {
  buyerType: "business",
  buyer: {
    name: { company: "Coaching Srl" },
    address: { street: "Via Dante 5", postcode: "00184", city: "Roma", province: "RM", country: "IT" },
    vatNumber: "IT02313821007",
    delivery: { codiceDestinatario: "M5UXCR1" },
  },
};

for (const backend of testBackends()) {
  describe(`invoice requests on ${backend.name}`, () => {
    let stripe: FakeStripe;
    let services: TestServices;
    beforeAll(async () => {
      stripe = await startFakeStripe();
    });
    afterAll(async () => {
      await stripe.close();
      await backend.cleanup();
    });
    afterEach(() => services.dispose());

    const start = async () => {
      services = await testServices(backend, {
        STRIPE_SECRET_KEY: "sk_test_store",
        STRIPE_WEBHOOK_SECRET: "whsec_invoice_requests",
        STRIPE_API_BASE: stripe.url,
        STRIPE_TAX: "on",
      });
      await seedProduct(services);
    };
    const order = async (status: "pending" | "paid" | "refunded" | "disputed" | "processing") => {
      const [row] = await services.database.db
        .insert(orders)
        .values({
          email: "buyer@example.it",
          amountCents: 4700,
          currency: "usd",
          provider: "stripe",
          status,
          paidAt: status === "pending" || status === "processing" ? null : PAID_AT,
        })
        .returning();
      return row!.id;
    };
    const ask = (orderId: string, now: Date, requestDays = 10) =>
      recordInvoiceRequest(services.database.db, { orderId, request, via: "success-page", now, requestDays });
    const requestsOf = (orderId: string) =>
      services.database.db.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, orderId));

    it("records a paid order's request from the success page, with the buyer as typed", async () => {
      await start();
      const orderId = await order("paid");
      expect(await ask(orderId, new Date(PAID_AT.getTime() + DAY))).toEqual({ ok: true });
      expect(await requestsOf(orderId)).toMatchObject([
        { buyerType: "business", buyer: request.buyer, via: "success-page", problem: null },
      ]);
    });

    it("tells a second request, even one made at the same moment, that the invoice was already asked for", async () => {
      await start();
      const orderId = await order("paid");
      const now = new Date(PAID_AT.getTime() + DAY);
      const both = await Promise.all([ask(orderId, now), ask(orderId, now)]);
      expect(both.filter((answer) => answer.ok)).toHaveLength(1);
      expect(both.find((answer) => !answer.ok)).toEqual({
        ok: false,
        reason: "already-asked",
        message:
          "An invoice has already been asked for this order: it will arrive by e-mail once it is issued.",
      });
      expect(await ask(orderId, now)).toMatchObject({ ok: false, reason: "already-asked" });
      expect(await requestsOf(orderId)).toHaveLength(1);
    });

    it("accepts a request up to the last moment of the allowed days, and refuses it after", async () => {
      await start();
      const onTime = await order("paid");
      expect(await ask(onTime, new Date(PAID_AT.getTime() + 10 * DAY))).toEqual({ ok: true });
      const late = await order("paid");
      expect(await ask(late, new Date(PAID_AT.getTime() + 10 * DAY + 1))).toEqual({
        ok: false,
        reason: "too-late",
        message: "Invoices can be asked for within 10 days of payment, and that time has passed.",
      });
      expect(await requestsOf(late)).toEqual([]);
    });

    it("refuses an order refunded, disputed, not yet paid or unknown", async () => {
      await start();
      const now = new Date(PAID_AT.getTime() + DAY);
      expect(await ask(await order("refunded"), now)).toMatchObject({
        ok: false,
        reason: "refunded",
        message: "This order was refunded or disputed, so no invoice can be issued for it.",
      });
      expect(await ask(await order("disputed"), now)).toMatchObject({ ok: false, reason: "refunded" });
      expect(await ask(await order("processing"), now)).toMatchObject({ ok: false, reason: "not-paid" });
      expect(await ask(await order("pending"), now)).toMatchObject({ ok: false, reason: "not-paid" });
      expect(await ask("00000000-0000-4000-8000-000000000000", now)).toMatchObject({
        ok: false,
        reason: "unknown-order",
      });
    });

    it("records a checkout request with the pending order and asks Stripe for no invoice of its own", async () => {
      await start();
      const { orderId } = await createOrder(services, { email: "buyer@example.it", invoiceRequest: request });
      const [row] = await services.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(row!.status).toBe("pending");
      expect(await requestsOf(orderId)).toMatchObject([{ via: "checkout", buyerType: "business" }]);
      const sent = stripe.sent.get(row!.providerSessionId!)!;
      expect(Object.keys(sent).filter((key) => key.startsWith("invoice_creation"))).toEqual([]);
      // Stripe's receipt stays: the session is paid as any other, with no invoice made.
      const paid = stripe.pay(row!.providerSessionId!, {
        country: "IT",
        name: "Mario Rossi",
        line1: "Via Dante 5",
        postalCode: "00184",
        city: "Roma",
        state: "RM",
        taxIds: [{ type: "eu_vat", value: "IT02313821007" }],
      });
      expect(paid.invoice).toBeNull();
      const status = await services.payments.getSession(paid.id);
      expect(status).toMatchObject({
        invoiceId: null,
        payerName: "Mario Rossi",
        city: "Roma",
        country: "IT",
        taxId: "IT02313821007",
      });
    });

    it("keeps asking Stripe for its invoice as the receipt when the buyer asked the store for none", async () => {
      await start();
      const { orderId } = await createOrder(services, { email: "buyer@example.it" });
      const [row] = await services.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(stripe.sent.get(row!.providerSessionId!)!["invoice_creation[enabled]"]).toBe("true");
      expect(await requestsOf(orderId)).toEqual([]);
    });
  });
}
