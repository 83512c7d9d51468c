import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InvoiceSection } from "#app/components/success/invoice-section.tsx";
import { invoiceIdOfToken } from "#app/lib/books/courtesy-copy-link.server.ts";
import { createOrder } from "#app/lib/checkout/create-order.server.ts";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import type {
  InvoiceActionData,
  InvoiceSection as Section,
} from "#app/routes/buyer/invoice-request.server.ts";
import * as secret from "#app/routes/secret.tsx";
import { emailOutbox, invoiceRequests, invoices, orders } from "#db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { stripeTestServices, type TestServices } from "../setup/services.ts";

const SUCCESS_SEGMENT = "thank-you-secret-0123456789";
const ORIGIN = "http://shop.test";
const DAY_MS = 24 * 60 * 60_000;

/** A loader's or action's value, whether returned plainly or wrapped by `data()` with a status. */
function unwrap<T>(value: unknown): { body: T; status: number } {
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const wrapped = value as unknown as { data: T; init: { status?: number } | null };
    return { body: wrapped.data, status: wrapped.init?.status ?? 200 };
  }
  return { body: value as T, status: 200 };
}

/** A complete, valid request of an Italian private buyer, as the form posts it. */
const PERSON = {
  intent: "invoice",
  buyerType: "consumer",
  firstName: "Mario",
  lastName: "Rossi",
  street: "Via Roma 1",
  postcode: "20121",
  city: "Milano",
  province: "MI",
  country: "IT",
  codiceFiscale: "RSSMRA85T10A562S",
};

