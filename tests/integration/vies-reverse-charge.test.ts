import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Buyer } from "#app/lib/books/fatturapa.ts";
import { saveFiscalSettings } from "#app/lib/books/fiscal-settings.server.ts";
import { type IssuingServices, issueDueDocuments } from "#app/lib/books/issue-invoices.server.ts";
import { REVERSE_CHARGE_WORDING } from "#app/lib/books/sale-regime.ts";
import { askVies } from "#app/lib/books/vies.server.ts";
import type { Database } from "#app/lib/db/database.server.ts";
import { createMailer } from "#app/lib/mail/mailer.server.ts";
import { processOutbox } from "#app/lib/mail/outbox.server.ts";
import { loadInvoicesPage } from "#app/routes/admin/invoices.server.ts";
import { invoiceRequests, invoices, orders, paymentRecords } from "#db/schema.ts";
import { startSmtp, type TestSmtp } from "../mocks/smtp.ts";
import { type FakeVies, startFakeVies } from "../mocks/vies.ts";
import { testBackends } from "../setup/databases.ts";
import { fatturaPaSchemaErrors } from "../setup/fatturapa-xsd.ts";
import { TEST_FISCAL_SETTINGS } from "../setup/seed-invoices.ts";
import { TEST_SELLER } from "../setup/seller.ts";
import { freePort } from "../setup/server.ts";
import { testServices } from "../setup/services.ts";

/**
 * An EU business outside Italy is invoiced without VAT (reverse charge) only once the European
 * Commission's VIES confirms its VAT number (Reg. 282/2011 art. 18); a number it does not confirm,
 * or one of another country than the billing country, is taxed as a consumer's sale. The store
 * asks a fake VIES speaking the REST API's wire format (tests/mocks/vies.ts).
 */

const GERMAN_BUSINESS: Buyer = {
  name: { company: "Müller Coaching GmbH" },
  vatNumber: "DE136695976",
  address: { street: "Marienplatz 1", postcode: "80331", city: "München", country: "DE" },
};
const GREEK_BUSINESS: Buyer = {
  name: { company: "Papadopoulos Coaching AE" },
  vatNumber: "EL094259216",
  address: { street: "Ermou 10", postcode: "10563", city: "Athina", country: "GR" },
};

/** Friday 27 November 2026 in Rome; the sales are in euro, so no exchange rate is needed. */
const PAID_AT = new Date("2026-11-27T09:00:00Z");
const HOUR = 60 * 60_000;

let vies: FakeVies;
let smtp: TestSmtp;
beforeAll(async () => {
  [vies, smtp] = await Promise.all([startFakeVies(), startSmtp()]);
});
afterAll(async () => {
  await Promise.all([vies.close(), smtp.close()]);
});
beforeEach(() => {
  vies.registered = new Map([
    ["DE136695976", "Müller Coaching GmbH"],
    ["DE811569869", "Other Company GmbH"],
    ["EL094259216", "---"],
  ]);
  vies.outage = null;
  vies.answerAbout = null;
  vies.delayMs = 0;
  vies.requests = [];
  smtp.messages.length = 0;
});

const services = (database: Pick<Database, "db">): IssuingServices => ({
  database,
  env: {
    ...TEST_SELLER,
    ECB_RATES_URL: "http://127.0.0.1:9/",
    VIES_URL: vies.url,
    PUBLIC_URL: "https://shop.test",
    SUPPORT_EMAIL: "help@shop.test",
  },
  settings: { tokenSecrets: ["s".repeat(40)] },
});

let orderCount = 0;
/** A paid order in euro with a business's invoice request; `country` is the card's billing country. */
async function paidOrder(db: Database["db"], buyer: Buyer, options: { country?: string } = {}) {
  orderCount++;
  const [order] = await db
    .insert(orders)
    .values({
      email: `business${orderCount}@example.com`,
      amountCents: 4700,
      currency: "eur",
      provider: "stripe",
      livemode: true,
      providerSessionId: `cs_test_vies_${orderCount}_${Date.now()}`,
      status: "paid",
      paidAt: PAID_AT,
      country: options.country ?? buyer.address.country,
    })
    .returning();
  await db
    .insert(invoiceRequests)
    .values({ orderId: order!.id, buyerType: "business", buyer, via: "checkout" });
  return order!;
}

async function invoiceOf(db: Database["db"], orderId: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  expect(row, "the order's invoice").toBeDefined();
  expect(await fatturaPaSchemaErrors(row!.xml)).toEqual([]);
  return row!;
}

