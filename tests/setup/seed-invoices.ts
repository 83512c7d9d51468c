/**
 * Issued invoices and credit notes for tests, recorded as the issuing records them (ADR 043): the
 * number taken from the series inside the transaction that inserts the row, the file's progressive
 * from the table's own sequence, and the XML written by `fatturaPaXml` for those very figures, so
 * every seeded file is valid against the XSD and names what its row says.
 */
import { sql } from "drizzle-orm";
import { type Buyer, fatturaPaFileName, fatturaPaXml, type Seller } from "#app/lib/books/fatturapa.ts";
import type { StoredFiscalSettings } from "#app/lib/books/fiscal-settings.server.ts";
import { takeInvoiceNumber } from "#app/lib/books/numbering.server.ts";
import { type BuyerType, treatmentOf } from "#app/lib/books/sale-regime.ts";
import { splitInclusive, stampDutyCents } from "#app/lib/books/tax-split.ts";
import type { Db, Tx } from "#app/lib/db/database.server.ts";
import { orders } from "#db/schema.ts";

/** Complete fiscal settings for TEST_SELLER (tests/setup/seller.ts): with them the store may invoice. */
export const TEST_FISCAL_SETTINGS: StoredFiscalSettings = {
  regime: "ordinario",
  codiceFiscale: "12345678903",
  street: "Via Roma 1",
  postcode: "20121",
  city: "Milano",
  province: "MI",
  series: "FT",
  requestDays: 10,
  euConsumerSalesAboveThreshold: true,
  flatRateForeignBusinessNatura: "N2.1",
};

/** TEST_SELLER with TEST_FISCAL_SETTINGS, as an invoice names them. */
export const TEST_INVOICE_SELLER: Seller = {
  regime: "ordinario",
  partitaIva: "12345678903",
  codiceFiscale: "12345678903",
  name: { company: "Coaching Shop Srl" },
  address: { street: "Via Roma 1", postcode: "20121", city: "Milano", province: "MI", country: "IT" },
};

/** Buyers an invoice is made out to: an Italian business (22 % VAT) and a German one (reverse charge). */
export const TEST_INVOICE_BUYERS = {
  "italian-business": {
    type: "business",
    buyer: {
      name: { company: "Studio Bianchi Srl" },
      address: { street: "Via Dante 5", postcode: "00184", city: "Roma", province: "RM", country: "IT" },
      vatNumber: "IT02313821007",
      delivery: { codiceDestinatario: "ABC1234" },
    },
  },
  "eu-business": {
    type: "business",
    buyer: {
      name: { company: "Muster GmbH" },
      address: { street: "Hauptstraße 3", postcode: "10115", city: "Berlin", country: "DE" },
      vatNumber: "DE136695976",
    },
  },
} satisfies Record<string, { type: BuyerType; buyer: Buyer }>;

export interface SeededDocument {
  id: string;
  fileName: string;
  series: string;
  number: number;
  date: string;
  xml: string;
}

export interface SeedInvoiceOptions {
  /** The invoiced order; a paid one is created when it is left out. */
  orderId?: string;
  /** The invoice's date, YYYY-MM-DD. */
  date: string;
  buyer?: keyof typeof TEST_INVOICE_BUYERS;
  grossCents?: number;
  seller?: Seller;
  series?: string;
  /** A full refund of the sale on this date, recorded as its credit note. */
  creditNoteOn?: string;
}

