/**
 * The courtesy copy ("copia di cortesia") of an invoice or credit note: a PDF the buyer can read,
 * printed from the FatturaPA XML the store issued, so it says exactly what the electronic document
 * says. It states that the legally valid document is the electronic one sent through the Sistema di
 * Interscambio (art. 1 c. 3 D.Lgs 127/2015; Agenzia delle Entrate provv. 89757/2018, 2.6: a copy
 * handed to the buyer is not the invoice). Labels are Italian with English in smaller type, like a
 * bilingual form; the standard fonts print Latin-1 only, and anything else becomes "?".
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { printable, wrap } from "#app/lib/pdf-text.server.ts";

/** A party as the XML names it. */
export interface CopyParty {
  name: string;
  /** "P.IVA IT12345678903", "C.F. RSSMRA85T10A562S", or the foreign id. */
  ids: string[];
  address: string[];
}

/** What the courtesy copy prints, read from the document's XML. */
export interface CourtesyCopy {
  kind: "invoice" | "credit-note";
  number: string;
  /** YYYY-MM-DD. */
  date: string;
  seller: CopyParty;
  buyer: CopyParty;
  /** SDI recipient code, and the PEC when one was given. */
  codiceDestinatario: string;
  pec: string | null;
  lines: { description: string; netCents: number }[];
  ratePercent: number;
  natura: string | null;
  riferimentoNormativo: string | null;
  taxableCents: number;
  taxCents: number;
  totalCents: number;
  stampDutyCents: number;
  /** The Causale elements: the regime's wording, the currency conversion. */
  notes: string[];
  /** A credit note's invoice. */
  corrects: { number: string; date: string } | null;
}

const unescapeXml = (value: string) =>
  value.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" })[name]!,
  );

/** The text of every `element` in `xml` (the store's own XML: no attributes, no CDATA, escaped text). */
const all = (xml: string, element: string) =>
  [...xml.matchAll(new RegExp(`<${element}>([^<]*)</${element}>`, "g"))].map((m) => unescapeXml(m[1]!));
const one = (xml: string, element: string) => all(xml, element)[0] ?? null;
/** The inside of the first `element` block. */
const block = (xml: string, element: string) =>
  new RegExp(`<${element}>([\\s\\S]*?)</${element}>`).exec(xml)?.[1] ?? "";
const cents = (amount: string | null) => (amount === null ? 0 : Math.round(Number(amount) * 100));

function party(xml: string): CopyParty {
  const company = one(xml, "Denominazione");
  const name = company ?? `${one(xml, "Nome") ?? ""} ${one(xml, "Cognome") ?? ""}`.trim();
  const vat = block(xml, "IdFiscaleIVA");
  const ids = [
    ...(vat ? [`P.IVA / VAT ${one(vat, "IdPaese")}${one(vat, "IdCodice")}`] : []),
    ...(one(xml, "CodiceFiscale") ? [`C.F. ${one(xml, "CodiceFiscale")}`] : []),
  ];
  const sede = block(xml, "Sede");
  const cap = one(sede, "CAP");
  const province = one(sede, "Provincia");
  return {
    name,
    ids,
    address: [
      one(sede, "Indirizzo") ?? "",
      [
        cap !== "00000" ? cap : null,
        one(sede, "Comune"),
        province ? `(${province})` : null,
        one(sede, "Nazione"),
      ]
        .filter(Boolean)
        .join(" "),
    ],
  };
}

/** The courtesy copy's contents, read from a FatturaPA XML the store wrote (fatturapa.ts). */
export function courtesyCopyOf(xml: string): CourtesyCopy {
  const documento = block(xml, "DatiGeneraliDocumento");
  const riepilogo = block(xml, "DatiRiepilogo");
  const collegate = block(xml, "DatiFattureCollegate");
  const taxableCents = cents(one(riepilogo, "ImponibileImporto"));
  const taxCents = cents(one(riepilogo, "Imposta"));
  return {
    kind: one(documento, "TipoDocumento") === "TD04" ? "credit-note" : "invoice",
    number: one(documento, "Numero") ?? "",
    date: one(documento, "Data") ?? "",
    seller: party(block(xml, "CedentePrestatore")),
    buyer: party(block(xml, "CessionarioCommittente")),
    codiceDestinatario: one(xml, "CodiceDestinatario") ?? "",
    pec: one(xml, "PECDestinatario"),
    lines: [...xml.matchAll(/<DettaglioLinee>([\s\S]*?)<\/DettaglioLinee>/g)].map(([, line]) => ({
      description: one(line!, "Descrizione") ?? "",
      netCents: cents(one(line!, "PrezzoTotale")),
    })),
    ratePercent: Number(one(riepilogo, "AliquotaIVA") ?? 0),
    natura: one(riepilogo, "Natura"),
    riferimentoNormativo: one(riepilogo, "RiferimentoNormativo"),
    taxableCents,
    taxCents,
    totalCents: cents(one(documento, "ImportoTotaleDocumento")),
    stampDutyCents: cents(one(documento, "ImportoBollo")),
    notes: all(documento, "Causale"),
    corrects: collegate
      ? { number: one(collegate, "IdDocumento") ?? "", date: one(collegate, "Data") ?? "" }
      : null,
  };
}

/** The sentence the copy prints when virtual stamp duty was paid (DM 17/06/2014 art. 6). */
export const STAMP_DUTY_SENTENCE = "Imposta di bollo assolta in modo virtuale ai sensi del DM 17/06/2014";

