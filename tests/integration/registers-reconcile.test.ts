/**
 * The registers reconcile with Stripe: a quarter of purchases from buyers in IT, DE, FR and the US,
 * two of them businesses with invoices, full and partial refunds and a lost dispute, made on the
 * fake Stripe (its wire format) and recorded by the store from Stripe's webhooks. The export's sales
 * add up to what Stripe charged in the period, its refunds to what Stripe gave back, its euro figures
 * to the conversions at the stored ECB rates, and the OSS lines to the EU consumers' rows.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toEuroCents } from "#app/lib/books/exchange-rates.server.ts";
import { fatturaPaFileName, fatturaPaXml } from "#app/lib/books/fatturapa.ts";
import {
  readFiscalSettings,
  saveFiscalSettings,
  storedFiscalSettings,
} from "#app/lib/books/fiscal-settings.server.ts";
import { parsePeriod } from "#app/lib/books/period.ts";
import { buildRegisters } from "#app/lib/books/registers.server.ts";
import { registerCsv } from "#app/lib/books/registers-csv.server.ts";
import { type BuyerType, treatmentOf } from "#app/lib/books/sale-regime.ts";
import { splitInclusive } from "#app/lib/books/tax-split.ts";
import { createOrder } from "#app/lib/checkout/create-order.server.ts";
import { exchangeRates, invoiceRequests, invoices, orders } from "#db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { stripeTestServices, type TestServices } from "../setup/services.ts";

const WEBHOOK_SECRET = "whsec_registers";
/** USD per euro on the days of the quarter's sales, and on its last day (the OSS return's rate). */
const USD_RATES: Record<string, number> = {
  "2026-06-30": 1.1,
  "2026-07-10": 1.0875,
  "2026-07-20": 1.0912,
  "2026-08-12": 1.1034,
  "2026-08-20": 1.0999,
  "2026-09-01": 1.0781,
  "2026-09-02": 1.0815,
  "2026-09-30": 1.0644,
  // 31 October 2026 is a Saturday: the OSS return of October takes Monday's rate.
  "2026-10-30": 1.071,
  "2026-11-02": 1.0733,
};

/** A Rome time as an instant (summer time, UTC+2, until 25 October 2026). */
const rome = (local: string) => new Date(`${local}+02:00`);