/** The courtesy copies' e-mails the outbox sends, as the buyers receive them. */
async function sentMails(db: Database["db"]) {
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: "shop@shop.test",
    mailDir: "unused",
    seller: "Shop",
  });
  try {
    await processOutbox(db, mailer);
  } finally {
    mailer.close();
  }
  return smtp.messages;
}

const UNCONFIRMED_ENDING =
  "so this invoice treats the sale as one to a private buyer, without reverse charge.";

for (const backend of testBackends()) {
  describe(`reverse charge only for a VAT number VIES confirms, on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("reverse-charges an EU business whose number VIES confirms, and keeps the consultation with the invoice", async () => {
      const database = await backend.open();
      const { db } = database;
      await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
      const order = await paidOrder(db, GERMAN_BUSINESS);
      expect(await issueDueDocuments(services(database))).toEqual({ issued: 1, waiting: 0 });

      const invoice = await invoiceOf(db, order.id);
      expect(invoice).toMatchObject({
        treatment: "eu-business",
        buyerType: "business",
        country: "DE",
        ratePercent: 0,
        natura: "N2.1",
        taxCents: 0,
      });
      expect(invoice.xml).toContain(`<RiferimentoNormativo>${REVERSE_CHARGE_WORDING}</RiferimentoNormativo>`);
      // The seller's own number goes with the question, so VIES gives a consultation number.
      expect(vies.requests).toEqual([
        {
          countryCode: "DE",
          vatNumber: "136695976",
          requesterMemberStateCode: "IT",
          requesterNumber: "12345678903",
        },
      ]);
      expect(invoice.vies).toEqual({
        vatNumber: "DE136695976",
        valid: true,
        requestIdentifier: expect.stringMatching(/^WAPI[0-9A-F]{12}$/),
        name: "Müller Coaching GmbH",
        requestDate: expect.any(String),
      });
      expect(Math.abs(Date.parse(invoice.vies!.requestDate) - Date.now())).toBeLessThan(60_000);
      const [mail] = await sentMails(db);
      expect(mail!.text).not.toContain("private buyer");
      await database.close();
    });

    it("asks VIES about a Greek number by its VIES prefix EL", async () => {
      const database = await backend.open();
      const { db } = database;
      await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
      const order = await paidOrder(db, GREEK_BUSINESS);
      expect(await issueDueDocuments(services(database))).toEqual({ issued: 1, waiting: 0 });
      expect(vies.requests).toMatchObject([{ countryCode: "EL", vatNumber: "094259216" }]);
      expect(await invoiceOf(db, order.id)).toMatchObject({
        treatment: "eu-business",
        country: "GR",
        vies: { vatNumber: "EL094259216", valid: true, name: null },
      });
      await database.close();
    });

    it("invoices a number VIES says is not valid with VAT as a consumer's sale in the buyer's country, keeps the answer and tells the buyer why", async () => {
      const database = await backend.open();
      const { db } = database;
      await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
      vies.registered.delete("DE136695976");
      const oss = await paidOrder(db, GERMAN_BUSINESS);
      expect(await issueDueDocuments(services(database))).toEqual({ issued: 1, waiting: 0 });
      expect(await invoiceOf(db, oss.id)).toMatchObject({
        treatment: "eu-consumer-oss",
        buyerType: "consumer",
        country: "DE",
        ratePercent: 19,
        natura: "N7",
        vies: { vatNumber: "DE136695976", valid: false, name: null },
      });
      const [mail] = await sentMails(db);
      expect(mail!.text).toContain(
        `VIES, the EU's register of VAT numbers, did not confirm your VAT number as valid, ${UNCONFIRMED_ENDING}`,
      );

      // Below the EU-wide threshold a consumer's sale abroad is taxed in Italy, and so is this one.
      await saveFiscalSettings(db, { ...TEST_FISCAL_SETTINGS, euConsumerSalesAboveThreshold: false });
      const italianVat = await paidOrder(db, GERMAN_BUSINESS);
      expect(await issueDueDocuments(services(database))).toEqual({ issued: 1, waiting: 0 });
      expect(await invoiceOf(db, italianVat.id)).toMatchObject({
        treatment: "eu-consumer-italian-vat",
        buyerType: "consumer",
        ratePercent: 22,
        natura: null,
        taxCents: 848,
      });

      // A refund's credit note follows its invoice: a consumer's sale with German VAT.
      await db.insert(paymentRecords).values({
        id: "re_unconfirmed",
        orderId: oss.id,
        kind: "refund",
        status: "succeeded",
        amountCents: 4700,
        currency: "eur",
        created: new Date("2026-11-28T10:00:00Z"),
        observedAt: new Date(),
      });
      await db.update(orders).set({ status: "refunded" }).where(eq(orders.id, oss.id));
      expect(await issueDueDocuments(services(database))).toEqual({ issued: 1, waiting: 0 });
      const [note] = await db.select().from(invoices).where(eq(invoices.cause, "re_unconfirmed"));
      expect(note).toMatchObject({
        kind: "credit-note",
        treatment: "eu-consumer-oss",
        buyerType: "consumer",
        ratePercent: 19,
        totalCents: 4700,
        vies: null,
      });
      await database.close();
    });

    it("takes VIES's answer about another number than the one asked for no confirmation", async () => {
      const database = await backend.open();
      const { db } = database;
      await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
      vies.answerAbout = "DE811569869";
      const order = await paidOrder(db, GERMAN_BUSINESS);
      expect(await issueDueDocuments(services(database))).toEqual({ issued: 1, waiting: 0 });
      expect(await invoiceOf(db, order.id)).toMatchObject({
        treatment: "eu-consumer-oss",
        buyerType: "consumer",
        ratePercent: 19,
        vies: { vatNumber: "DE811569869", valid: true },
      });
      await database.close();
    });

    it("invoices a VAT number of another country than the billing country with VAT, without asking VIES", async () => {
      const database = await backend.open();
      const { db } = database;
      await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
      // An Italian card's holder asks for an invoice as a German company.
      const order = await paidOrder(db, GERMAN_BUSINESS, { country: "IT" });
      expect(await issueDueDocuments(services(database))).toEqual({ issued: 1, waiting: 0 });
      expect(vies.requests).toEqual([]);
      expect(await invoiceOf(db, order.id)).toMatchObject({
        treatment: "italian-consumer",
        buyerType: "consumer",
        country: "IT",
        ratePercent: 22,
        taxCents: 848,
        vies: null,
      });
      const [mail] = await sentMails(db);
      expect(mail!.text).toContain(`Your VAT number is not from your billing country, ${UNCONFIRMED_ENDING}`);
      await database.close();
    });

    it("a flat-rate seller writes its Natura for foreign businesses only for a confirmed number, and N2.2 as for a consumer otherwise", async () => {
      const database = await backend.open();
      const { db } = database;
      await saveFiscalSettings(db, { ...TEST_FISCAL_SETTINGS, regime: "forfettario" });
      const confirmed = await paidOrder(db, GERMAN_BUSINESS);
      const otherCountry = await paidOrder(db, GERMAN_BUSINESS, { country: "FR" });
      expect(await issueDueDocuments(services(database))).toEqual({ issued: 2, waiting: 0 });
      const business = await invoiceOf(db, confirmed.id);
      expect(business).toMatchObject({ treatment: "flat-rate", buyerType: "business", natura: "N2.1" });
      expect(business.xml).toContain(
        `<RiferimentoNormativo>${REVERSE_CHARGE_WORDING}</RiferimentoNormativo>`,
      );
      const consumer = await invoiceOf(db, otherCountry.id);
      expect(consumer).toMatchObject({
        treatment: "flat-rate",
        buyerType: "consumer",
        country: "FR",
        natura: "N2.2",
        ratePercent: 0,
      });
      await database.close();
    });

    it("while VIES cannot answer the invoice waits with the reason on Fatture and is retried; VIES back, it is reverse-charged", async () => {
      const store = await testServices(backend, { VIES_URL: vies.url });
      try {
        const { db } = store.database;
        await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
        const order = await paidOrder(db, GERMAN_BUSINESS);
        vies.outage = { code: "MS_UNAVAILABLE" };
        expect(await issueDueDocuments(store)).toEqual({ issued: 0, waiting: 1 });
        const page = await loadInvoicesPage(store, new URL("http://shop.test/admin/fatture"));
        expect(page.waiting).toEqual([expect.objectContaining({ reference: order.reference })]);
        expect(page.waiting[0]!.problem).toMatch(
          /^Partita IVA UE DE136695976 non ancora confermata: VIES non ha risposto \(MS_UNAVAILABLE\)\. Riprovo a ogni passaggio; se non risponde entro il \d\d\/\d\d\/\d\d, \d\d:\d\d, la fattura sarà emessa con l'IVA, come a un privato\.$/,
        );
        expect((await db.select().from(invoices)).length).toBe(0);
        expect((await db.execute(sql`select * from invoice_series`)).rows).toEqual([]);

        vies.outage = { status: 503 };
        expect(await issueDueDocuments(store)).toEqual({ issued: 0, waiting: 1 });
        vies.outage = { code: "MS_MAX_CONCURRENT_REQ", status: 500 };
        expect(await issueDueDocuments(store)).toEqual({ issued: 0, waiting: 1 });
        expect((await db.select().from(invoiceRequests))[0]!.problem).toContain(
          "VIES non ha risposto (MS_MAX_CONCURRENT_REQ)",
        );
        expect(vies.requests).toHaveLength(3);

        vies.outage = null;
        expect(await issueDueDocuments(store)).toEqual({ issued: 1, waiting: 0 });
        expect(await invoiceOf(db, order.id)).toMatchObject({
          treatment: "eu-business",
          natura: "N2.1",
          vies: { valid: true, vatNumber: "DE136695976" },
        });
        expect((await db.select().from(invoiceRequests))[0]!.problem).toBeNull();
      } finally {
        await store.dispose();
      }
    });

    it("issues the invoice with VAT, as unconfirmed, once VIES has not answered for 48 hours since the request", async () => {
      const database = await backend.open();
      const { db } = database;
      await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
      const order = await paidOrder(db, GERMAN_BUSINESS);
      vies.outage = { code: "SERVICE_UNAVAILABLE" };
      const requestedAt = (hoursAgo: number) =>
        db
          .update(invoiceRequests)
          .set({ requestedAt: new Date(Date.now() - hoursAgo * HOUR) })
          .where(eq(invoiceRequests.orderId, order.id));
      await requestedAt(47);
      expect(await issueDueDocuments(services(database))).toEqual({ issued: 0, waiting: 1 });
      await requestedAt(49);
      expect(await issueDueDocuments(services(database))).toEqual({ issued: 1, waiting: 0 });
      expect(await invoiceOf(db, order.id)).toMatchObject({
        treatment: "eu-consumer-oss",
        buyerType: "consumer",
        country: "DE",
        ratePercent: 19,
        vies: null,
      });
      const [mail] = await sentMails(db);
      expect(mail!.text).toContain(
        `VIES, the EU's register of VAT numbers, could not be reached within 48 hours to confirm your VAT number, ${UNCONFIRMED_ENDING}`,
      );
      await database.close();
    });
  });
}

