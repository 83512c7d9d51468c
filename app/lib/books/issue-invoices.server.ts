/**
 * Issuing the store's invoices and credit notes (ADR 043), run by a job (books-job.server.ts): an
 * invoice for each invoice request whose order was paid, and a credit note (TD04) for each
 * succeeded refund or lost dispute of an invoiced order. Each document is one transaction: the
 * request (or the invoice) locked with SKIP LOCKED so two instances never issue the same one, the
 * number taken from its series (a rollback gives it back), the FatturaPA XML written, the row
 * inserted and the courtesy copy's e-mail queued. What stops a request (settings incomplete, no
 * exchange rate yet, VIES not answering about the buyer's VAT number, a field FatturaPA refuses) is
 * written on it in Italian for the owner, and the others go on. One file because it is one
 * transaction's steps: invoices and credit notes are numbered, written, recorded and e-mailed by the
 * same recordDocument in the same run.
 */
import { and, eq, sql } from "drizzle-orm";
import { PRODUCT } from "#app/content/site.ts";
import { dateTimeIt } from "#app/lib/admin/format-it.ts";
import { courtesyCopyPdf } from "#app/lib/books/courtesy-copy.server.ts";
import { courtesyCopyPath } from "#app/lib/books/courtesy-copy-link.server.ts";
import { checkEuVatNumber, vatPrefixOf } from "#app/lib/books/eu-vat-number.ts";
import { isEuCountry } from "#app/lib/books/eu-vat-rates.ts";
import { ensureRateOn, type Rate, toEuroCents } from "#app/lib/books/exchange-rates.server.ts";
import {
  type Buyer,
  fatturaPaFileName,
  fatturaPaXml,
  InvoiceFieldError,
  type InvoiceModel,
} from "#app/lib/books/fatturapa.ts";
import { type FiscalSettings, readFiscalSettings } from "#app/lib/books/fiscal-settings.server.ts";
import { documentNumber, takeInvoiceNumber } from "#app/lib/books/numbering.server.ts";
import {
  type BuyerType,
  type Treatment,
  type TreatmentKind,
  treatmentOf,
} from "#app/lib/books/sale-regime.ts";
import { splitInclusive } from "#app/lib/books/tax-split.ts";
import { askVies } from "#app/lib/books/vies.server.ts";
import { type Db, isDatabaseUnavailable, type Tx } from "#app/lib/db/database.server.ts";
import type { Env } from "#app/lib/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import type { UnconfirmedVatNumber } from "#app/lib/mail/invoice-email.ts";
import { enqueueEmail } from "#app/lib/mail/outbox.server.ts";
import { romeDay } from "#app/lib/pricing/rome-time.ts";
import { exchangeRates, invoiceRequests, invoices, orders, type ViesConsultation } from "#db/schema.ts";

export interface IssuingServices {
  database: { db: Db };
  env: Pick<
    Env,
    "SELLER_NAME" | "SELLER_VAT_ID" | "ECB_RATES_URL" | "VIES_URL" | "PUBLIC_URL" | "SUPPORT_EMAIL"
  >;
  settings: { tokenSecrets: string[] };
}

/** The invoice's one line: the product as the store names it, and what is supplied. */
export const INVOICE_LINE = `${PRODUCT.name} - licenza d'uso digitale (download)`;

/**
 * A test payment's documents (an order not paid live): numbered in a series of their own, so the
 * real series stays gapless and starts with the first real sale, and marked on the document and
 * its file names as a test without fiscal value. They never enter the registers or the
 * intermediary's ZIP.
 */
export const TEST_SERIES = "PROVA";
export const TEST_DOCUMENT_NOTE = "Documento di prova, senza valore fiscale";
const testFileName = (fileName: string) => `PROVA_${fileName}`;

/** Documents looked at per run; the next run takes the rest. */
const BATCH = 50;