for (const backend of testBackends()) {
  describe(`the registers reconciled with Stripe on ${backend.name}`, () => {
    let stripe: FakeStripe;
    let services: TestServices;

    beforeEach(async () => {
      // A live account: only live payments enter the books.
      stripe = await startFakeStripe(0, { livemode: true });
      services = await stripeTestServices(backend, stripe, WEBHOOK_SECRET, {
        STRIPE_SECRET_KEY: "sk_live_store",
        // Never the ECB itself: every rate the test needs is stored below.
        ECB_RATES_URL: "http://127.0.0.1:9/eurofxref-hist-90d.xml",
      });
      await seedProduct(services);
      await saveFiscalSettings(
        services.database.db,
        storedFiscalSettings.parse({
          regime: "ordinario",
          street: "Via Roma 1",
          postcode: "20121",
          city: "Milano",
          province: "MI",
        }),
      );
      await services.database.db
        .insert(exchangeRates)
        .values(Object.entries(USD_RATES).map(([day, perEuro]) => ({ day, currency: "USD", perEuro })));
      vi.useFakeTimers({ toFake: ["Date"] });
    });
    afterEach(async () => {
      vi.useRealTimers();
      await services.dispose();
      await stripe.close();
    });
    afterAll(() => backend.cleanup());

    /** Runs `action` on Stripe at `at` and delivers the events it made to the store's webhook. */
    const onStripe = async <T>(at: Date, action: () => T): Promise<T> => {
      vi.setSystemTime(at);
      const before = stripe.events.length;
      const result = action();
      for (const event of stripe.events.slice(before)) expect((await stripe.deliver(event)).status).toBe(200);
      return result;
    };
    /** A buyer from `country` pays at `at`; returns the order's id and payment intent. */
    const purchase = async (at: Date, country: string) => {
      vi.setSystemTime(at);
      const { orderId } = await createOrder(services, {
        email: `${country.toLowerCase()}-${at.getTime()}@example.com`,
        consent: true,
      });
      const [order] = await services.database.db.select().from(orders).where(eq(orders.id, orderId));
      const session = await onStripe(at, () => stripe.pay(order!.providerSessionId!, { country }));
      return { orderId, paymentIntent: session.payment_intent! };
    };

    /** The store's invoice for a business buyer, as the issuing job writes it: converted at the day's rate, with its XML. */
    const invoiceFor = async (
      orderId: string,
      buyerType: BuyerType,
      country: string,
      day: string,
      kind: "invoice" | "credit-note" = "invoice",
      extra: { cents?: number; creditNoteOf?: string; cause?: string; number?: number } = {},
    ) => {
      const db = services.database.db;
      const fiscal = await readFiscalSettings(db, services.env);
      const treatment = treatmentOf({ seller: "ordinario", buyer: buyerType, country }, fiscal.books);
      const chargedCents = extra.cents ?? 4700;
      const perEuro = USD_RATES[day]!;
      const totalCents = toEuroCents(chargedCents, perEuro);
      const split = splitInclusive([totalCents], treatment.ratePercent);
      const buyer = {
        name: { company: `${country} Buyer Ltd` },
        address: {
          street: "Main Street 1",
          postcode: country === "IT" ? "20100" : "00000",
          city: "Town",
          country,
        },
        vatNumber: country === "IT" ? "IT12345678903" : "DE136695976",
      };
      const number = extra.number ?? 1;
      const xml = fatturaPaXml({
        type: kind,
        number: `FT/${number}`,
        date: day,
        seller: fiscal.seller!,
        buyer,
        lines: [{ description: "Life Coaching Branding Toolkit v2.0", grossCents: totalCents }],
        treatment,
        progressive: number,
        ...(kind === "credit-note" && { creditNoteOf: { number: "FT/1", date: "2026-09-01" } }),
      });
      await db
        .insert(invoiceRequests)
        .values({ orderId, buyerType, buyer, via: "checkout" })
        .onConflictDoNothing();
      await db.insert(invoices).values({
        orderId,
        kind,
        series: "FT",
        year: 2026,
        number,
        fileName: fatturaPaFileName(fiscal.seller!.partitaIva, number),
        date: day,
        treatment: treatment.kind,
        buyerType,
        country,
        ratePercent: treatment.ratePercent,
        natura: treatment.natura ?? null,
        totalCents,
        taxableCents: split.taxableCents,
        taxCents: split.taxCents,
        chargedCents,
        chargedCurrency: "usd",
        eurRate: perEuro,
        rateDay: day,
        buyer,
        creditNoteOf: extra.creditNoteOf ?? null,
        cause: extra.cause ?? null,
        xml,
      });
      const [row] = await db.select().from(invoices).where(eq(invoices.number, number));
      return row!;
    };

    /** The quarter's purchases, refunds and dispute, as they happen on Stripe. */
    const aQuarterOfSales = async () => {
      // Sold in the second quarter, refunded in the third: it reduces the third.
      const june = await purchase(rome("2026-06-30T18:00:00"), "DE");
      const italian = await purchase(rome("2026-07-10T10:00:00"), "IT");
      const german = await purchase(rome("2026-07-20T11:00:00"), "DE");
      const french = await purchase(rome("2026-08-12T12:00:00"), "FR");
      await purchase(rome("2026-08-20T13:00:00"), "US");
      const business = await purchase(rome("2026-09-01T09:00:00"), "IT");
      const euBusiness = await purchase(rome("2026-09-02T09:00:00"), "DE");
      // Half an hour before the quarter ends in Rome (21:30 UTC): the third quarter's.
      const late = await purchase(rome("2026-09-30T23:30:00"), "FR");
      const invoice = await invoiceFor(business.orderId, "business", "IT", "2026-09-01", "invoice", {
        number: 1,
      });
      await invoiceFor(euBusiness.orderId, "business", "DE", "2026-09-02", "invoice", { number: 2 });

      await onStripe(rome("2026-07-05T10:00:00"), () => stripe.dashboardRefund(june.paymentIntent));
      await onStripe(rome("2026-08-03T10:00:00"), () => stripe.dashboardRefund(italian.paymentIntent));
      await onStripe(rome("2026-09-05T10:00:00"), () => stripe.dashboardRefund(german.paymentIntent, 1000));
      const dispute = await onStripe(rome("2026-09-15T10:00:00"), () =>
        stripe.openDispute(french.paymentIntent),
      );
      await onStripe(rome("2026-09-25T10:00:00"), () => stripe.closeDispute(dispute.id, "lost"));
      const partial = await onStripe(rome("2026-09-10T10:00:00"), () =>
        stripe.dashboardRefund(business.paymentIntent, 2000),
      );
      await invoiceFor(business.orderId, "business", "IT", "2026-09-01", "credit-note", {
        cents: 2000,
        creditNoteOf: invoice.id,
        cause: partial.id,
        number: 3,
      });
      // Refunded in the fourth quarter: not the third's.
      await onStripe(rome("2026-10-02T10:00:00"), () => stripe.dashboardRefund(late.paymentIntent));
      vi.setSystemTime(rome("2026-11-28T10:00:00"));
    };

    const inQuarter = (seconds: number, period = parsePeriod("2026-T3")!) =>
      seconds * 1000 >= period.start.getTime() && seconds * 1000 < period.end.getTime();
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

    it("adds up to what Stripe charged and refunded in the quarter, at the stored ECB rates", async () => {
      await aQuarterOfSales();
      const period = parsePeriod("2026-T3")!;
      const registers = await buildRegisters(services.database.db, services.env, period);
      expect(registers.problems).toEqual([]);

      const sales = registers.rows.filter((row) => row.kind === "sale");
      const charged = [...stripe.charges.values()].filter((charge) => inQuarter(charge.created));
      expect(sales).toHaveLength(charged.length);
      expect(sum(sales.map((row) => row.chargedCents))).toBe(sum(charged.map((charge) => charge.amount)));
      expect(sales.map((row) => row.currency)).toEqual(charged.map(() => "USD"));

      const refunds = registers.rows.filter((row) => row.kind === "refund");
      const refunded = [...stripe.refundObjects.values()].filter((refund) => inQuarter(refund.created));
      expect(refunds).toHaveLength(4);
      expect(sum(refunds.map((row) => row.chargedCents))).toBe(-sum(refunded.map((refund) => refund.amount)));
      const lost = registers.rows.filter((row) => row.kind === "dispute-lost");
      const disputes = [...stripe.disputes.values()].filter(
        (d) => d.status === "lost" && inQuarter(d.created),
      );
      expect(sum(lost.map((row) => row.chargedCents))).toBe(-sum(disputes.map((d) => d.amount)));

      // Without invoice: converted at the ECB rate of the sale's day, split at the treatment's rate.
      for (const row of registers.rows.filter((r) => !r.document)) {
        const perEuro = USD_RATES[row.saleDate]!;
        const euro = toEuroCents(Math.abs(row.chargedCents), perEuro);
        const split = splitInclusive([euro], row.ratePercent!);
        const sign = Math.sign(row.chargedCents);
        expect(row.rate, row.reference).toEqual({ perEuro, day: row.saleDate });
        expect(row.euro, row.reference).toEqual({
          totalCents: sign * euro,
          taxableCents: sign * split.taxableCents,
          taxCents: sign * split.taxCents,
        });
      }
      // With an invoice or credit note: its figures, as its XML carries them.
      const storedInvoices = await services.database.db.select().from(invoices);
      for (const row of registers.rows.filter((r) => r.document)) {
        const invoice = storedInvoices.find((i) => `${i.series}/${i.number}` === row.document)!;
        const sign = invoice.kind === "credit-note" ? -1 : 1;
        expect(row.euro).toEqual({
          totalCents: sign * invoice.totalCents,
          taxableCents: sign * invoice.taxableCents,
          taxCents: sign * invoice.taxCents,
        });
        expect(invoice.xml).toContain(`<ImportoTotaleDocumento>${(invoice.totalCents / 100).toFixed(2)}`);
      }

      // The regimes as the law names them.
      const regimeOf = (country: string, kind = "sale") =>
        registers.rows.filter((row) => row.country === country && row.kind === kind).map((row) => row.regime);
      expect(regimeOf("IT")).toEqual(["italian-consumer", "italian-business"]);
      expect(regimeOf("DE")).toEqual(["eu-consumer-oss", "eu-business"]);
      expect(regimeOf("FR")).toEqual(["eu-consumer-oss", "eu-consumer-oss"]);
      expect(regimeOf("US")).toEqual(["non-eu-consumer"]);

      // The OSS lines: the EU consumers' rows per country and rate, at the rate of 30 September.
      expect(registers.oss.rates).toEqual({ USD: { perEuro: 1.0644, day: "2026-09-30" } });
      const ossRows = registers.rows.filter((row) => row.regime === "eu-consumer-oss");
      const expected = ["DE", "FR"].map((country) => {
        const cents = sum(ossRows.filter((row) => row.country === country).map((row) => row.chargedCents));
        const euro = toEuroCents(Math.abs(cents), 1.0644);
        const rate = country === "DE" ? 19 : 20;
        const split = splitInclusive([euro], rate);
        const sign = Math.sign(cents);
        return {
          country,
          ratePercent: rate,
          taxableCents: sign * split.taxableCents,
          taxCents: sign * split.taxCents,
        };
      });
      expect(registers.oss.lines).toEqual(expected);
      // DE: one consumer's sale, refunded by 10.00, less the refund of a June sale; FR: two sales, less the lost dispute.
      const chargedIn = (country: string) =>
        sum(ossRows.filter((row) => row.country === country).map((row) => row.chargedCents));
      expect([chargedIn("DE"), chargedIn("FR")]).toEqual([4700 - 1000 - 4700, 4700 + 4700 - 4700]);
      expect(registers.oss.corrections).toEqual([
        { country: "DE", ...oss("DE", -4700, 19), salePeriod: "2026-T2" },
      ]);

      // The takings: the Italian consumer's sale on its day, its refund on the day it was made.
      expect(registers.takings).toEqual([
        takings("2026-07-10", 1, 4700, "2026-07-10"),
        takings("2026-08-03", 0, -4700, "2026-07-10"),
      ]);
    }, 120_000);

    it("counts a refund in the quarter it was made, and converts October's OSS at the next publication after the 31st", async () => {
      await aQuarterOfSales();
      const october = await buildRegisters(services.database.db, services.env, parsePeriod("2026-10")!);
      expect(october.rows.map((row) => [row.kind, row.country, row.chargedCents, row.saleDate])).toEqual([
        ["refund", "FR", -4700, "2026-09-30"],
      ]);
      expect(october.oss.rates).toEqual({ USD: { perEuro: 1.0733, day: "2026-11-02" } });
      expect(october.oss.lines).toEqual([{ country: "FR", ...oss("FR", -4700, 20, 1.0733) }]);
      expect(october.oss.corrections).toEqual([
        { country: "FR", ...oss("FR", -4700, 20, 1.0733), salePeriod: "2026-T3" },
      ]);
      const csv = registerCsv(october, "oss");
      expect(csv.split("\r\n")[1]).toBe(
        `"FR","20","${(october.oss.lines[0]!.taxableCents / 100).toFixed(2)}","${(october.oss.lines[0]!.taxCents / 100).toFixed(2)}"`,
      );
    }, 120_000);

    it("says which sale has no ECB rate and which has no country, and counts neither as zero", async () => {
      const db = services.database.db;
      vi.setSystemTime(rome("2026-11-28T10:00:00"));
      await db.insert(orders).values([
        {
          email: "a@example.com",
          amountCents: 4700,
          provider: "test",
          livemode: true,
          status: "paid",
          country: "IT",
          paidAt: rome("2026-05-04T10:00:00"),
        },
        {
          email: "b@example.com",
          amountCents: 4700,
          provider: "test",
          livemode: true,
          status: "paid",
          country: null,
          paidAt: rome("2026-05-05T10:00:00"),
        },
      ]);
      const may = await buildRegisters(db, services.env, parsePeriod("2026-05")!);
      expect(may.rows.map((row) => [row.regime, row.euro])).toEqual([
        ["italian-consumer", null],
        ["unknown-country", null],
      ]);
      expect(may.problems.map((problem) => problem.kind)).toEqual(["no-rate", "no-rate", "unknown-country"]);
      expect(may.takings).toEqual([]);
      expect(registerCsv(may, "vendite").split("\r\n")[2]).toContain(
        '"sconosciuto","Paese sconosciuto","47.00","USD","","","","",""',
      );
    }, 60_000);
  });
}

/** An OSS line's taxable and VAT for `cents` charged in dollars, at `perEuro` (30 September's by default). */
function oss(_country: string, cents: number, rate: number, perEuro = 1.0644) {
  const euro = toEuroCents(Math.abs(cents), perEuro);
  const split = splitInclusive([euro], rate);
  const sign = Math.sign(cents);
  return { ratePercent: rate, taxableCents: sign * split.taxableCents, taxCents: sign * split.taxCents };
}

/** A day of the takings: `sales` sales totalling `cents` dollars, at the rate of `rateDay`, at 22 %. */
function takings(day: string, sales: number, cents: number, rateDay: string) {
  const perEuro = USD_RATES[rateDay]!;
  const euro = toEuroCents(Math.abs(cents), perEuro);
  const split = splitInclusive([euro], 22);
  const sign = Math.sign(cents);
  return {
    day,
    ratePercent: 22,
    sales,
    totalCents: sign * euro,
    taxableCents: sign * split.taxableCents,
    taxCents: sign * split.taxCents,
  };
}
