import { describe, expect, it } from "vitest";
import {
  type Buyer,
  fatturaPaFileName,
  fatturaPaXml,
  type InvoiceModel,
  type Seller,
} from "#app/lib/books/fatturapa.ts";
import { type BuyerType, type SellerRegime, treatmentOf } from "#app/lib/books/sale-regime.ts";
import { fatturaPaSchemaErrors } from "../setup/fatturapa-xsd.ts";

const seller = (regime: SellerRegime): Seller => ({
  regime,
  partitaIva: "02313821007",
  codiceFiscale: "RSSMRA85T10A562S",
  name: { first: "Mario", last: "Rossi" },
  address: { street: "Via Roma 1", postcode: "20121", city: "Milano", province: "MI", country: "IT" },
});

const buyers: Record<string, Buyer> = {
  italianConsumer: {
    name: { first: "Giulia", last: "D'Angelo" },
    codiceFiscale: "MRTMTT25D09F205Z",
    address: { street: "Corso Italia 10", postcode: "00198", city: "Roma", province: "RM", country: "IT" },
  },
  euConsumer: {
    name: { first: "Lena", last: "Schäfer" },
    address: { street: "Hauptstraße 5", postcode: "10115", city: "Berlin", country: "DE" },
  },
  nonEuConsumer: {
    name: { first: "Jane", last: "Doe" },
    address: { street: "1 Main St", postcode: "10001", city: "New York", country: "US" },
  },
  italianBusiness: {
    name: { company: "Coaching & Co. S.r.l." },
    vatNumber: "IT00743110157",
    address: { street: "Via Torino 2", postcode: "10121", city: "Torino", province: "TO", country: "IT" },
    delivery: { codiceDestinatario: "M5UXCR1" },
  },
  euBusiness: {
    name: { company: "Müller Coaching GmbH" },
    vatNumber: "DE136695976",
    address: { street: "Marienplatz 1", postcode: "80331", city: "München", country: "DE" },
  },
  nonEuBusiness: {
    name: { company: "Acme Coaching Inc." },
    vatNumber: "US123456789",
    address: { street: "2 Market St", postcode: "94105", city: "San Francisco", country: "US" },
  },
};

function invoice(regime: SellerRegime, buyerType: BuyerType, buyer: Buyer, grossCents = 4700): InvoiceModel {
  return {
    type: "invoice",
    number: "FT/2026/1",
    date: "2026-11-28",
    seller: seller(regime),
    buyer,
    lines: [{ description: "Life Coaching Branding Toolkit v2.0 (download)", grossCents }],
    treatment: treatmentOf({ seller: regime, buyer: buyerType, country: buyer.address.country }),
    progressive: 1,
  };
}

/** The XML, after the official schema found nothing to say about it. */
async function valid(model: InvoiceModel): Promise<string> {
  const xml = fatturaPaXml(model);
  expect(await fatturaPaSchemaErrors(xml)).toEqual([]);
  return xml;
}

const value = (xml: string, element: string) =>
  [...xml.matchAll(new RegExp(`<${element}>([^<]*)</${element}>`, "g"))].map((m) => m[1]);