/** A document's courtesy-copy file name: fattura-FT-2026-7.pdf, nota-di-credito-FT-2026-8.pdf. */
export const courtesyCopyFileName = (doc: {
  kind: "invoice" | "credit-note";
  series: string;
  year: number;
  number: number;
}) => `${doc.kind === "invoice" ? "fattura" : "nota-di-credito"}-${doc.series}-${doc.year}-${doc.number}.pdf`;

/** "USD 47.00" */
const inCurrency = (cents: number, currency: string) =>
  `${currency.toUpperCase()} ${(cents / 100).toFixed(2)}`;

/**
 * The Causale that says how a foreign-currency amount became euro (art. 13 c. 4 DPR 633/72: the
 * ECB's rate of the day of the operation, or of the nearest day before).
 */
export function conversionNote(what: string, cents: number, currency: string, rate: Rate): string {
  return `${what} ${inCurrency(cents, currency)} convertito al cambio BCE del ${rate.day}: 1 EUR = ${rate.perEuro} ${currency.toUpperCase()} (art. 13 c. 4 DPR 633/72)`;
}

/** The field names FatturaPA refuses, as the owner reads them. */
const FIELD_NAMES: Record<string, string> = {
  name: "ragione sociale",
  first: "nome",
  last: "cognome",
  street: "indirizzo",
  postcode: "CAP",
  city: "comune",
  province: "provincia",
  country: "paese",
  vatNumber: "partita IVA / VAT number",
  codiceFiscale: "codice fiscale",
  partitaIva: "partita IVA",
};

/** A field FatturaPA refused, as the request's problem. */
export function fieldProblem(error: InvoiceFieldError): string {
  const [who, field = ""] = error.field.split(".");
  const whose = who === "seller" ? "del venditore" : who === "buyer" ? "dell'acquirente" : "del documento";
  const name = FIELD_NAMES[field] ?? error.field;
  return `Fattura non emessa: il campo "${name}" ${whose} non è accettato dalla fattura elettronica (${error.message})`;
}

/** The rate of `day` for `currency`, or null until the ECB has published past that day. */
async function rateFor(db: Db, url: string, currency: string, day: string): Promise<Rate | null> {
  let rate: Rate | null;
  try {
    rate = await ensureRateOn(db, url, currency, day);
  } catch (error) {
    logger.warn({ err: error }, "could not fetch the ECB's exchange rates");
    return null;
  }
  if (!rate || rate.day === day || currency.toUpperCase() === "EUR") return rate;
  // An earlier day's rate stands for `day` only once the ECB is known to have published none for it.
  const [newest] = await db.select({ day: sql<string>`max(${exchangeRates.day})` }).from(exchangeRates);
  return (newest?.day ?? "") > day ? rate : null;
}

/** The country a sale is taxed by: a business's VAT number prefix (Greece EL → GR) or address; a consumer's card country. */
function buyerCountry(buyerType: BuyerType, buyer: Buyer, orderCountry: string | null): string {
  if (buyerType === "business") {
    const prefix = buyer.vatNumber?.slice(0, 2).toUpperCase();
    if (prefix && /^[A-Z]{2}$/.test(prefix) && buyer.address.country !== "IT")
      return prefix === "EL" ? "GR" : prefix;
    return buyer.address.country;
  }
  return (orderCountry ?? buyer.address.country).toUpperCase();
}

/** How long an invoice waits for VIES to answer about the buyer's VAT number, from the request (or the payment, when later). */
const VIES_WAIT_MS = 48 * 60 * 60_000;

/** The buyer type and country a sale is taxed as, and what VIES said about the buyer's VAT number. */
interface TaxedAs {
  buyerType: BuyerType;
  country: string;
  vies: ViesConsultation | null;
  /** Why a business is taxed as a consumer, as the buyer is told. */
  unconfirmed?: UnconfirmedVatNumber;
}