describe("asking VIES", () => {
  afterEach(() => {
    vies.outage = null;
    vies.delayMs = 0;
  });

  it("gives up on a VIES slower than its timeout, and reads its errors as no answer", async () => {
    vies.delayMs = 2_000;
    expect(await askVies(vies.url, "DE136695976", "12345678903", { timeoutMs: 200 })).toEqual({
      answered: false,
      reason: "timeout",
    });
    vies.delayMs = 0;
    vies.outage = { code: "TIMEOUT" };
    expect(await askVies(vies.url, "DE136695976", "12345678903")).toEqual({
      answered: false,
      reason: "TIMEOUT",
    });
    vies.outage = { code: "MS_UNAVAILABLE", status: 500 };
    expect(await askVies(vies.url, "DE136695976", "12345678903")).toEqual({
      answered: false,
      reason: "MS_UNAVAILABLE",
    });
    vies.outage = { status: 502 };
    expect(await askVies(vies.url, "DE136695976", "12345678903")).toEqual({
      answered: false,
      reason: "HTTP 502",
    });
    expect(await askVies(`http://127.0.0.1:${await freePort()}`, "DE136695976", "12345678903")).toEqual({
      answered: false,
      reason: "ECONNREFUSED",
    });
  });

  it("is refused by the fake as by VIES: a body that is not JSON, and a country outside VIES", async () => {
    const post = (body: string) =>
      fetch(`${vies.url}/check-vat-number`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    expect(await post("{countryCode")).toMatchObject({
      status: 400,
      body: { actionSucceed: false, errorWrappers: [{ error: "INVALID_INPUT" }] },
    });
    expect(await post(JSON.stringify({ countryCode: "GR", vatNumber: "094259216" }))).toMatchObject({
      status: 400,
      body: { actionSucceed: false, errorWrappers: [{ error: "INVALID_INPUT" }] },
    });
    expect(await askVies(vies.url, "GR094259216", "12345678903")).toEqual({
      answered: false,
      reason: "INVALID_INPUT",
    });
  });
});
