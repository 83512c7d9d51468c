import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courtesyCopyPdf } from "#app/lib/books/courtesy-copy.server.ts";
import type { Buyer } from "#app/lib/books/fatturapa.ts";
import { saveFiscalSettings } from "#app/lib/books/fiscal-settings.server.ts";
import { type IssuingServices, issueDueDocuments } from "#app/lib/books/issue-invoices.server.ts";
import { parsePeriod } from "#app/lib/books/period.ts";
import { buildRegisters } from "#app/lib/books/registers.server.ts";
import { type Database, openDatabase } from "#app/lib/db/database.server.ts";
import { startJobs } from "#app/lib/jobs.server.ts";
import { createMailer } from "#app/lib/mail/mailer.server.ts";
import { processOutbox } from "#app/lib/mail/outbox.server.ts";
import { emailOutbox, exchangeRates, invoiceRequests, invoices, orders, paymentRecords } from "#db/schema.ts";
import { startSmtp } from "../mocks/smtp.ts";
import { type FakeVies, startFakeVies } from "../mocks/vies.ts";
import { testBackends } from "../setup/databases.ts";
import { fatturaPaSchemaErrors } from "../setup/fatturapa-xsd.ts";
import { TEST_FISCAL_SETTINGS } from "../setup/seed-invoices.ts";
import { TEST_SELLER } from "../setup/seller.ts";
import { testServices } from "../setup/services.ts";

/** The ECB's file, served from a local address; `status` 503 makes it fail. */
const ecb = { status: 200, body: readFileSync("tests/fixtures/ecb/eurofxref-hist-90d.xml", "utf8") };
const ecbServer = createServer((_, response) => {
  response.writeHead(ecb.status, { "Content-Type": "text/xml" }).end(ecb.body);
});
let ecbUrl = "";
/** VIES, where the German business's VAT number is registered: its sales are reverse-charged. */
let vies: FakeVies;
beforeAll(async () => {
  await new Promise<void>((resolve) => ecbServer.listen(0, "127.0.0.1", resolve));
  ecbUrl = `http://127.0.0.1:${(ecbServer.address() as AddressInfo).port}/eurofxref-hist-90d.xml`;
  vies = await startFakeVies();
  vies.registered.set("DE136695976", "Müller Coaching GmbH");
});
afterAll(async () => {
  await new Promise<void>((resolve) => ecbServer.close(() => resolve()));
  await vies.close();
});

const services = (database: Database): IssuingServices => ({
  database,
  env: {
    ...TEST_SELLER,
    ECB_RATES_URL: ecbUrl,
    VIES_URL: vies.url,
    PUBLIC_URL: "https://shop.test",
    SUPPORT_EMAIL: "help@shop.test",
  },
  settings: { tokenSecrets: ["s".repeat(40)] },
});

const BUYERS = {
  italianConsumer: {
    name: { first: "Giulia", last: "D'Angelo" },
    codiceFiscale: "MRTMTT25D09F205Z",
    address: { street: "Corso Italia 10", postcode: "00198", city: "Roma", province: "RM", country: "IT" },
  },
  germanConsumer: {
    name: { first: "Lena", last: "Schäfer" },
    address: { street: "Hauptstraße 5", postcode: "10115", city: "Berlin", country: "DE" },
  },
  frenchConsumer: {
    name: { first: "Chloé", last: "Martin" },
    address: { street: "12 rue de Rivoli", postcode: "75001", city: "Paris", country: "FR" },
  },
  usConsumer: {
    name: { first: "Jane", last: "Doe" },
    address: { street: "1 Main St", postcode: "10001", city: "New York", country: "US" },
  },
  italianBusinessSdi: {
    name: { company: "Coaching & Co. S.r.l." },
    vatNumber: "IT00743110157",
    address: { street: "Via Torino 2", postcode: "10121", city: "Torino", province: "TO", country: "IT" },
    delivery: { codiceDestinatario: "M5UXCR1" },
  },
  italianBusinessPec: {
    name: { company: "Studio Bianchi S.r.l." },
    vatNumber: "IT00743110157",
    address: { street: "Via Po 3", postcode: "10124", city: "Torino", province: "TO", country: "IT" },
    delivery: { codiceDestinatario: "0000000", pec: "fatture@pec.studiobianchi.it" },
  },
  germanBusiness: {
    name: { company: "Müller Coaching GmbH" },
    vatNumber: "DE136695976",
    address: { street: "Marienplatz 1", postcode: "80331", city: "München", country: "DE" },
  },
  usBusiness: {
    name: { company: "Acme Coaching Inc." },
    vatNumber: "US123456789",
    address: { street: "2 Market St", postcode: "94105", city: "San Francisco", country: "US" },
  },
} satisfies Record<string, Buyer>;