/**
 * How a sale is taxed. A business in another EU country is invoiced without VAT (reverse charge, or
 * a flat-rate seller's Natura for foreign businesses) only once VIES confirms its VAT number (Reg.
 * 282/2011 art. 18(1)(a)); otherwise it is taxed as a consumer of its billing country (the card's,
 * else the address's): at once for a number of another country or one VIES says is not valid (or
 * answers about another number), after VIES_WAIT_MS while VIES cannot answer. Until then the sale
 * waits, with the reason for the owner. VIES is asked outside any transaction: a slow answer must
 * hold no lock, nor PGlite's one connection.
 */
async function taxedAs(
  services: IssuingServices,
  seller: NonNullable<FiscalSettings["seller"]>,
  order: { country: string | null; paidAt: Date },
  request: { buyerType: BuyerType; buyer: Buyer; requestedAt: Date },
): Promise<TaxedAs | { waiting: string }> {
  const { buyerType, buyer } = request;
  const country = buyerCountry(buyerType, buyer, order.country);
  if (buyerType === "consumer" || country === "IT" || !isEuCountry(country))
    return { buyerType, country, vies: null };
  const billing = (order.country ?? buyer.address.country).toUpperCase();
  const asConsumer = (unconfirmed: UnconfirmedVatNumber, vies: ViesConsultation | null = null): TaxedAs => ({
    buyerType: "consumer",
    country: billing,
    vies,
    unconfirmed,
  });
  const number = buyer.vatNumber ?? "";
  if (number.slice(0, 2) !== vatPrefixOf(billing)) return asConsumer("other-country");
  if (!checkEuVatNumber(number, billing).ok) return asConsumer("not-valid");
  const answer = await askVies(services.env.VIES_URL, number, seller.partitaIva);
  if (answer.answered) {
    const { consultation } = answer;
    return consultation.valid && consultation.vatNumber === number
      ? { buyerType, country, vies: consultation }
      : asConsumer("not-valid", consultation);
  }
  const since = Math.max(request.requestedAt.getTime(), order.paidAt.getTime());
  const deadline = new Date(since + VIES_WAIT_MS);
  if (Date.now() >= deadline.getTime()) return asConsumer("vies-unavailable");
  return {
    waiting: `Partita IVA UE ${number} non ancora confermata: VIES non ha risposto (${answer.reason}). Riprovo a ogni passaggio; se non risponde entro il ${dateTimeIt(deadline)}, la fattura sarà emessa con l'IVA, come a un privato.`,
  };
}

type Outcome = "issued" | "problem" | "skipped";

interface DocumentInput {
  tx: Tx;
  services: IssuingServices;
  kind: "invoice" | "credit-note";
  order: { id: string; email: string; reference: string; erasedAt: Date | null; livemode: boolean };
  series: string;
  date: string;
  model: Omit<InvoiceModel, "number" | "progressive" | "type">;
  charged: { cents: number; currency: string };
  rate: Rate;
  buyerType: BuyerType;
  country: string;
  creditNoteOf?: string;
  cause?: string;
  vies?: ViesConsultation | null;
  unconfirmed?: UnconfirmedVatNumber;
}