describe("FatturaPA XML, valid against the official schema 1.2.2", () => {
  it("the schema catches what it should (the check itself works)", async () => {
    const xml = fatturaPaXml(invoice("ordinario", "business", buyers.euBusiness!));
    expect(await fatturaPaSchemaErrors(xml.replace("<Natura>N2.1</Natura>", "<Natura>N9</Natura>"))).toEqual([
      expect.stringMatching(/Element 'Natura'.*'N9' is not an element of the set/),
    ]);
  });

  it("an Italian consumer who asked for one: 22 % VAT, their codice fiscale, code 0000000", async () => {
    const xml = await valid(invoice("ordinario", "consumer", buyers.italianConsumer!));
    expect(value(xml, "CodiceDestinatario")).toEqual(["0000000"]);
    expect(value(xml, "CodiceFiscale")).toEqual(["RSSMRA85T10A562S", "MRTMTT25D09F205Z"]);
    expect(value(xml, "AliquotaIVA")).toEqual(["22.00", "22.00"]);
    expect(value(xml, "ImponibileImporto")).toEqual(["38.52"]);
    expect(value(xml, "Imposta")).toEqual(["8.48"]);
    expect(value(xml, "ImportoTotaleDocumento")).toEqual(["47.00"]);
    expect(value(xml, "Cognome")).toEqual(["Rossi", "D&apos;Angelo"]);
  });

  it("an EU consumer (OSS): German VAT at 19 % shown as its own line, N7, total as charged", async () => {
    const xml = await valid(invoice("ordinario", "consumer", buyers.euConsumer!));
    expect(value(xml, "CodiceDestinatario")).toEqual(["XXXXXXX"]);
    expect(value(xml, "Natura")).toEqual(["N7", "N7", "N7"]);
    expect(value(xml, "Descrizione")).toEqual([
      "Life Coaching Branding Toolkit v2.0 (download)",
      "IVA DE 19.00% assolta tramite OSS",
    ]);
    expect(value(xml, "PrezzoTotale")).toEqual(["39.50", "7.50"]);
    expect(value(xml, "ImportoTotaleDocumento")).toEqual(["47.00"]);
    expect(value(xml, "IdCodice")).toEqual(["02313821007", "02313821007", "99999999999"]);
  });

  it("a consumer outside the EU: outside the scope, N2.1, art. 7-septies", async () => {
    const xml = await valid(invoice("ordinario", "consumer", buyers.nonEuConsumer!));
    expect(value(xml, "Natura")).toEqual(["N2.1", "N2.1"]);
    expect(value(xml, "RiferimentoNormativo")).toEqual([
      "Operazione non soggetta ex art. 7-septies DPR 633/72",
    ]);
    expect(value(xml, "Imposta")).toEqual(["0.00"]);
    expect(value(xml, "Indirizzo")[1]).toBe("1 Main St 10001");
    expect(value(xml, "CAP")).toEqual(["20121", "00000"]);
  });

  it("an Italian business: 22 % VAT, its partita IVA and recipient code", async () => {
    const xml = await valid(invoice("ordinario", "business", buyers.italianBusiness!));
    expect(value(xml, "CodiceDestinatario")).toEqual(["M5UXCR1"]);
    expect(value(xml, "Denominazione")).toEqual(["Coaching &amp; Co. S.r.l."]);
    expect(value(xml, "EsigibilitaIVA")).toEqual(["I"]);
    expect(value(xml, "Imposta")).toEqual(["8.48"]);
  });

  it("an Italian business reached by PEC: code 0000000 and the PEC", async () => {
    const buyer = {
      ...buyers.italianBusiness!,
      delivery: { codiceDestinatario: "0000000", pec: "fatture@pec.example.it" },
    };
    const xml = await valid(invoice("ordinario", "business", buyer));
    expect(value(xml, "PECDestinatario")).toEqual(["fatture@pec.example.it"]);
  });

  it("an EU business: reverse charge, N2.1, art. 7-ter, code XXXXXXX; stamp duty above EUR 77.47", async () => {
    const xml = await valid(invoice("ordinario", "business", buyers.euBusiness!));
    expect(value(xml, "IdPaese")).toEqual(["IT", "IT", "DE"]);
    expect(value(xml, "RiferimentoNormativo")).toEqual([
      "Inversione contabile - operazione non soggetta ex art. 7-ter DPR 633/72",
    ]);
    expect(xml).not.toContain("DatiBollo");
    const over = await valid(invoice("ordinario", "business", buyers.euBusiness!, 12700));
    expect(value(over, "ImportoBollo")).toEqual(["2.00"]);
  });

  it("a business outside the EU: outside the scope, N2.1", async () => {
    const xml = await valid(invoice("ordinario", "business", buyers.nonEuBusiness!));
    expect(value(xml, "Natura")).toEqual(["N2.1", "N2.1"]);
    expect(value(xml, "CodiceDestinatario")).toEqual(["XXXXXXX"]);
  });

  it("a flat-rate seller: RF19, no VAT, N2.2 with the regime's wording, virtual stamp duty only above EUR 77.47", async () => {
    const xml = await valid(invoice("forfettario", "business", buyers.italianBusiness!, 7748));
    expect(value(xml, "RegimeFiscale")).toEqual(["RF19"]);
    expect(value(xml, "Natura")).toEqual(["N2.2", "N2.2"]);
    expect(value(xml, "Imposta")).toEqual(["0.00"]);
    expect(value(xml, "BolloVirtuale")).toEqual(["SI"]);
    expect(value(xml, "ImportoBollo")).toEqual(["2.00"]);
    expect(value(xml, "Causale")).toEqual([
      "Operazione effettuata ai sensi dell&apos;art. 1, commi da 54 a 89, L. 190/2014 - Regime forfettario",
    ]);
    const atThreshold = await valid(invoice("forfettario", "consumer", buyers.italianConsumer!, 7747));
    expect(atThreshold).not.toContain("DatiBollo");
    for (const buyer of ["euConsumer", "nonEuConsumer"])
      await valid(invoice("forfettario", "consumer", buyers[buyer]!));
    for (const buyer of ["euBusiness", "nonEuBusiness"])
      await valid(invoice("forfettario", "business", buyers[buyer]!));
  });

  it("a credit note: TD04 referring to its invoice, amounts as positive figures", async () => {
    const model = {
      ...invoice("ordinario", "business", buyers.italianBusiness!),
      type: "credit-note" as const,
      number: "NC/2026/1",
      creditNoteOf: { number: "FT/2026/1", date: "2026-11-28" },
    };
    const xml = await valid(model);
    expect(value(xml, "TipoDocumento")).toEqual(["TD04"]);
    expect(value(xml, "IdDocumento")).toEqual(["FT/2026/1"]);
    expect(value(xml, "ImportoTotaleDocumento")).toEqual(["47.00"]);
    expect(() => fatturaPaXml({ ...model, creditNoteOf: undefined })).toThrow(
      "A credit note must name the invoice it corrects.",
    );
  });

  it("notes as Causale after the regime's wording, each within 200 Latin-1 characters", async () => {
    const note =
      "Corrispettivo USD 47.00 convertito al cambio BCE del 2026-11-27: 1 EUR = 1.0542 USD (art. 13 c. 4 DPR 633/72)";
    const xml = await valid({ ...invoice("forfettario", "consumer", buyers.nonEuConsumer!), notes: [note] });
    expect(value(xml, "Causale")).toEqual([
      "Operazione effettuata ai sensi dell&apos;art. 1, commi da 54 a 89, L. 190/2014 - Regime forfettario",
      note,
    ]);
    const model = invoice("ordinario", "consumer", buyers.nonEuConsumer!);
    expect(() => fatturaPaXml({ ...model, notes: ["x".repeat(201)] })).toThrow(
      "The note is too long for an Italian e-invoice: at most 200 characters, it has 201.",
    );
    expect(() => fatturaPaXml({ ...model, notes: ["1 € = 1.05 $"] })).toThrow(/cannot carry: "€"/);
  });

  it("several lines add up to what was charged", async () => {
    const model = invoice("ordinario", "business", buyers.italianBusiness!);
    model.lines = [
      { description: "Toolkit", grossCents: 3525 },
      { description: "Bonus pack", grossCents: 1 },
      { description: "Workbook", grossCents: 3333 },
    ];
    const xml = await valid(model);
    const cents = (values: (string | undefined)[]) =>
      values.reduce((sum, v) => sum + Math.round(Number(v) * 100), 0);
    expect(cents(value(xml, "PrezzoTotale"))).toBe(cents(value(xml, "ImponibileImporto")));
    expect(cents([...value(xml, "ImponibileImporto"), ...value(xml, "Imposta")])).toBe(3525 + 1 + 3333);
  });
});