/** Friday 27 November 2026, 10:00 in Rome: the ECB fixture has that day's rates. */
const PAID_AT = new Date("2026-11-27T09:00:00Z");

let orderCount = 0;
/** A paid order with an invoice request; returns its id. */
async function paidOrder(
  db: Database["db"],
  buyerType: "consumer" | "business",
  buyer: Buyer,
  options: { amountCents?: number; currency?: string; country?: string | null; paidAt?: Date } = {},
) {
  orderCount++;
  const [order] = await db
    .insert(orders)
    .values({
      email: `buyer${orderCount}@example.com`,
      amountCents: options.amountCents ?? 4700,
      currency: options.currency ?? "usd",
      provider: "stripe",
      livemode: true,
      providerSessionId: `cs_test_invoice_${orderCount}_${Date.now()}`,
      status: "paid",
      paidAt: options.paidAt ?? PAID_AT,
      country: options.country === undefined ? buyer.address.country : options.country,
    })
    .returning();
  await db.insert(invoiceRequests).values({ orderId: order!.id, buyerType, buyer, via: "checkout" });
  return order!;
}

async function fetchRates(db: Database["db"]) {
  const { fetchEcbRates } = await import("#app/lib/books/exchange-rates.server.ts");
  await fetchEcbRates(db, ecbUrl);
}

const value = (xml: string, element: string) =>
  [...xml.matchAll(new RegExp(`<${element}>([^<]*)</${element}>`, "g"))].map((m) => m[1]);
const cents = (amount: string | undefined) => Math.round(Number(amount) * 100);

/** The order's one invoice, after the schema found nothing to say about its XML. */
async function validInvoice(
  db: Database["db"],
  orderId: string,
  kind: "invoice" | "credit-note" = "invoice",
) {
  const rows = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  const row = rows.find((r) => r.kind === kind);
  expect(row, `the order's ${kind}`).toBeDefined();
  expect(await fatturaPaSchemaErrors(row!.xml)).toEqual([]);
  return row!;
}