/** "47,00 EUR" as an Italian document writes an amount. */
const euro = (amountCents: number) =>
  `${new Intl.NumberFormat("it-IT", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amountCents / 100)} EUR`;
/** 2026-11-28 → 28/11/2026. */
const italianDate = (day: string) => day.split("-").reverse().join("/");

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const GREY = rgb(0.39, 0.45, 0.55);

/** The courtesy copy of `xml` as PDF bytes; the same document always gives the same bytes. */
export async function courtesyCopyPdf(xml: string): Promise<Buffer> {
  const copy = courtesyCopyOf(xml);
  const credit = copy.kind === "credit-note";
  const title = credit ? "Nota di credito" : "Fattura";
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const day = new Date(`${copy.date}T12:00:00Z`);
  pdf.setTitle(`${title} ${copy.number} - copia di cortesia`);
  pdf.setProducer(copy.seller.name);
  pdf.setCreator(copy.seller.name);
  pdf.setCreationDate(day);
  pdf.setModificationDate(day);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  const width = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.height - PAGE.margin;

  const text = (
    value: string,
    font: PDFFont,
    size: number,
    options: { x?: number; w?: number; grey?: boolean } = {},
  ) => {
    const x = options.x ?? PAGE.margin;
    for (const line of wrap(printable(value), font, size, options.w ?? width - (x - PAGE.margin))) {
      if (y - size * 1.3 < PAGE.margin) {
        page = pdf.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      y -= size * 1.3;
      page.drawText(line, { x, y, size, font, ...(options.grey && { color: GREY }) });
    }
  };
  /** An Italian label with its English beside it in smaller type, and the value on the right. */
  const row = (italian: string, english: string, value: string, font = regular) => {
    y -= 14;
    page.drawText(printable(italian), { x: PAGE.margin, y, size: 10, font: regular });
    page.drawText(printable(english), {
      x: PAGE.margin + regular.widthOfTextAtSize(printable(italian), 10) + 4,
      y,
      size: 7.5,
      font: regular,
      color: GREY,
    });
    const shown = printable(value);
    page.drawText(shown, {
      x: PAGE.width - PAGE.margin - font.widthOfTextAtSize(shown, 10),
      y,
      size: 10,
      font,
    });
  };
  const gap = (points: number) => {
    y -= points;
  };

  text("Copia di cortesia", bold, 20);
  text("Courtesy copy", regular, 10, { grey: true });
  gap(6);
  text(
    "Documento privo di valore fiscale. Il documento valido è la fattura elettronica trasmessa tramite il Sistema di Interscambio (SDI) dell'Agenzia delle Entrate.",
    regular,
    9,
  );
  text(
    "This copy has no tax value: the legally valid document is the electronic invoice sent through the Italian Sistema di Interscambio (SDI).",
    regular,
    7.5,
    { grey: true },
  );
  gap(14);
  text(`${title} n. ${copy.number} del ${italianDate(copy.date)}`, bold, 14);
  text(credit ? "Credit note" : "Invoice", regular, 8, { grey: true });
  if (copy.corrects) {
    text(
      `Rettifica la fattura n. ${copy.corrects.number} del ${italianDate(copy.corrects.date)}`,
      regular,
      10,
    );
    text(`Corrects invoice ${copy.corrects.number} of ${copy.corrects.date}`, regular, 7.5, { grey: true });
  }
  gap(12);

  const top = y;
  const column = (label: string, english: string, who: CopyParty, x: number) => {
    y = top;
    text(label, bold, 10, { x, w: width / 2 - 10 });
    text(english, regular, 7.5, { x, w: width / 2 - 10, grey: true });
    for (const line of [who.name, ...who.address, ...who.ids])
      text(line, regular, 9.5, { x, w: width / 2 - 10 });
    return y;
  };
  const low = Math.min(
    column("Cedente / prestatore", "Seller", copy.seller, PAGE.margin),
    column("Cessionario / committente", "Buyer", copy.buyer, PAGE.margin + width / 2),
  );
  y = low;
  gap(6);
  text(
    copy.pec ? `Recapito SDI: PEC ${copy.pec}` : `Codice destinatario SDI: ${copy.codiceDestinatario}`,
    regular,
    8.5,
  );
  gap(14);

  text("Descrizione", bold, 10);
  text("Description", regular, 7.5, { grey: true });
  for (const line of copy.lines) {
    const amount = euro(line.netCents);
    text(line.description, regular, 10, { w: width - 90 });
    page.drawText(amount, {
      x: PAGE.width - PAGE.margin - regular.widthOfTextAtSize(amount, 10),
      y,
      size: 10,
      font: regular,
    });
  }
  gap(10);
  row("Imponibile", "Taxable amount", euro(copy.taxableCents));
  row(
    copy.natura ? `IVA: ${copy.natura}` : `IVA ${copy.ratePercent.toFixed(2).replace(".", ",")}%`,
    "VAT",
    euro(copy.taxCents),
  );
  row(credit ? "Totale nota di credito" : "Totale documento", "Total", euro(copy.totalCents), bold);
  gap(12);
  if (copy.riferimentoNormativo) text(copy.riferimentoNormativo, regular, 9);
  for (const note of copy.notes.filter((note) => note !== copy.riferimentoNormativo)) text(note, regular, 9);
  if (copy.stampDutyCents > 0) text(`${STAMP_DUTY_SENTENCE} (${euro(copy.stampDutyCents)}).`, regular, 9);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