describe("what FatturaPA cannot carry is refused with a clear sentence", () => {
  it("a name outside Latin-1", () => {
    const buyer = { ...buyers.euBusiness!, name: { company: "Łódź Coaching 株式会社" } };
    expect(() => fatturaPaXml(invoice("ordinario", "business", buyer))).toThrow(
      'The company name has a character an Italian e-invoice cannot carry: "Ł". Use Latin letters (accents like à, é, ö are fine).',
    );
  });

  it("a name longer than its field, and HTML kept as text", async () => {
    const long = { ...buyers.euBusiness!, name: { company: "A".repeat(81) } };
    expect(() => fatturaPaXml(invoice("ordinario", "business", long))).toThrow(
      "The company name is too long for an Italian e-invoice: at most 80 characters, it has 81.",
    );
    const html = { ...buyers.euBusiness!, name: { company: "<script>alert(1)</script>" } };
    const xml = await valid(invoice("ordinario", "business", html));
    expect(value(xml, "Denominazione")).toEqual(["&lt;script&gt;alert(1)&lt;/script&gt;"]);
  });

  it("an Italian buyer without a tax code, a wrong CAP, control characters", () => {
    const noId = { ...buyers.italianConsumer!, codiceFiscale: undefined };
    expect(() => fatturaPaXml(invoice("ordinario", "consumer", noId))).toThrow(
      /tax code \(codice fiscale\) or VAT number is missing/,
    );
    const badCap = {
      ...buyers.italianConsumer!,
      address: { ...buyers.italianConsumer!.address, postcode: "1234" },
    };
    expect(() => fatturaPaXml(invoice("ordinario", "consumer", badCap))).toThrow(
      "An Italian postcode (CAP) has 5 digits.",
    );
    const control = { ...buyers.euBusiness!, name: { company: "Bad\u0007Name" } };
    expect(() => fatturaPaXml(invoice("ordinario", "business", control))).toThrow(/cannot carry/);
  });
});

describe("the file name SDI expects", () => {
  it("is IT, the partita IVA and a base-36 progressive of 5 characters", () => {
    expect(fatturaPaFileName("02313821007", 1)).toBe("IT02313821007_00001.xml");
    expect(fatturaPaFileName("02313821007", 36)).toBe("IT02313821007_00010.xml");
    expect(fatturaPaFileName("02313821007", 36 ** 5 - 1)).toBe("IT02313821007_ZZZZZ.xml");
    expect(() => fatturaPaFileName("02313821007", 36 ** 5)).toThrow(RangeError);
    expect(() => fatturaPaFileName("02313821007", 0)).toThrow(RangeError);
  });
});