for (const backend of testBackends()) {
  describe(`issuing invoices on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("issues one valid invoice per buyer type and regime, in euro at the ECB's rate of the sale's day, adding up to the charge", async () => {
      const database = await backend.open();
      const { db } = database;
      await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
      await fetchRates(db);
      const cases = [
        { buyerType: "consumer", buyer: BUYERS.italianConsumer, rate: "22.00", natura: [] },
        { buyerType: "consumer", buyer: BUYERS.germanConsumer, rate: "0.00", natura: ["N7", "N7", "N7"] },
        { buyerType: "consumer", buyer: BUYERS.frenchConsumer, rate: "0.00", natura: ["N7", "N7", "N7"] },
        { buyerType: "consumer", buyer: BUYERS.usConsumer, rate: "0.00", natura: ["N2.1", "N2.1"] },
        { buyerType: "business", buyer: BUYERS.italianBusinessSdi, rate: "22.00", natura: [] },
        { buyerType: "business", buyer: BUYERS.italianBusinessPec, rate: "22.00", natura: [] },
        { buyerType: "business", buyer: BUYERS.germanBusiness, rate: "0.00", natura: ["N2.1", "N2.1"] },
        { buyerType: "business", buyer: BUYERS.usBusiness, rate: "0.00", natura: ["N2.1", "N2.1"] },
      ] as const;
      const made = [];
      for (const c of cases) made.push(await paidOrder(db, c.buyerType, c.buyer));
      expect(await issueDueDocuments(services(database))).toEqual({ issued: cases.length, waiting: 0 });

      for (const [index, c] of cases.entries()) {
        const row = await validInvoice(db, made[index]!.id);
        // USD 47.00 at 1.0542 USD per euro: EUR 44.58.
        expect(row.totalCents).toBe(4458);
        expect(row.taxableCents + row.taxCents).toBe(4458);
        expect(cents(value(row.xml, "ImportoTotaleDocumento")[0])).toBe(4458);
        expect(value(row.xml, "AliquotaIVA").at(-1)).toBe(c.rate);
        expect(value(row.xml, "Natura")).toEqual(c.natura);
        expect(row).toMatchObject({
          kind: "invoice",
          series: "FT",
          year: 2026,
          date: "2026-11-27",
          chargedCents: 4700,
          chargedCurrency: "USD",
          eurRate: 1.0542,
          rateDay: "2026-11-27",
          buyerType: c.buyerType,
          country: c.buyer.address.country,
        });
        expect(value(row.xml, "Numero")).toEqual([`FT/${row.number}`]);
        expect(value(row.xml, "Descrizione")[0]).toBe(
          "Life Coaching Branding Toolkit v2.0 - licenza d&apos;uso digitale (download)",
        );
        expect(value(row.xml, "Causale")).toEqual([
          "Corrispettivo USD 47.00 convertito al cambio BCE del 2026-11-27: 1 EUR = 1.0542 USD (art. 13 c. 4 DPR 633/72)",
        ]);
      }
      const [italian, german, french] = await Promise.all(
        made.slice(0, 3).map((order) => validInvoice(db, order.id)),
      );
      expect(italian).toMatchObject({ taxableCents: 3654, taxCents: 804, ratePercent: 22, natura: null });
      expect(german).toMatchObject({
        treatment: "eu-consumer-oss",
        ratePercent: 19,
        natura: "N7",
        taxCents: 712,
      });
      expect(french).toMatchObject({ ratePercent: 20, taxableCents: 3715, taxCents: 743 });
      const pec = await validInvoice(db, made[5]!.id);
      expect(value(pec.xml, "PECDestinatario")).toEqual(["fatture@pec.studiobianchi.it"]);
      const sdi = await validInvoice(db, made[4]!.id);
      expect(value(sdi.xml, "CodiceDestinatario")).toEqual(["M5UXCR1"]);
      expect(value((await validInvoice(db, made[6]!.id)).xml, "CodiceDestinatario")).toEqual(["XXXXXXX"]);
      // Numbers follow one another without a gap, and a second run issues nothing more.
      const numbers = (await db.select({ n: invoices.number }).from(invoices))
        .map((r) => r.n)
        .sort((a, b) => a - b);
      expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(await issueDueDocuments(services(database))).toEqual({ issued: 0, waiting: 0 });
      await database.close();
    });

    it("a flat-rate seller invoices without VAT (N2.2) and declares stamp duty only above EUR 77.47", async () => {
      const database = await backend.open();
      const { db } = database;
      await saveFiscalSettings(db, { ...TEST_FISCAL_SETTINGS, regime: "forfettario" });
      await fetchRates(db);
      const small = await paidOrder(db, "consumer", BUYERS.italianConsumer, { amountCents: 4700 });
      const large = await paidOrder(db, "business", BUYERS.italianBusinessSdi, { amountCents: 12_000 });
      const euro = await paidOrder(db, "business", BUYERS.italianBusinessSdi, {
        amountCents: 7748,
        currency: "eur",
      });
      await issueDueDocuments(services(database));
      const smallRow = await validInvoice(db, small.id);
      expect(smallRow).toMatchObject({
        treatment: "flat-rate",
        natura: "N2.2",
        taxCents: 0,
        stampDutyCents: 0,
      });
      expect(value(smallRow.xml, "RegimeFiscale")).toEqual(["RF19"]);
      const largeRow = await validInvoice(db, large.id);
      // USD 120.00 at 1.0542: EUR 113.83, above EUR 77.47.
      expect(largeRow).toMatchObject({ totalCents: 11383, stampDutyCents: 200, natura: "N2.2" });
      expect(value(largeRow.xml, "ImportoBollo")).toEqual(["2.00"]);
      const euroRow = await validInvoice(db, euro.id);
      expect(euroRow).toMatchObject({ totalCents: 7748, stampDutyCents: 200, eurRate: null, rateDay: null });
      expect(value(euroRow.xml, "Causale")).toEqual([
        "Operazione effettuata ai sensi dell&apos;art. 1, commi da 54 a 89, L. 190/2014 - Regime forfettario",
      ]);
      await database.close();
    });

    it("gives 20 requests numbers 1 to 20 without a gap when two runs issue them at once", async () => {
      const database = await backend.open();
      const { db } = database;
      await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
      await fetchRates(db);
      for (let i = 0; i < 20; i++) await paidOrder(db, "business", BUYERS.germanBusiness);
      const runs = await Promise.all([
        issueDueDocuments(services(database)),
        issueDueDocuments(services(database)),
      ]);
      expect(runs[0]!.issued + runs[1]!.issued).toBe(20);
      const rows = await db.select().from(invoices);
      expect(rows.map((r) => r.number).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      expect(new Set(rows.map((r) => r.orderId)).size).toBe(20);
      await database.close();
    });

    if (backend.freshUrl)
      it("gives 20 requests numbers 1 to 20 without a gap when two instances issue them at once", async () => {
        const url = await backend.freshUrl!();
        const one = await openDatabase({ url, dataDir: null });
        const two = await openDatabase({ url, dataDir: null });
        await saveFiscalSettings(one.db, TEST_FISCAL_SETTINGS);
        await fetchRates(one.db);
        for (let i = 0; i < 20; i++) await paidOrder(one.db, "consumer", BUYERS.usConsumer);
        const runs = await Promise.all([issueDueDocuments(services(one)), issueDueDocuments(services(two))]);
        expect(runs[0]!.issued + runs[1]!.issued).toBe(20);
        const rows = await one.db.select().from(invoices);
        expect(rows.map((r) => r.number).sort((a, b) => a - b)).toEqual(
          Array.from({ length: 20 }, (_, i) => i + 1),
        );
        expect(await one.db.select().from(emailOutbox)).toHaveLength(20);
        await Promise.all([one.close(), two.close()]);
      });

    it("refuses while the fiscal settings are incomplete, saying what is missing, and uses no number", async () => {
      const database = await backend.open();
      const { db } = database;
      await fetchRates(db);
      const order = await paidOrder(db, "business", BUYERS.italianBusinessSdi);
      expect(await issueDueDocuments(services(database))).toEqual({ issued: 0, waiting: 1 });
      const [request] = await db.select().from(invoiceRequests);
      expect(request!.problem).toBe(
        "Impostazioni fiscali incomplete: Manca il regime IVA (ordinario o forfettario). Manca l'indirizzo della sede (via, comune). Manca il CAP della sede (5 cifre). Manca la provincia della sede (2 lettere, per esempio MI).",
      );
      expect((await db.execute(sql`select * from invoice_series`)).rows).toEqual([]);
      await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
      expect(await issueDueDocuments(services(database))).toEqual({ issued: 1, waiting: 0 });
      expect((await validInvoice(db, order.id)).number).toBe(1);
      expect((await db.select().from(invoiceRequests))[0]!.problem).toBeNull();
      await database.close();
    });

    it("waits for the ECB's rate of the sale's day, then issues at that rate", async () => {
      const database = await backend.open();
      const { db } = database;
      await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
      ecb.status = 503;
      try {
        // Monday 30 November: the ECB has not published it yet (the fixture ends on Friday 27).
        const order = await paidOrder(db, "consumer", BUYERS.usConsumer, {
          paidAt: new Date("2026-11-30T15:00:00Z"),
        });
        expect(await issueDueDocuments(services(database))).toEqual({ issued: 0, waiting: 1 });
        expect((await db.select().from(invoiceRequests))[0]!.problem).toBe(
          "Cambio BCE del 2026-11-30 non ancora disponibile: riprovo più tardi.",
        );
        // Friday's rate alone does not stand for Monday: Monday's may still come.
        await db.insert(exchangeRates).values({ day: "2026-11-27", currency: "USD", perEuro: 1.0542 });
        expect(await issueDueDocuments(services(database))).toEqual({ issued: 0, waiting: 1 });
        await db.insert(exchangeRates).values({ day: "2026-11-30", currency: "USD", perEuro: 1.06 });
        expect(await issueDueDocuments(services(database))).toEqual({ issued: 1, waiting: 0 });
        expect(await validInvoice(db, order.id)).toMatchObject({
          totalCents: 4434,
          eurRate: 1.06,
          rateDay: "2026-11-30",
        });
      } finally {
        ecb.status = 200;
      }
      await database.close();
    });

    it("a sale on a Saturday takes Friday's rate once Monday's is published", async () => {
      const database = await backend.open();
      const { db } = database;
      await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
      await fetchRates(db);
      await db.insert(exchangeRates).values({ day: "2026-11-30", currency: "USD", perEuro: 1.06 });
      const order = await paidOrder(db, "consumer", BUYERS.usConsumer, {
        paidAt: new Date("2026-11-28T12:00:00Z"),
      });
      await issueDueDocuments(services(database));
      expect(await validInvoice(db, order.id)).toMatchObject({
        date: "2026-11-28",
        rateDay: "2026-11-27",
        totalCents: 4458,
      });
      await database.close();
    });

    it("a field FatturaPA refuses becomes the request's problem in Italian, gives its number back and blocks no other request", async () => {
      const database = await backend.open();
      const { db } = database;
      await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
      await fetchRates(db);
      const bad = await paidOrder(db, "business", {
        ...BUYERS.germanBusiness,
        name: { company: "Łódź Coaching" },
      });
      const good = await paidOrder(db, "business", BUYERS.germanBusiness);
      expect(await issueDueDocuments(services(database))).toEqual({ issued: 1, waiting: 1 });
      const [request] = await db.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, bad.id));
      expect(request!.problem).toBe(
        'Fattura non emessa: il campo "ragione sociale" dell\'acquirente non è accettato dalla fattura elettronica (The company name has a character an Italian e-invoice cannot carry: "Ł". Use Latin letters (accents like à, é, ö are fine).)',
      );
      expect((await validInvoice(db, good.id)).number).toBe(1);
      await database.close();
    });

    it("a refund after the invoice gives one credit note (TD04) at the invoice's rate; partial refunds and a lost dispute too", async () => {
      const database = await backend.open();
      const { db } = database;
      await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
      await fetchRates(db);
      const full = await paidOrder(db, "business", BUYERS.italianBusinessSdi, {
        paidAt: new Date("2026-11-25T09:00:00Z"),
      });
      const partial = await paidOrder(db, "consumer", BUYERS.germanConsumer, {
        paidAt: new Date("2026-11-25T09:00:00Z"),
      });
      const disputed = await paidOrder(db, "business", BUYERS.usBusiness, {
        paidAt: new Date("2026-11-25T09:00:00Z"),
      });
      await issueDueDocuments(services(database));
      const record = (
        id: string,
        orderId: string,
        kind: "refund" | "dispute",
        status: string,
        amountCents: number,
      ) => ({
        id,
        orderId,
        kind,
        status,
        amountCents,
        currency: "usd",
        created: new Date("2026-11-27T16:00:00Z"),
        observedAt: new Date(),
      });
      await db
        .insert(paymentRecords)
        .values([
          record("re_full", full.id, "refund", "succeeded", 4700),
          record("re_partial", partial.id, "refund", "succeeded", 1000),
          record("re_pending", partial.id, "refund", "pending", 500),
          record("du_lost", disputed.id, "dispute", "lost", 4700),
        ]);
      await db.update(orders).set({ status: "refunded" }).where(eq(orders.id, full.id));
      expect(await issueDueDocuments(services(database))).toEqual({ issued: 3, waiting: 0 });
      const invoice = await validInvoice(db, full.id);
      const note = await validInvoice(db, full.id, "credit-note");
      expect(value(note.xml, "TipoDocumento")).toEqual(["TD04"]);
      expect(value(note.xml, "IdDocumento")).toEqual([`FT/${invoice.number}`]);
      expect(value(note.xml, "Data")).toEqual(["2026-11-27", "2026-11-25"]);
      expect(note).toMatchObject({
        series: "FT",
        date: "2026-11-27",
        creditNoteOf: invoice.id,
        cause: "re_full",
        totalCents: 4472,
        eurRate: 1.0511,
        rateDay: "2026-11-25",
        treatment: "italian-business",
      });
      // USD 47.00 at the 25th's 1.0511: EUR 44.72, the invoice and its credit note alike.
      expect(invoice.totalCents).toBe(4472);
      // Credit notes take the next numbers of the invoices' series.
      const notes = (await db.select().from(invoices)).filter((r) => r.kind === "credit-note");
      expect(notes.map((r) => r.number).sort()).toEqual([4, 5, 6]);
      const partialNote = await validInvoice(db, partial.id, "credit-note");
      // USD 10.00 at the invoice's 1.0511: EUR 9.51, German VAT included, as on the invoice.
      expect(partialNote).toMatchObject({
        totalCents: 951,
        treatment: "eu-consumer-oss",
        ratePercent: 19,
        cause: "re_partial",
      });
      expect(value(partialNote.xml, "Causale")).toEqual([
        "Rimborso USD 10.00 convertito al cambio BCE del 2026-11-25: 1 EUR = 1.0511 USD (art. 13 c. 4 DPR 633/72)",
      ]);
      expect(await validInvoice(db, disputed.id, "credit-note")).toMatchObject({
        cause: "du_lost",
        natura: "N2.1",
      });
      // The same refund seen again (a repeated event) gives no second credit note.
      await db.update(paymentRecords).set({ observedAt: new Date() }).where(eq(paymentRecords.id, "re_full"));
      expect(await issueDueDocuments(services(database))).toEqual({ issued: 0, waiting: 0 });
      expect(await db.select().from(invoices)).toHaveLength(6);
      await database.close();
    });

    it("a full refund's credit note cancels its invoice to the cent, taxable, VAT and stamp duty included, and the sales register nets the sale to zero", async () => {
      const database = await backend.open();
      const { db } = database;
      await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
      await fetchRates(db);
      const onThe25th = { paidAt: new Date("2026-11-25T09:00:00Z") };
      const italian = await paidOrder(db, "business", BUYERS.italianBusinessSdi, onThe25th);
      // USD 81.65 without VAT: EUR 77.68 at the 25th's rate, over the stamp duty's EUR 77.47 (the
      // 27th's rate would make it EUR 77.45, under it).
      const german = await paidOrder(db, "business", BUYERS.germanBusiness, {
        ...onThe25th,
        amountCents: 8165,
      });
      // Refunded in two parts, USD 10.00 and 37.00: EUR 9.51 and 35.20 alone, a cent short of EUR 44.72.
      const inParts = await paidOrder(db, "business", BUYERS.italianBusinessSdi, onThe25th);
      await issueDueDocuments(services(database));
      const refund = (id: string, orderId: string, amountCents: number, created: string) => ({
        id,
        orderId,
        kind: "refund" as const,
        status: "succeeded",
        amountCents,
        currency: "usd",
        created: new Date(created),
        observedAt: new Date(),
      });
      await db
        .insert(paymentRecords)
        .values([
          refund("re_italian", italian.id, 4700, "2026-11-27T10:00:00Z"),
          refund("re_german", german.id, 8165, "2026-11-27T10:00:00Z"),
          refund("re_first_part", inParts.id, 1000, "2026-11-26T10:00:00Z"),
          refund("re_second_part", inParts.id, 3700, "2026-11-27T10:00:00Z"),
        ]);
      await db.update(orders).set({ status: "refunded" });
      expect(await issueDueDocuments(services(database))).toEqual({ issued: 4, waiting: 0 });

      const amounts = (row: typeof invoices.$inferSelect) => ({
        totalCents: row.totalCents,
        taxableCents: row.taxableCents,
        taxCents: row.taxCents,
        stampDutyCents: row.stampDutyCents,
        eurRate: row.eurRate,
        rateDay: row.rateDay,
        summary: ["ImponibileImporto", "Imposta", "ImportoTotaleDocumento", "ImportoBollo"].map((element) =>
          value(row.xml, element),
        ),
      });
      for (const order of [italian, german]) {
        const invoice = await validInvoice(db, order.id);
        const note = await validInvoice(db, order.id, "credit-note");
        expect(amounts(note)).toEqual(amounts(invoice));
        expect(value(note.xml, "Causale")).toEqual(
          value(invoice.xml, "Causale").map((causale) => causale!.replace("Corrispettivo", "Rimborso")),
        );
      }
      expect(await validInvoice(db, german.id, "credit-note")).toMatchObject({
        totalCents: 7768,
        stampDutyCents: 200,
      });
      const parts = await db
        .select()
        .from(invoices)
        .where(eq(invoices.orderId, inParts.id))
        .orderBy(invoices.number);
      expect(parts.map((row) => [row.kind, row.totalCents, row.eurRate])).toEqual([
        ["invoice", 4472, 1.0511],
        ["credit-note", 951, 1.0511],
        ["credit-note", 3521, 1.0511],
      ]);

      const registers = await buildRegisters(db, services(database).env, parsePeriod("2026-11")!);
      expect(registers.problems).toEqual([]);
      const rowsOf = (order: { reference: string }) =>
        registers.rows.filter((row) => row.reference === order.reference);
      /** The order's total, taxable and VAT over its register rows. */
      const net = (order: { reference: string }) =>
        (["totalCents", "taxableCents", "taxCents"] as const).map((figure) =>
          rowsOf(order).reduce((sum, row) => sum + row.euro![figure]!, 0),
        );
      expect(rowsOf(italian).map((row) => row.kind)).toEqual(["sale", "refund"]);
      expect(rowsOf(inParts).map((row) => row.kind)).toEqual(["sale", "refund", "refund"]);
      expect([net(italian), net(german)]).toEqual([
        [0, 0, 0],
        [0, 0, 0],
      ]);
      expect(net(inParts)[0]).toBe(0);
      for (const row of [italian, german, inParts].flatMap(rowsOf))
        expect(row.rate, `${row.kind} of ${row.reference}`).toEqual({ perEuro: 1.0511, day: "2026-11-25" });
      await database.close();
    });

    it("issues at once when a payment is recorded (the outbox's kick), not 30 seconds later, and the e-mail follows", async () => {
      const smtp = await startSmtp();
      const store = await testServices(backend, {
        ECB_RATES_URL: ecbUrl,
        VIES_URL: vies.url,
        SMTP_URL: smtp.url,
      });
      const jobs = await startJobs(store);
      try {
        const { db } = store.database;
        await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
        await fetchRates(db);
        // The job's first run, at start, found nothing to issue.
        await new Promise((resolve) => setTimeout(resolve, 500));
        const order = await paidOrder(db, "business", BUYERS.germanBusiness);
        const kickedAt = Date.now();
        store.kickOutbox();
        await expect.poll(() => smtp.messages.length, { timeout: 10_000 }).toBe(1);
        expect(Date.now() - kickedAt).toBeLessThan(10_000);
        expect(smtp.messages[0]!.subject).toBe(`Your invoice FT/1 for order ${order.reference}`);
        expect(smtp.messages[0]!.text).toContain("the attached PDF is your copy of it");
        await validInvoice(db, order.id);
      } finally {
        await jobs.stop();
        await store.dispose();
        await smtp.close();
      }
    });

    it("e-mails the courtesy copy through SMTP, with its PDF and the sentence on where the valid invoice is", async () => {
      const database = await backend.open();
      const { db } = database;
      await saveFiscalSettings(db, TEST_FISCAL_SETTINGS);
      await fetchRates(db);
      const order = await paidOrder(db, "business", BUYERS.italianBusinessSdi);
      await issueDueDocuments(services(database));
      const smtp = await startSmtp();
      const mailer = createMailer({
        smtpUrl: smtp.url,
        from: "shop@shop.test",
        mailDir: "unused",
        seller: "Coaching Shop Srl",
      });
      try {
        expect(await processOutbox(db, mailer)).toBe(1);
        const [mail] = smtp.messages;
        expect(mail!.subject).toBe(`Your invoice FT/1 for order ${order.reference}`);
        expect(mail!.text).toContain(
          "The legally valid invoice is the electronic one delivered through the Italian Sistema di Interscambio (SDI), to your SDI recipient code M5UXCR1.",
        );
        expect(mail!.text).toMatch(/download it again at any time: https:\/\/shop\.test\/invoice\/\S+/);
        expect(mail!.attachments).toHaveLength(1);
        const [pdf] = mail!.attachments;
        expect(pdf).toMatchObject({ filename: "fattura-FT-2026-1.pdf", contentType: "application/pdf" });
        expect(pdf!.content.subarray(0, 5).toString()).toBe("%PDF-");
        const invoice = await validInvoice(db, order.id);
        expect(pdf!.content.equals(await courtesyCopyPdf(invoice.xml))).toBe(true);
        // Once sent, the outbox keeps neither the link nor the PDF (the invoice itself is kept).
        const [row] = await db.select().from(emailOutbox);
        expect(row!.payload).toMatchObject({ link: null, pdf: null, number: "FT/1" });
      } finally {
        mailer.close();
        await smtp.close();
      }
      await database.close();
    });
  });
}