for (const backend of testBackends()) {
  describe(`the success page's invoice section on ${backend.name}`, () => {
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
      services = await stripeTestServices(backend, stripe, "whsec_success_invoice", {
        STRIPE_TAX: "on",
        SUCCESS_PATH: SUCCESS_SEGMENT,
        SUPPORT_EMAIL: "support@shop.test",
      });
      await seedProduct(services);
    });
    afterEach(() => services.dispose());

    const db = () => services.database.db;
    const args = (request: Request) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(clientIpContext, "203.0.113.7");
      return {
        request,
        context,
        params: { secret: SUCCESS_SEGMENT },
        unstable_pattern: "",
        url: new URL(request.url),
      } as never;
    };
    /** The form posted as a document, as a browser without JavaScript posts it. */
    const post = async (form: Record<string, string>) =>
      unwrap<InvoiceActionData>(
        await secret.action(
          args(
            new Request(`${ORIGIN}/${SUCCESS_SEGMENT}`, { method: "POST", body: new URLSearchParams(form) }),
          ),
        ),
      );
    const section = async (t: string) =>
      unwrap<{ data: { invoice: Section | null } }>(
        await secret.loader(args(new Request(`${ORIGIN}/${SUCCESS_SEGMENT}?t=${t}`))),
      ).body.data.invoice;
    const requestOf = async (orderId: string) =>
      (await db().select().from(invoiceRequests).where(eq(invoiceRequests.orderId, orderId)))[0];

    /** A paid Stripe order (the buyer gave Stripe `buyer`) and the token of its delivery e-mail's link. */
    async function paidOrder(buyer: Parameters<FakeStripe["pay"]>[1] = {}) {
      const { orderId } = await createOrder(services, { email: "buyer@example.it" });
      const [pending] = await db().select().from(orders).where(eq(orders.id, orderId));
      stripe.pay(pending!.providerSessionId!, buyer);
      // Fulfilled by Stripe's event, delivered to the store's webhook.
      expect((await stripe.deliver(stripe.lastEvent("checkout.session.completed"))).status).toBe(200);
      const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.orderId, orderId));
      const t = new URL(String((mail!.payload as { link: string }).link)).searchParams.get("t")!;
      return { orderId, t };
    }

    it("offers the form within the days allowed, prefilled with the billing country given to Stripe, asking Stripe nothing", async () => {
      const { t } = await paidOrder({
        country: "DE",
        name: "Anna Maria Schmidt",
        line1: "Hauptstraße 3",
        postalCode: "10115",
        city: "Berlin",
      });
      const asked = stripe.requests.length;
      expect(await section(t)).toEqual({
        kind: "form",
        days: 10,
        values: { buyerType: "consumer", country: "DE" },
      });
      // The form is filled from the order; only the receipt's page may be looked up.
      expect(stripe.requests.slice(asked).filter(({ path }) => !path.startsWith("/v1/invoices/"))).toEqual(
        [],
      );
    });

    it("tells a business that gave Stripe its VAT number that its invoice is being prepared, with no form to fill", async () => {
      const { orderId, t } = await paidOrder({
        country: "DE",
        name: "Anna Maria Schmidt",
        businessName: "Muster GmbH",
        line1: "Hauptstraße 3",
        postalCode: "10115",
        city: "Berlin",
        taxIds: [{ type: "eu_vat", value: "DE136695976" }],
      });
      expect(await section(t)).toEqual({ kind: "preparing" });
      expect(await requestOf(orderId)).toMatchObject({ via: "provider-tax-id", buyerType: "business" });
    });

    it("records a valid request, then says the invoice is being prepared", async () => {
      const { orderId, t } = await paidOrder();
      const answer = await post({ ...PERSON, t });
      expect(answer).toEqual({
        status: 200,
        body: {
          intent: "invoice",
          ok: true,
          message: "Your invoice is being prepared; it will arrive by e-mail.",
        },
      });
      expect(await requestOf(orderId)).toMatchObject({ via: "success-page", buyerType: "consumer" });
      expect(await section(t)).toEqual({ kind: "preparing" });
    });

    it("takes one of two requests posted at once and tells the other it was already asked", async () => {
      const { t } = await paidOrder();
      const answers = await Promise.all([
        post({ ...PERSON, t }),
        post({ ...PERSON, t, lastName: "Bianchi" }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(
        "An invoice has already been asked for this order: it will arrive by e-mail once it is issued.",
      );
    });

    it("refuses a wrong codice fiscale, keeping what was typed and saying what is wrong next to the field", async () => {
      const { orderId, t } = await paidOrder();
      const answer = await post({ ...PERSON, t, codiceFiscale: "RSSMRA85T10A562T" });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        ok: false,
        values: { codiceFiscale: "RSSMRA85T10A562T", lastName: "Rossi" },
        errors: {
          codiceFiscale:
            "This tax code (codice fiscale) is not valid: its last letter does not match. Check for a typo.",
        },
      });
      expect(await requestOf(orderId)).toBeUndefined();
    });

    it("refuses huge and malformed fields with a sentence, and keeps HTML as text", async () => {
      const { t } = await paidOrder();
      const huge = await post({ ...PERSON, t, lastName: "R".repeat(100_000) });
      expect(huge.status).toBe(400);
      const hugeBody = huge.body as Extract<InvoiceActionData, { ok: false }>;
      expect(hugeBody.errors?.lastName).toMatch(/too long for an Italian e-invoice: at most 60 characters/);
      expect(hugeBody.values?.lastName?.length).toBe(201);
      expect((await post({ ...PERSON, t, buyerType: "admin" })).body).toMatchObject({
        errors: { buyerType: "Choose whether the invoice is for a business or a private person." },
      });
      expect((await post({ ...PERSON, t, country: "'; drop table orders;--" })).status).toBe(400);
      const html = await post({ ...PERSON, t, lastName: "<img src=x onerror=alert(1)>".repeat(3) });
      const rendered = renderToString(
        createElement(InvoiceSection, {
          section: { kind: "form", days: 10, values: {} },
          access: { sessionId: null, token: t },
          answer: html.body,
          supportEmail: "support@shop.test",
        }),
      );
      expect(rendered).not.toContain("<img src=x");
      expect(rendered).toContain("&lt;img src=x onerror=alert(1)&gt;");
    });

    it("refuses a forged or missing access proof, a refunded order, and an order past the days allowed", async () => {
      const forbidden =
        "This page's link does not allow asking for an invoice. Open it again from your e-mail.";
      expect(await post({ ...PERSON, t: "A".repeat(43) })).toEqual({
        status: 403,
        body: { intent: "invoice", ok: false, message: forbidden },
      });
      expect((await post({ ...PERSON, session_id: "cs_test_forged" })).status).toBe(403);
      expect((await post(PERSON)).status).toBe(403);

      const refunded = await paidOrder();
      await db().update(orders).set({ status: "refunded" }).where(eq(orders.id, refunded.orderId));
      expect((await post({ ...PERSON, t: refunded.t })).status).toBe(403);
      expect(await requestOf(refunded.orderId)).toBeUndefined();

      const late = await paidOrder();
      await db()
        .update(orders)
        .set({ paidAt: new Date(Date.now() - 10 * DAY_MS - 60_000) })
        .where(eq(orders.id, late.orderId));
      expect(await section(late.t)).toEqual({ kind: "closed", days: 10 });
      expect(await post({ ...PERSON, t: late.t })).toEqual({
        status: 410,
        body: {
          intent: "invoice",
          ok: false,
          message: "Invoices can be asked for within 10 days of payment, and that time has passed.",
        },
      });
      const closed = renderToString(
        createElement(InvoiceSection, {
          section: { kind: "closed", days: 10 },
          access: null,
          answer: null,
          supportEmail: "support@shop.test",
        }),
      );
      expect(closed).toContain(
        "Invoices can be asked for within 10 days of payment, and that time has passed for this order. If you need one, write to support@shop.test.",
      );
    });

    it("links the courtesy copy of each document issued for the order", async () => {
      const { orderId, t } = await paidOrder();
      const document = {
        orderId,
        series: "FT",
        year: 2026,
        date: "2026-11-28",
        treatment: "italian-consumer",
        buyerType: "consumer" as const,
        country: "IT",
        ratePercent: 22,
        totalCents: 4000,
        taxableCents: 3279,
        taxCents: 721,
        chargedCents: 4700,
        chargedCurrency: "usd",
        buyer: {},
        xml: "<p:FatturaElettronica/>",
      };
      const [invoice] = await db()
        .insert(invoices)
        .values({ ...document, kind: "invoice", number: 7, fileName: "IT01234567897_00001.xml" })
        .returning();
      await db()
        .insert(invoices)
        .values({
          ...document,
          kind: "credit-note",
          number: 8,
          fileName: "IT01234567897_00002.xml",
          creditNoteOf: invoice!.id,
          cause: "re_1",
        });
      const shown = await section(t);
      expect(shown?.kind === "issued" && shown.documents.map((d) => d.label)).toEqual([
        "Invoice FT/7",
        "Credit note FT/8",
      ]);
      const href = shown?.kind === "issued" ? shown.documents[0]!.href : "";
      expect(invoiceIdOfToken(services.settings.tokenSecrets, href.replace("/invoice/", ""))).toBe(
        invoice!.id,
      );
      const rendered = renderToString(
        createElement(InvoiceSection, {
          section: shown!,
          access: null,
          answer: null,
          supportEmail: "s@shop.test",
        }),
      );
      expect(rendered).toContain("Invoice FT/7 —");
      expect(rendered).toContain("Download the courtesy copy (PDF)");
    });
  });
}