/** Numbers, writes, records and e-mails one document inside `tx`; an InvoiceFieldError rolls it all back. */
async function recordDocument(input: DocumentInput) {
  const { tx, date } = input;
  const test = !input.order.livemode;
  const series = test ? TEST_SERIES : input.series;
  const model = test
    ? { ...input.model, notes: [TEST_DOCUMENT_NOTE, ...(input.model.notes ?? [])] }
    : input.model;
  const year = Number(date.slice(0, 4));
  const number = await takeInvoiceNumber(tx, series, year);
  const sequence = await tx.execute<{ progressive: string }>(
    sql`select nextval(pg_get_serial_sequence('invoices', 'progressive')) as progressive`,
  );
  const progressive = Number(sequence.rows[0]!.progressive);
  const fileName = fatturaPaFileName(model.seller.partitaIva, progressive);
  const printed = documentNumber(series, number);
  const xml = fatturaPaXml({ ...model, type: input.kind, number: printed, progressive });
  const gross = model.lines.reduce((sum, line) => sum + line.grossCents, 0);
  const split = splitInclusive([gross], model.treatment.ratePercent);
  const stampDuty = /<ImportoBollo>(\d+)\.(\d\d)<\/ImportoBollo>/.exec(xml);
  const [row] = await tx
    .insert(invoices)
    .overridingSystemValue()
    .values({
      orderId: input.order.id,
      kind: input.kind,
      series,
      year,
      number,
      progressive,
      fileName: test ? testFileName(fileName) : fileName,
      date,
      treatment: model.treatment.kind,
      buyerType: input.buyerType,
      country: input.country,
      ratePercent: model.treatment.ratePercent,
      natura: model.treatment.natura ?? null,
      totalCents: gross,
      taxableCents: split.taxableCents,
      taxCents: split.taxCents,
      stampDutyCents: stampDuty ? Number(stampDuty[1]) * 100 + Number(stampDuty[2]) : 0,
      chargedCents: input.charged.cents,
      chargedCurrency: input.charged.currency.toUpperCase(),
      eurRate: input.charged.currency.toUpperCase() === "EUR" ? null : input.rate.perEuro,
      rateDay: input.charged.currency.toUpperCase() === "EUR" ? null : input.rate.day,
      buyer: model.buyer,
      creditNoteOf: input.creditNoteOf ?? null,
      cause: input.cause ?? null,
      xml,
      vies: input.vies ?? null,
    })
    .returning({ id: invoices.id });
  // An erased buyer's address is a placeholder: the document is issued, and no e-mail can reach them.
  if (input.order.erasedAt) return row!.id;
  const delivery = model.buyer.address.country === "IT" ? (model.buyer.delivery ?? null) : null;
  await enqueueEmail(tx, {
    to: input.order.email,
    template: "invoice",
    orderId: input.order.id,
    dedupeKey: `invoice:${row!.id}`,
    payload: {
      kind: input.kind,
      number: printed,
      date,
      orderReference: input.order.reference,
      totalCents: gross,
      delivery: delivery?.pec
        ? { pec: delivery.pec }
        : {
            codiceDestinatario:
              delivery?.codiceDestinatario ?? (model.buyer.address.country === "IT" ? "0000000" : "XXXXXXX"),
          },
      link: `${input.services.env.PUBLIC_URL}${courtesyCopyPath(input.services.settings.tokenSecrets, row!.id)}`,
      pdf: (await courtesyCopyPdf(xml)).toString("base64"),
      fileName: courtesyCopyFileName({ kind: input.kind, series, year, number }),
      supportEmail: input.services.env.SUPPORT_EMAIL,
      ...(input.unconfirmed && { unconfirmedVatNumber: input.unconfirmed }),
    },
  });
  return row!.id;
}

const setProblem = (db: Db | Tx, orderId: string, problem: string | null) =>
  db.update(invoiceRequests).set({ problem }).where(eq(invoiceRequests.orderId, orderId));