/** Records one document: its number, progressive, XML and row, in one transaction. */
async function record(
  tx: Tx,
  doc: {
    orderId: string;
    kind: "invoice" | "credit-note";
    date: string;
    series: string;
    seller: Seller;
    buyerKey: keyof typeof TEST_INVOICE_BUYERS;
    grossCents: number;
    creditNoteOf?: SeededDocument;
  },
): Promise<SeededDocument> {
  const year = Number(doc.date.slice(0, 4));
  const number = await takeInvoiceNumber(tx, doc.series, year);
  const progressive = Number(
    (
      await tx.execute<{ next: string }>(
        sql`select nextval(pg_get_serial_sequence('invoices', 'progressive')) as next`,
      )
    ).rows[0]!.next,
  );
  const { type, buyer } = TEST_INVOICE_BUYERS[doc.buyerKey];
  const treatment = treatmentOf({ seller: doc.seller.regime, buyer: type, country: buyer.address.country });
  const split = splitInclusive([doc.grossCents], treatment.ratePercent);
  const fileName = fatturaPaFileName(doc.seller.partitaIva, progressive);
  const printed = (series: string, n: number) => `${series}/${n}`;
  const xml = fatturaPaXml({
    type: doc.kind,
    number: printed(doc.series, number),
    date: doc.date,
    seller: doc.seller,
    buyer,
    lines: [{ description: "Coaching Toolkit (download)", grossCents: doc.grossCents }],
    treatment,
    progressive,
    ...(doc.creditNoteOf && {
      creditNoteOf: {
        number: printed(doc.creditNoteOf.series, doc.creditNoteOf.number),
        date: doc.creditNoteOf.date,
      },
    }),
  });
  const stamp = treatment.ratePercent === 0 ? stampDutyCents(split.taxableCents) : 0;
  const inserted = await tx.execute<{ id: string }>(sql`
    insert into invoices (id, order_id, kind, series, year, number, progressive, file_name, date,
      treatment, buyer_type, country, rate_percent, natura, total_cents, taxable_cents, tax_cents,
      stamp_duty_cents, charged_cents, charged_currency, buyer, credit_note_of, cause, xml)
    overriding system value
    values (gen_random_uuid(), ${doc.orderId}, ${doc.kind}, ${doc.series}, ${year}, ${number},
      ${progressive}, ${fileName}, ${doc.date}, ${treatment.kind}, ${type}, ${buyer.address.country},
      ${treatment.ratePercent}, ${treatment.natura ?? null}, ${doc.grossCents}, ${split.taxableCents},
      ${split.taxCents}, ${stamp}, ${doc.grossCents}, 'eur', ${JSON.stringify(buyer)}::jsonb,
      ${doc.creditNoteOf?.id ?? null}, ${doc.creditNoteOf ? `re_test_${progressive}` : null}, ${xml})
    returning id`);
  return { id: inserted.rows[0]!.id, fileName, series: doc.series, number, date: doc.date, xml };
}

/** An invoice (and, with `creditNoteOn`, its credit note) for an order, as the store issues them. */
export async function seedInvoice(
  db: Db,
  options: SeedInvoiceOptions,
): Promise<{ orderId: string; reference: string; invoice: SeededDocument; creditNote?: SeededDocument }> {
  const grossCents = options.grossCents ?? 4700;
  const seller = options.seller ?? TEST_INVOICE_SELLER;
  const series = options.series ?? "FT";
  const buyerKey = options.buyer ?? "italian-business";
  const paidAt = new Date(`${options.date}T10:00:00Z`);
  const [order] = options.orderId
    ? await db.select().from(orders).where(sql`${orders.id} = ${options.orderId}`)
    : await db
        .insert(orders)
        .values({
          email: `invoiced-${crypto.randomUUID()}@example.com`,
          amountCents: grossCents,
          currency: "eur",
          provider: "test",
          livemode: true,
          providerSessionId: `test_cs_${crypto.randomUUID()}`,
          status: options.creditNoteOn ? "refunded" : "paid",
          createdAt: paidAt,
          paidAt,
        })
        .returning();
  if (!order) throw new Error(`No order ${options.orderId}`);
  return db.transaction(async (tx) => {
    const base = { orderId: order.id, series, seller, buyerKey, grossCents };
    const invoice = await record(tx, { ...base, kind: "invoice", date: options.date });
    const creditNote = options.creditNoteOn
      ? await record(tx, { ...base, kind: "credit-note", date: options.creditNoteOn, creditNoteOf: invoice })
      : undefined;
    return { orderId: order.id, reference: order.reference, invoice, ...(creditNote && { creditNote }) };
  });
}
