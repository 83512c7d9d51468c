/**
 * The seller's registers for a month or a quarter in Rome time (ADR 043): the sales register (every
 * sale paid in the period, every refund and lost dispute made in it), the register of takings
 * (corrispettivi: sales without invoice to consumers taxed in Italy, per day and rate), the OSS
 * figures per member state and rate, and the totals per regime.
 *
 * An invoiced sale or credit note takes its euro figures from its `invoices` row, the numbers its
 * XML carries. Any other sale is converted at the ECB rate of its day (art. 13 c. 4 DPR 633/72) and
 * split at its treatment's rate; a refund without credit note reverses its sale at the sale's rate,
 * so a full refund leaves nothing. The OSS figures convert what was charged at the rate of the
 * period's last day (art. 369h Directive 2006/112). A row without a rate, or without the buyer's
 * country, is listed and said, never counted as zero or guessed: the registers are then not final.
 * One file because the registers are views of the same rows: buildRegisters reads and converts the
 * period's rows once, and the sales register, the takings, the totals and the OSS figures add them up.
 */
import { and, asc, eq, gte, lt, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { EU_STANDARD_RATES } from "#app/lib/books/eu-vat-rates.ts";
import {
  ensureRateOn,
  ensureRateOnOrAfter,
  type Rate,
  toEuroCents,
} from "#app/lib/books/exchange-rates.server.ts";
import { readFiscalSettings } from "#app/lib/books/fiscal-settings.server.ts";
import { documentNumber } from "#app/lib/books/numbering.server.ts";
import type { Period } from "#app/lib/books/period.ts";
import { type BuyerType, type TreatmentKind, treatmentOf } from "#app/lib/books/sale-regime.ts";
import { splitInclusive } from "#app/lib/books/tax-split.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import type { Env } from "#app/lib/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { romeDay } from "#app/lib/pricing/rome-time.ts";
import { invoiceRequests, invoices, orders, paymentRecords } from "#db/schema.ts";

/** The quarter key ("2026-T3") of a Rome day. */
const quarterKeyOf = (day: string) => `${day.slice(0, 4)}-T${Math.ceil(Number(day.slice(5, 7)) / 3)}`;

export type RowKind = "sale" | "refund" | "dispute-lost";
export type Regime = TreatmentKind | "unknown-country";

/** Euro cents; negative for refunds. Taxable and tax are null when the country, and so the treatment, is unknown. */
export interface EuroFigures {
  totalCents: number;
  taxableCents: number | null;
  taxCents: number | null;
}

/** One line of the sales register. */
export interface RegisterRow {
  kind: RowKind;
  /** The Rome day of the payment, refund or dispute. */
  date: string;
  /** The Rome day its sale was paid (a refund's sale may be of an earlier period). */
  saleDate: string;
  reference: string;
  /** The invoice or credit note's number ("FT/7"), when one was issued. */
  document: string | null;
  buyerType: BuyerType;
  country: string | null;
  regime: Regime;
  /** What was charged (positive) or given back (negative), in cents of `currency` (upper case). */
  chargedCents: number;
  currency: string;
  /** The ECB rate converted at; null for the euro, or when none is available (then `euro` is null). */
  rate: Rate | null;
  euro: EuroFigures | null;
  /** The VAT rate in percent, and the Natura when none is charged. */
  ratePercent: number | null;
  natura: string | null;
  /** Whether the sale is taxed in Italy without invoice: it goes in the register of takings (an invoiced one in the invoices'). */
  takings: boolean;
}

export interface RegimeTotals {
  regime: Regime;
  sales: number;
  salesCents: number;
  refundsCents: number;
  taxableCents: number | null;
  taxCents: number | null;
}

export interface TakingsDay {
  day: string;
  ratePercent: number;
  sales: number;
  totalCents: number;
  taxableCents: number;
  taxCents: number;
}

export interface OssLine {
  country: string;
  ratePercent: number;
  taxableCents: number;
  taxCents: number;
}

/** A refund of an earlier period's OSS sale: included in the lines, listed for the return's corrections. */
export interface OssCorrection extends OssLine {
  salePeriod: string;
}

export type RegisterProblem =
  | { kind: "no-regime" }
  | { kind: "no-rate"; reference: string; currency: string; day: string }
  | { kind: "no-oss-rate"; currency: string; day: string }
  | { kind: "unknown-country"; count: number };

export interface Registers {
  period: Period;
  rows: RegisterRow[];
  summary: RegimeTotals[];
  takings: TakingsDay[];
  oss: {
    lines: OssLine[];
    total: { taxableCents: number; taxCents: number };
    corrections: OssCorrection[];
    /** The rates the OSS figures were converted at, by currency (the euro's is 1). */
    rates: Record<string, Rate>;
  };
  problems: RegisterProblem[];
}

/** Which settlements reduce the books: succeeded refunds and lost disputes. */
const SETTLED = or(
  and(eq(paymentRecords.kind, "refund"), eq(paymentRecords.status, "succeeded")),
  and(eq(paymentRecords.kind, "dispute"), eq(paymentRecords.status, "lost")),
);

/** The invoice columns the registers read (never the XML). */
const invoiceColumns = (
  table: ReturnType<typeof alias<typeof invoices, "sale_invoice" | "credit_note">>,
) => ({
  id: table.id,
  series: table.series,
  number: table.number,
  treatment: table.treatment,
  buyerType: table.buyerType,
  country: table.country,
  ratePercent: table.ratePercent,
  natura: table.natura,
  totalCents: table.totalCents,
  taxableCents: table.taxableCents,
  taxCents: table.taxCents,
  eurRate: table.eurRate,
  rateDay: table.rateDay,
});
/** An invoice or credit note as the registers read it. */
interface InvoiceFigures {
  id: string;
  series: string;
  number: number;
  treatment: string;
  buyerType: string;
  country: string;
  ratePercent: number;
  natura: string | null;
  totalCents: number;
  taxableCents: number;
  taxCents: number;
  eurRate: number | null;
  rateDay: string | null;
}

/** A left-joined invoice: the row when there is one (its columns then all set as the table has them). */
const present = (invoice: { [K in keyof InvoiceFigures]: InvoiceFigures[K] | null } | null) =>
  invoice?.id ? (invoice as InvoiceFigures) : null;

const negate = (figures: EuroFigures): EuroFigures => ({
  totalCents: -figures.totalCents,
  taxableCents: figures.taxableCents === null ? null : -figures.taxableCents,
  taxCents: figures.taxCents === null ? null : -figures.taxCents,
});

/** Signed cents converted and split at `ratePercent` (the sign kept apart: the helpers take amounts ≥ 0). */
function euroOf(cents: number, perEuro: number, ratePercent: number | null): EuroFigures {
  const totalCents = toEuroCents(Math.abs(cents), perEuro);
  const split = ratePercent === null ? null : splitInclusive([totalCents], ratePercent);
  const figures = {
    totalCents,
    taxableCents: split ? split.taxableCents : null,
    taxCents: split ? split.taxCents : null,
  };
  return cents < 0 ? negate(figures) : figures;
}

const fromInvoice = (invoice: InvoiceFigures): EuroFigures => ({
  totalCents: invoice.totalCents,
  taxableCents: invoice.taxableCents,
  taxCents: invoice.taxCents,
});

const invoiceRate = (invoice: InvoiceFigures): Rate | null =>
  invoice.eurRate !== null && invoice.rateDay !== null
    ? { perEuro: invoice.eurRate, day: invoice.rateDay }
    : null;

/** The registers of `period`. The ECB's file is fetched from `env.ECB_RATES_URL` when a rate is not stored yet. */
export async function buildRegisters(
  db: Db,
  env: Pick<Env, "ECB_RATES_URL" | "SELLER_NAME" | "SELLER_VAT_ID">,
  period: Period,
): Promise<Registers> {
  const fiscal = await readFiscalSettings(db, env);
  const problems: RegisterProblem[] = [];
  if (!fiscal.stored.regime) problems.push({ kind: "no-regime" });
  const seller = fiscal.stored.regime ?? "ordinario";

  const rates = new Map<string, Promise<Rate | null>>();
  /** The ECB rate of a currency for a day, once per build; a failing ECB is logged and is no rate. */
  const rateFor = (currency: string, day: string, which: "of-the-day" | "oss") => {
    const key = `${which}:${currency}:${day}`;
    let rate = rates.get(key);
    if (!rate) {
      const find = which === "oss" ? ensureRateOnOrAfter : ensureRateOn;
      rate = find(db, env.ECB_RATES_URL, currency, day).catch((error: unknown) => {
        logger.warn({ currency, day, reason: String(error) }, "ECB rate unavailable for the registers");
        return null;
      });
      rates.set(key, rate);
    }
    return rate;
  };

  /** The treatment of a sale the store did not invoice, or null without a country. */
  const treatment = (buyerType: BuyerType, country: string | null) =>
    country ? treatmentOf({ seller, buyer: buyerType, country }, fiscal.books) : null;

  const saleInvoice = alias(invoices, "sale_invoice");
  const sales = await db
    .select({
      reference: orders.reference,
      paidAt: orders.paidAt,
      amountCents: orders.amountCents,
      currency: orders.currency,
      country: orders.country,
      buyerType: invoiceRequests.buyerType,
      invoice: invoiceColumns(saleInvoice),
    })
    .from(orders)
    .leftJoin(invoiceRequests, eq(invoiceRequests.orderId, orders.id))
    .leftJoin(saleInvoice, and(eq(saleInvoice.orderId, orders.id), eq(saleInvoice.kind, "invoice")))
    // Only live payments are in the books: a test payment sold nothing.
    .where(and(eq(orders.livemode, true), gte(orders.paidAt, period.start), lt(orders.paidAt, period.end)))
    .orderBy(asc(orders.paidAt), asc(orders.number));

  const creditNote = alias(invoices, "credit_note");
  const settlements = await db
    .select({
      id: paymentRecords.id,
      kind: paymentRecords.kind,
      amountCents: paymentRecords.amountCents,
      currency: paymentRecords.currency,
      created: paymentRecords.created,
      reference: orders.reference,
      paidAt: orders.paidAt,
      country: orders.country,
      buyerType: invoiceRequests.buyerType,
      invoice: invoiceColumns(saleInvoice),
      creditNote: invoiceColumns(creditNote),
    })
    .from(paymentRecords)
    .innerJoin(orders, eq(orders.id, paymentRecords.orderId))
    .leftJoin(invoiceRequests, eq(invoiceRequests.orderId, orders.id))
    .leftJoin(saleInvoice, and(eq(saleInvoice.orderId, orders.id), eq(saleInvoice.kind, "invoice")))
    .leftJoin(creditNote, eq(creditNote.cause, paymentRecords.id))
    .where(
      and(
        SETTLED,
        eq(orders.livemode, true),
        gte(paymentRecords.created, period.start),
        lt(paymentRecords.created, period.end),
      ),
    )
    .orderBy(asc(paymentRecords.created), asc(paymentRecords.id));

  /** A row of a sale or settlement, before its euro figures. */
  type Draft = Omit<RegisterRow, "rate" | "euro"> & {
    convert: () => Promise<{ rate: Rate | null; euro: EuroFigures | null }>;
  };
  const drafts: Draft[] = [];

  /** The row fields that follow from the sale: its invoice, or else its treatment. */
  const saleFacts = (
    invoice: InvoiceFigures | null,
    sale: { buyerType: BuyerType | null; country: string | null },
  ) => {
    if (invoice)
      return {
        buyerType: invoice.buyerType as BuyerType,
        country: invoice.country,
        regime: invoice.treatment as Regime,
        ratePercent: invoice.ratePercent,
        natura: invoice.natura,
        takings: false,
      };
    const buyerType = sale.buyerType ?? "consumer";
    const country = sale.country?.toUpperCase() || null;
    const found = treatment(buyerType, country);
    return {
      buyerType,
      country,
      regime: (found?.kind ?? "unknown-country") as Regime,
      ratePercent: found ? found.ratePercent : null,
      natura: found?.natura ?? null,
      takings: found?.register === "corrispettivi",
    };
  };

  for (const sale of sales) {
    const invoice = present(sale.invoice);
    const facts = saleFacts(invoice, sale);
    const date = romeDay(sale.paidAt!);
    const currency = sale.currency.toUpperCase();
    drafts.push({
      kind: "sale",
      date,
      saleDate: date,
      reference: sale.reference,
      document: invoice ? documentNumber(invoice.series, invoice.number) : null,
      ...facts,
      chargedCents: sale.amountCents,
      currency,
      convert: async () => {
        if (invoice) return { rate: invoiceRate(invoice), euro: fromInvoice(invoice) };
        const rate = await rateFor(currency, date, "of-the-day");
        if (!rate) return { rate: null, euro: null };
        return {
          rate: currency === "EUR" ? null : rate,
          euro: euroOf(sale.amountCents, rate.perEuro, facts.ratePercent),
        };
      },
    });
  }

  for (const settlement of settlements) {
    const invoice = present(settlement.invoice);
    const note = present(settlement.creditNote);
    const facts = saleFacts(invoice, settlement);
    const saleDate = romeDay(settlement.paidAt ?? settlement.created);
    const currency = settlement.currency.toUpperCase();
    drafts.push({
      kind: settlement.kind === "refund" ? "refund" : "dispute-lost",
      date: romeDay(settlement.created),
      saleDate,
      reference: settlement.reference,
      document: note ? documentNumber(note.series, note.number) : null,
      ...facts,
      ...(note && { ratePercent: note.ratePercent, natura: note.natura }),
      chargedCents: -settlement.amountCents,
      currency,
      convert: async () => {
        if (note) return { rate: invoiceRate(note), euro: negate(fromInvoice(note)) };
        // Reversed at the sale's rate: the invoice's (its credit note's too), or the ECB's of the sale's day.
        const rate = invoice
          ? (invoiceRate(invoice) ?? { perEuro: 1, day: saleDate })
          : await rateFor(currency, saleDate, "of-the-day");
        if (!rate) return { rate: null, euro: null };
        return {
          rate: currency === "EUR" ? null : rate,
          euro: euroOf(-settlement.amountCents, rate.perEuro, facts.ratePercent),
        };
      },
    });
  }

  const rows: RegisterRow[] = [];
  for (const { convert, ...draft } of drafts) {
    const converted = await convert();
    rows.push({ ...draft, ...converted });
    if (!converted.euro)
      problems.push({
        kind: "no-rate",
        reference: draft.reference,
        currency: draft.currency,
        day: draft.saleDate,
      });
  }
  rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const unknown = rows.filter((row) => row.regime === "unknown-country").length;
  if (unknown > 0) problems.push({ kind: "unknown-country", count: unknown });

  const oss = await ossFigures(rows, period, (currency) => rateFor(currency, period.lastDay, "oss"));
  problems.push(...oss.problems);
  return {
    period,
    rows,
    summary: summaryOf(rows),
    takings: takingsOf(rows),
    oss: { lines: oss.lines, total: oss.total, corrections: oss.corrections, rates: oss.rates },
    problems,
  };
}

/** Totals per regime, in the order the regimes first appear; rows without euro figures are left out. */
function summaryOf(rows: RegisterRow[]): RegimeTotals[] {
  const totals = new Map<Regime, RegimeTotals>();
  for (const row of rows) {
    let total = totals.get(row.regime);
    if (!total) {
      total = {
        regime: row.regime,
        sales: 0,
        salesCents: 0,
        refundsCents: 0,
        taxableCents: row.regime === "unknown-country" ? null : 0,
        taxCents: row.regime === "unknown-country" ? null : 0,
      };
      totals.set(row.regime, total);
    }
    if (row.kind === "sale") total.sales += 1;
    if (!row.euro) continue;
    if (row.kind === "sale") total.salesCents += row.euro.totalCents;
    else total.refundsCents += row.euro.totalCents;
    if (total.taxableCents !== null && row.euro.taxableCents !== null)
      total.taxableCents += row.euro.taxableCents;
    if (total.taxCents !== null && row.euro.taxCents !== null) total.taxCents += row.euro.taxCents;
  }
  return [...totals.values()];
}

/** The register of takings: per day and rate, the sales without invoice taxed in Italy, less the refunds made that day. */
function takingsOf(rows: RegisterRow[]): TakingsDay[] {
  const days = new Map<string, TakingsDay>();
  for (const row of rows) {
    if (!row.takings || !row.euro || row.ratePercent === null) continue;
    const key = `${row.date}|${row.ratePercent}`;
    let day = days.get(key);
    if (!day) {
      day = {
        day: row.date,
        ratePercent: row.ratePercent,
        sales: 0,
        totalCents: 0,
        taxableCents: 0,
        taxCents: 0,
      };
      days.set(key, day);
    }
    if (row.kind === "sale") day.sales += 1;
    day.totalCents += row.euro.totalCents;
    day.taxableCents += row.euro.taxableCents ?? 0;
    day.taxCents += row.euro.taxCents ?? 0;
  }
  return [...days.values()].sort((a, b) =>
    a.day === b.day ? a.ratePercent - b.ratePercent : a.day < b.day ? -1 : 1,
  );
}

/**
 * The OSS return's lines: per member state of consumption and rate, what was charged less what was
 * given back in the period, each currency's sum converted at the period's rate, then split at the
 * rate to the cent. Refunds of sales paid before the period are also listed apart.
 */
async function ossFigures(
  rows: RegisterRow[],
  period: Period,
  periodRate: (currency: string) => Promise<Rate | null>,
) {
  const problems: RegisterProblem[] = [];
  const ossRows = rows.filter((row) => row.regime === "eu-consumer-oss" && row.country);
  const rates: Record<string, Rate> = {};
  for (const currency of new Set(ossRows.map((row) => row.currency))) {
    const rate = await periodRate(currency);
    if (rate) rates[currency] = rate;
    else problems.push({ kind: "no-oss-rate", currency, day: period.lastDay });
  }
  const rateOf = (row: RegisterRow) => (row.ratePercent ? row.ratePercent : EU_STANDARD_RATES[row.country!]!);

  /** Sums charged cents per group and currency, then converts and splits each group. */
  const figures = <Key extends string>(chosen: RegisterRow[], keyOf: (row: RegisterRow) => Key) => {
    const groups = new Map<Key, { row: RegisterRow; byCurrency: Map<string, number> }>();
    for (const row of chosen) {
      if (!rates[row.currency]) continue;
      const key = keyOf(row);
      const group = groups.get(key) ?? { row, byCurrency: new Map<string, number>() };
      group.byCurrency.set(row.currency, (group.byCurrency.get(row.currency) ?? 0) + row.chargedCents);
      groups.set(key, group);
    }
    return [...groups.values()].map(({ row, byCurrency }) => {
      let totalCents = 0;
      for (const [currency, cents] of byCurrency)
        totalCents += Math.sign(cents) * toEuroCents(Math.abs(cents), rates[currency]!.perEuro);
      const split = splitInclusive([Math.abs(totalCents)], rateOf(row));
      const sign = totalCents < 0 ? -1 : 1;
      return {
        row,
        line: {
          country: row.country!,
          ratePercent: rateOf(row),
          taxableCents: sign * split.taxableCents,
          taxCents: sign * split.taxCents,
        },
      };
    });
  };

  const lines = figures(ossRows, (row) => `${row.country}|${rateOf(row)}`)
    .map(({ line }) => line)
    .sort((a, b) =>
      a.country === b.country ? a.ratePercent - b.ratePercent : a.country < b.country ? -1 : 1,
    );
  const corrections = figures(
    ossRows.filter((row) => row.kind !== "sale" && row.saleDate < period.firstDay),
    (row) => `${row.country}|${rateOf(row)}|${quarterKeyOf(row.saleDate)}`,
  ).map(({ row, line }) => ({ ...line, salePeriod: quarterKeyOf(row.saleDate) }));
  const total = lines.reduce(
    (sum, line) => ({
      taxableCents: sum.taxableCents + line.taxableCents,
      taxCents: sum.taxCents + line.taxCents,
    }),
    { taxableCents: 0, taxCents: 0 },
  );
  return { lines, total, corrections, rates, problems };
}
