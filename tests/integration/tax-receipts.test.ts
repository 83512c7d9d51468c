import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "#app/lib/checkout/create-order.server.ts";
import { type DeliveryEmailData, deliveryEmail } from "#app/lib/mail/delivery-email.ts";
import { completeTestPayment } from "#app/lib/payments/complete-test-payment.server.ts";
import { handleStripeEvent } from "#app/lib/payments/handle-stripe-webhook.server.ts";
import { DIGITAL_GOODS_TAX_CODE } from "#app/lib/payments/stripe-provider.server.ts";
import { TEST_VAT } from "#app/lib/payments/test-mode-provider.server.ts";
import { loadSuccessPage } from "#app/routes/buyer/success.server.ts";
import { emailOutbox, orders } from "#db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { testBackends } from "../setup/databases.ts";
import { ordersCsvText } from "../setup/orders-csv.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const SUCCESS = "http://shop.test/thank-you-secret-0123456789";

for (const backend of testBackends()) {
  describe(`EU VAT, receipts and session expiry on ${backend.name}`, () => {
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

    const start = async (env: Record<string, string>) => {
      services = await testServices(backend, env);
      await seedProduct(services);
    };
    const withStripe = (tax: "on" | "off") =>
      start({
        STRIPE_SECRET_KEY: "sk_test_store",
        STRIPE_WEBHOOK_SECRET: "whsec_tax",
        STRIPE_API_BASE: stripe.url,
        STRIPE_TAX: tax,
      });
    const orderRow = async (id: string) =>
      (await services.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
    const deliveryPayload = async (orderId: string) => {
      const [mail] = await services.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.orderId, orderId));
      return mail!.payload as unknown as DeliveryEmailData;
    };

    it("sends tax-inclusive prices with automatic tax, and records VAT, country and receipt (STRIPE_TAX=on)", async () => {
      await withStripe("on");
      const before = Math.floor(Date.now() / 1000);
      const { orderId } = await createOrder(services, { email: "buyer@example.de" });
      const sessionId = (await orderRow(orderId)).providerSessionId!;
      const sent = stripe.sent.get(sessionId)!;
      expect(sent).toMatchObject({
        "automatic_tax[enabled]": "true",
        "tax_id_collection[enabled]": "true",
        billing_address_collection: "required",
        "invoice_creation[enabled]": "true",
        "line_items[0][price_data][unit_amount]": "4700",
        "line_items[0][price_data][tax_behavior]": "inclusive",
        "line_items[0][price_data][product_data][tax_code]": DIGITAL_GOODS_TAX_CODE,
      });
      const expiresIn = Number(sent.expires_at) - before;
      expect(expiresIn).toBeGreaterThanOrEqual(30 * 60);
      expect(expiresIn).toBeLessThanOrEqual(32 * 60);

      stripe.pay(sessionId, { country: "DE" });
      const page = (await loadSuccessPage(services, new Request(`${SUCCESS}?session_id=${sessionId}`), null))
        .payload;
      const invoice = [...stripe.invoices.values()].at(-1)!;
      // $47.00 with German VAT (19%) inside: 47.00 - 47.00 / 1.19 = 7.50.
      expect(page.order).toMatchObject({
        amountCents: 4700,
        taxCents: 750,
        receiptUrl: invoice.hosted_invoice_url,
      });
      expect(await orderRow(orderId)).toMatchObject({
        status: "paid",
        taxCents: 750,
        country: "DE",
        invoiceId: invoice.id,
        invoiceUrl: invoice.hosted_invoice_url,
      });
      const payload = await deliveryPayload(orderId);
      expect(deliveryEmail("buyer@example.de", payload).text).toContain(
        `Your receipt: ${invoice.hosted_invoice_url}`,
      );
      const csv = await ordersCsvText(services.database.db);
      expect(csv).toContain('"buyer@example.de","47.00","7.50","DE"');
    });

    it("links the receipt from the success page when the webhook brought only the invoice's id", async () => {
      await withStripe("on");
      const { orderId } = await createOrder(services, { email: "buyer@example.fr" });
      const session = stripe.pay((await orderRow(orderId)).providerSessionId!, { country: "FR" });
      const event = stripe.lastEvent("checkout.session.completed");
      await handleStripeEvent(services.database.db, services.links, event, services.payments);
      // $47.00 with French VAT (20%) inside.
      expect(await orderRow(orderId)).toMatchObject({
        taxCents: 783,
        country: "FR",
        invoiceId: session.invoice,
        invoiceUrl: null,
      });
      const payload = await deliveryPayload(orderId);
      expect(deliveryEmail("buyer@example.fr", payload).text).toContain(
        "Your receipt is linked from your download page.",
      );
      const page = (await loadSuccessPage(services, new Request(payload.link), null)).payload;
      const url = stripe.invoices.get(session.invoice!)!.hosted_invoice_url;
      expect(page.order?.receiptUrl).toBe(url);
      expect((await orderRow(orderId)).invoiceUrl).toBe(url);
    });

    it("sends no tax parameters without STRIPE_TAX, and still an invoice and an expiry", async () => {
      await withStripe("off");
      const { orderId } = await createOrder(services, { email: "a@b.co" });
      const sessionId = (await orderRow(orderId)).providerSessionId!;
      const sent = stripe.sent.get(sessionId)!;
      expect(Object.keys(sent).filter((k) => /tax|billing/.test(k))).toEqual([]);
      expect(sent["invoice_creation[enabled]"]).toBe("true");
      expect(Number(sent.expires_at)).toBeGreaterThan(Date.now() / 1000 + 30 * 60 - 5);
      stripe.pay(sessionId);
      (await loadSuccessPage(services, new Request(`${SUCCESS}?session_id=${sessionId}`), null)).payload;
      // No tax computed; the card still gave its country.
      expect(await orderRow(orderId)).toMatchObject({ status: "paid", taxCents: null, country: "IT" });
    });

    it("applies the marked test rate in test mode (STRIPE_TAX=on, no Stripe)", async () => {
      await start({ STRIPE_TAX: "on" });
      const { orderId } = await createOrder(services, { email: "t@example.com" });
      await completeTestPayment(services, (await orderRow(orderId)).providerSessionId!);
      // 22% Italian VAT inside $47.00: 47.00 - 47.00 / 1.22 = 8.48.
      expect(await orderRow(orderId)).toMatchObject({
        status: "paid",
        taxCents: 848,
        country: TEST_VAT.country,
      });
    });
  });
}
