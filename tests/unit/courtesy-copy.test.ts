import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { courtesyCopyOf, courtesyCopyPdf } from "#app/lib/books/courtesy-copy.server.ts";
import { type Buyer, fatturaPaXml, type InvoiceModel, type Seller } from "#app/lib/books/fatturapa.ts";
import { type BuyerType, type SellerRegime, treatmentOf } from "#app/lib/books/sale-regime.ts";

const seller = (regime: SellerRegime): Seller => ({
  regime,
  partitaIva: "12345678903",
  name: { company: "Coaching Shop Srl" },
  address: { street: "Via Roma 1", postcode: "20121", city: "Milano", province: "MI", country: "IT" },
});
const germanBusiness: Buyer = {
  name: { company: "Müller Coaching GmbH" },
  vatNumber: "DE136695976",
  address: { street: "Marienplatz 1", postcode: "80331", city: "München", country: "DE" },
};
const italianConsumer: Buyer = {
  name: { first: "Giulia", last: "D'Angelo" },
  codiceFiscale: "MRTMTT25D09F205Z",
  address: { street: "Corso Italia 10", postcode: "00198", city: "Roma", province: "RM", country: "IT" },
};

function model(regime: SellerRegime, buyerType: BuyerType, buyer: Buyer, grossCents: number): InvoiceModel {
  return {
    type: "invoice",
    number: "FT/7",
    date: "2026-11-27",
    seller: seller(regime),
    buyer,
    lines: [
      { description: "Life Coaching Branding Toolkit v2.0 - licenza d'uso digitale (download)", grossCents },
    ],
    treatment: treatmentOf({ seller: regime, buyer: buyerType, country: buyer.address.country }),
    progressive: 7,
    notes: [
      "Corrispettivo USD 120.00 convertito al cambio BCE del 2026-11-27: 1 EUR = 1.0542 USD (art. 13 c. 4 DPR 633/72)",
    ],
  };
}

/** The text a PDF's content streams draw (pdf-lib writes each line as a hex string), in order. */
function drawnText(pdf: Buffer): string[] {
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  for (const [, stream] of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(stream!, "latin1")).toString("latin1");
    } catch {
      content = stream!;
    }
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g))
      lines.push(Buffer.from(hex!, "hex").toString("latin1"));
  }
  return lines;
}

describe("the courtesy copy", () => {
  it("prints what the e-invoice says: seller, buyer, number and date, line, amounts, the legal wording, the conversion and the stamp duty", async () => {
    const xml = fatturaPaXml(model("forfettario", "business", germanBusiness, 11383));
    expect(courtesyCopyOf(xml)).toMatchObject({
      kind: "invoice",
      number: "FT/7",
      date: "2026-11-27",
      seller: { name: "Coaching Shop Srl", ids: ["P.IVA / VAT IT12345678903"] },
      buyer: { name: "Müller Coaching GmbH", address: ["Marienplatz 1 80331", "München DE"] },
      codiceDestinatario: "XXXXXXX",
      taxableCents: 11383,
      taxCents: 0,
      totalCents: 11383,
      stampDutyCents: 200,
      natura: "N2.1",
      corrects: null,
    });
    const text = drawnText(await courtesyCopyPdf(xml)).join("\n");
    for (const expected of [
      "Copia di cortesia",
      "Courtesy copy",
      "Sistema di Interscambio (SDI)",
      "Fattura n. FT/7 del 27/11/2026",
      "Müller Coaching GmbH",
      "P.IVA / VAT DE136695976",
      "Life Coaching Branding Toolkit v2.0 - licenza d'uso digitale (download)",
      "113,83 EUR",
      "Inversione contabile - operazione non soggetta ex art. 7-ter DPR 633/72",
      "convertito al cambio BCE del 2026-11-27: 1 EUR = 1.0542 USD",
      "Imposta di bollo assolta in modo virtuale ai sensi del DM 17/06/2014 (2,00 EUR).",
    ])
      expect(text).toContain(expected);
  });

  it("shows the VAT rate on a taxed sale, and no stamp duty", async () => {
    const xml = fatturaPaXml(model("ordinario", "consumer", italianConsumer, 4458));
    const text = drawnText(await courtesyCopyPdf(xml)).join("\n");
    expect(text).toContain("IVA 22,00%");
    expect(text).toContain("Giulia D'Angelo");
    expect(text).toContain("C.F. MRTMTT25D09F205Z");
    expect(text).toContain("8,04 EUR");
    expect(text).not.toContain("Imposta di bollo");
  });

  it("names the invoice a credit note corrects", async () => {
    const xml = fatturaPaXml({
      ...model("ordinario", "business", germanBusiness, 949),
      type: "credit-note",
      number: "FT/9",
      creditNoteOf: { number: "FT/7", date: "2026-11-27" },
    });
    const text = drawnText(await courtesyCopyPdf(xml)).join("\n");
    expect(text).toContain("Nota di credito n. FT/9 del 27/11/2026");
    expect(text).toContain("Rettifica la fattura n. FT/7 del 27/11/2026");
    expect(text).toContain("Totale nota di credito");
  });

  it("prints text its font cannot as '?' instead of failing, and always the same bytes", async () => {
    const xml = fatturaPaXml(model("ordinario", "business", germanBusiness, 4458)).replace(
      "Müller Coaching GmbH",
      "Łódź 株式会社 &lt;b&gt;",
    );
    const pdf = await courtesyCopyPdf(xml);
    expect(drawnText(pdf)).toContain("?ód? ???? <b>");
    expect(pdf.equals(await courtesyCopyPdf(xml))).toBe(true);
  });
});