/** Issues the invoice of one requested order, if still due. */
async function issueInvoice(services: IssuingServices, orderId: string): Promise<Outcome> {
  const { db } = services.database;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order?.paidAt) return "skipped";
  const [request] = await db.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, orderId));
  if (!request) return "skipped";
  const day = romeDay(order.paidAt);
  const rate = await rateFor(db, services.env.ECB_RATES_URL, order.currency, day);
  const fiscal = await readFiscalSettings(db, services.env);
  if (!fiscal.seller) {
    await setProblem(db, orderId, `Impostazioni fiscali incomplete: ${fiscal.missing.join(" ")}`);
    return "problem";
  }
  if (!rate) {
    await setProblem(db, orderId, `Cambio BCE del ${day} non ancora disponibile: riprovo più tardi.`);
    return "problem";
  }
  const { seller } = fiscal;
  const buyer = request.buyer as Buyer;
  const taxed = await taxedAs(
    services,
    seller,
    { country: order.country, paidAt: order.paidAt },
    { buyerType: request.buyerType, buyer, requestedAt: request.requestedAt },
  );
  if ("waiting" in taxed) {
    await setProblem(db, orderId, taxed.waiting);
    return "problem";
  }
  try {
    return await db.transaction(async (tx): Promise<Outcome> => {
      const locked = await tx.execute(sql`
        select order_id from invoice_requests where order_id = ${orderId}
        for update skip locked`);
      if (!locked.rows[0]) return "skipped";
      const [issued] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, "invoice")));
      if (issued) return "skipped";
      const treatment = treatmentOf(
        { seller: seller.regime, buyer: taxed.buyerType, country: taxed.country },
        fiscal.books,
      );
      const foreign = order.currency.toUpperCase() !== "EUR";
      await recordDocument({
        tx,
        services,
        kind: "invoice",
        order,
        series: fiscal.series,
        date: day,
        model: {
          date: day,
          seller,
          buyer,
          treatment,
          lines: [{ description: INVOICE_LINE, grossCents: toEuro(order.amountCents, order.currency, rate) }],
          ...(foreign && {
            notes: [conversionNote("Corrispettivo", order.amountCents, order.currency, rate)],
          }),
        },
        charged: { cents: order.amountCents, currency: order.currency },
        rate,
        buyerType: taxed.buyerType,
        country: taxed.country,
        vies: taxed.vies,
        ...(taxed.unconfirmed && { unconfirmed: taxed.unconfirmed }),
      });
      await setProblem(tx, orderId, null);
      return "issued";
    });
  } catch (error) {
    if (!(error instanceof InvoiceFieldError)) throw error;
    await setProblem(db, orderId, fieldProblem(error));
    return "problem";
  }
}

/** The euro cents of `cents` in `currency` at `rate`. */
const toEuro = (cents: number, currency: string, rate: Rate) =>
  currency.toUpperCase() === "EUR" ? cents : toEuroCents(cents, rate.perEuro);

/** The treatment an invoice was issued with, rebuilt from its row, for its credit notes. */
function treatmentOfInvoice(invoice: {
  treatment: string;
  buyerType: BuyerType;
  country: string;
  natura: string | null;
}): Treatment {
  const kind = invoice.treatment as TreatmentKind;
  const treatment = treatmentOf(
    {
      seller: kind === "flat-rate" ? "forfettario" : "ordinario",
      buyer: invoice.buyerType,
      country: invoice.country,
    },
    {
      euConsumerSalesAboveThreshold: kind !== "eu-consumer-italian-vat",
      flatRateForeignBusinessNatura: invoice.natura === "N2.2" ? "N2.2" : "N2.1",
    },
  );
  if (treatment.kind !== kind) throw new Error(`An invoice's treatment cannot be rebuilt: ${kind}`);
  return treatment;
}

type DueCredit = {
  id: string;
  order_id: string;
  kind: "refund" | "dispute";
  amount_cents: number;
  currency: string;
  created: string | Date;
  invoice_id: string;
};

/**
 * The rate an invoice was converted at (a sale in euro: 1). Its credit notes convert at it too: a
 * credit note corrects the invoice's operation (art. 26 DPR 633/72), so a full refund cancels the
 * invoice to the cent whatever the rate of the refund's day.
 */
const invoiceRate = (invoice: { eurRate: number | null; rateDay: string | null; date: string }): Rate =>
  invoice.eurRate !== null && invoice.rateDay !== null
    ? { perEuro: invoice.eurRate, day: invoice.rateDay }
    : { perEuro: 1, day: invoice.date };

/** Issues the credit note of one refund or lost dispute, if still due. */
async function issueCreditNote(services: IssuingServices, due: DueCredit): Promise<Outcome> {
  const { db } = services.database;
  const day = romeDay(new Date(due.created));
  return db.transaction(async (tx): Promise<Outcome> => {
    const locked = await tx.execute<{ id: string }>(sql`
      select id from invoices where id = ${due.invoice_id} for update skip locked`);
    if (!locked.rows[0]) return "skipped";
    const [already] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.cause, due.id));
    if (already) return "skipped";
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, due.invoice_id));
    const [order] = await tx.select().from(orders).where(eq(orders.id, due.order_id));
    const fiscal = await readFiscalSettings(tx, services.env);
    if (!invoice || !order || !fiscal.seller) return "problem";
    // The credit notes of one invoice never add up to more than it, and the one that completes the
    // refund of all that was charged takes what is left, so together they cancel it to the cent.
    const credited = await tx.execute<{ cents: string | null; charged: string | null }>(sql`
      select sum(total_cents) as cents, sum(charged_cents) as charged
      from invoices where credit_note_of = ${invoice.id}`);
    const left = invoice.totalCents - Number(credited.rows[0]?.cents ?? 0);
    const rate = invoiceRate(invoice);
    const all = Number(credited.rows[0]?.charged ?? 0) + due.amount_cents >= invoice.chargedCents;
    const cents = all ? left : Math.min(toEuro(due.amount_cents, due.currency, rate), left);
    if (cents <= 0) return "skipped";
    const what = due.kind === "refund" ? "Rimborso" : "Storno per contestazione persa,";
    await recordDocument({
      tx,
      services,
      kind: "credit-note",
      order,
      series: fiscal.series,
      date: day,
      model: {
        date: day,
        seller: fiscal.seller,
        buyer: invoice.buyer as Buyer,
        treatment: treatmentOfInvoice(invoice),
        lines: [{ description: INVOICE_LINE, grossCents: cents }],
        creditNoteOf: { number: documentNumber(invoice.series, invoice.number), date: invoice.date },
        ...(due.currency.toUpperCase() !== "EUR" && {
          notes: [conversionNote(what, due.amount_cents, due.currency, rate)],
        }),
      },
      charged: { cents: due.amount_cents, currency: due.currency },
      rate,
      buyerType: invoice.buyerType,
      country: invoice.country,
      creditNoteOf: invoice.id,
      cause: due.id,
    });
    return "issued";
  });
}

/**
 * One pass: the invoices of paid orders with a request, oldest payment first, then the credit
 * notes of refunds and lost disputes. Returns how many documents were issued and how many
 * requests or refunds wait on a problem.
 */
export async function issueDueDocuments(
  services: IssuingServices,
): Promise<{ issued: number; waiting: number }> {
  const { db } = services.database;
  let issued = 0;
  let waiting = 0;
  // One document that fails for an unforeseen reason is logged and left for the next run; the
  // others go on. A database that went away stops the run.
  const count = async (what: Record<string, string>, issue: () => Promise<Outcome>) => {
    try {
      const outcome = await issue();
      if (outcome === "issued") issued++;
      if (outcome === "problem") waiting++;
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      logger.error({ ...what, err: error }, "could not issue an invoice or credit note");
      waiting++;
    }
  };
  const requests = await db.execute<{ order_id: string }>(sql`
    select r.order_id from invoice_requests r join orders o on o.id = r.order_id
    where o.paid_at is not null and o.status in ('paid', 'refunded', 'disputed')
      and not exists (select 1 from invoices i where i.order_id = r.order_id and i.kind = 'invoice')
    order by o.paid_at, o.id
    limit ${BATCH}`);
  for (const { order_id } of requests.rows)
    await count({ orderId: order_id }, () => issueInvoice(services, order_id));

  const credits = await db.execute<DueCredit>(sql`
    select p.id, p.order_id, p.kind, p.amount_cents, p.currency, p.created, i.id as invoice_id
    from payment_records p join invoices i on i.order_id = p.order_id and i.kind = 'invoice'
    where ((p.kind = 'refund' and p.status = 'succeeded') or (p.kind = 'dispute' and p.status = 'lost'))
      and not exists (select 1 from invoices c where c.cause = p.id)
    order by p.created, p.id
    limit ${BATCH}`);
  for (const due of credits.rows) await count({ cause: due.id }, () => issueCreditNote(services, due));
  return { issued, waiting };
}
