/**
 * The FatturaPA writer: an invoice or credit note (TD01 / TD04) as the XML the Sistema di
 * Interscambio takes from private parties (FPR12, schema 1.2.2), and the file
 * name SDI expects. It refuses, with a sentence naming the field, what the format cannot carry: text
 * outside Latin-1, or longer than the field. The tests validate what it writes against the official XSD.
 */
import { type Delivery, FOREIGN_CODE, NO_CODE } from "./recipient-code.ts";
import type { SellerRegime, Treatment } from "./sale-regime.ts";
import { splitInclusive, stampDutyCents } from "./tax-split.ts";

export interface Address {
  street: string;
  /** Italian CAP (5 digits); abroad, the postcode goes into the street line and the CAP is 00000. */
  postcode: string;
  city: string;
  /** Italian province (2 letters), Italy only. */
  province?: string;
  /** ISO 3166 code. */
  country: string;
}

/** A company by its name, or a person by first and last name. */
export type PartyName = { company: string } | { first: string; last: string };

export interface Seller {
  regime: SellerRegime;
  /** 11 digits, checked. */
  partitaIva: string;
  codiceFiscale?: string;
  name: PartyName;
  address: Address;
}

export interface Buyer {
  name: PartyName;
  address: Address;
  /** A business's VAT number with its VIES prefix (e.g. DE136695976), checked; any tax id outside the EU. */
  vatNumber?: string;
  /** An Italian buyer's codice fiscale, checked. */
  codiceFiscale?: string;
  /** Italian buyers only: their recipient code or PEC (foreign buyers get XXXXXXX). */
  delivery?: Delivery;
}

export interface InvoiceLine {
  description: string;
  /** What the buyer paid for the line, VAT included (cents, EUR). */
  grossCents: number;
}

export interface InvoiceModel {
  type: "invoice" | "credit-note";
  /** The number in its series, as printed (e.g. "2026/7" or "7"), at most 20 characters. */
  number: string;
  /** YYYY-MM-DD. */
  date: string;
  seller: Seller;
  buyer: Buyer;
  lines: InvoiceLine[];
  treatment: Treatment;
  /** The file's progressive (1, 2, …): it names the file and fills ProgressivoInvio. */
  progressive: number;
  /** A credit note's invoice. */
  creditNoteOf?: { number: string; date: string };
  /** Statements the document carries as Causale, each at most 200 characters (e.g. the euro conversion). */
  notes?: string[];
}

/** What FatturaPA cannot carry, said in a sentence for whoever typed it. */
export class InvoiceFieldError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = "InvoiceFieldError";
    this.field = field;
  }
}

/** The file name SDI expects: IT, the sender's partita IVA, "_", a progressive of up to 5 characters (base 36). */
export function fatturaPaFileName(partitaIva: string, progressive: number): string {
  if (!Number.isSafeInteger(progressive) || progressive < 1 || progressive >= 36 ** 5)
    throw new RangeError(`The file progressive must be between 1 and ${36 ** 5 - 1}: ${progressive}`);
  return `IT${partitaIva}_${progressive.toString(36).toUpperCase().padStart(5, "0")}.xml`;
}

/**
 * FatturaPA's text fields accept Basic Latin and Latin-1 Supplement; their control characters are
 * refused too (XML 1.0 cannot carry most of them, and none belongs in a name or an address).
 */
export const OUTSIDE_LATIN1 = /[^\u0020-\u007E\u00A0-\u00FF]/u;

/** One text field, checked: present, Latin-1 only, within its length (also the invoice request form's check). */
export function text(field: string, label: string, value: string, max: number): string {
  const trimmed = value.trim().replace(/\s+/g, " ");
  if (trimmed === "") throw new InvoiceFieldError(field, `The ${label} is missing.`);
  const outside = [...trimmed].find((char) => OUTSIDE_LATIN1.test(char));
  if (outside !== undefined)
    throw new InvoiceFieldError(
      field,
      `The ${label} has a character an Italian e-invoice cannot carry: "${outside}". Use Latin letters (accents like à, é, ö are fine).`,
    );
  if (trimmed.length > max)
    throw new InvoiceFieldError(
      field,
      `The ${label} is too long for an Italian e-invoice: at most ${max} characters, it has ${trimmed.length}.`,
    );
  return trimmed;
}

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[char]};`,
  );

/** A tiny element writer: `el("A", el("B", "x"))` → `<A><B>x</B></A>`; undefined children are left out. */
type Node = string | undefined;
const el = (name: string, ...children: Node[]) =>
  `<${name}>${children.filter((c) => c !== undefined).join("")}</${name}>`;
const leaf = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;

/** Cents as FatturaPA writes amounts: 4700 → "47.00". */
const amount = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
const rate = (percent: number) => percent.toFixed(2);

function anagrafica(prefix: string, name: PartyName): string {
  if ("company" in name)
    return el("Anagrafica", leaf("Denominazione", text(`${prefix}.name`, "company name", name.company, 80)));
  return el(
    "Anagrafica",
    leaf("Nome", text(`${prefix}.first`, "first name", name.first, 60)),
    leaf("Cognome", text(`${prefix}.last`, "last name", name.last, 60)),
  );
}

function sede(prefix: string, address: Address): string {
  const italy = address.country === "IT";
  const postcode = address.postcode.trim();
  if (italy && !/^\d{5}$/.test(postcode))
    throw new InvoiceFieldError(`${prefix}.postcode`, "An Italian postcode (CAP) has 5 digits.");
  const street = italy || postcode === "" ? address.street : `${address.street} ${postcode}`;
  const province = address.province?.trim().toUpperCase();
  if (italy && province !== undefined && !/^[A-Z]{2}$/.test(province))
    throw new InvoiceFieldError(
      `${prefix}.province`,
      "An Italian province is written with its 2 letters, for example MI.",
    );
  if (!/^[A-Z]{2}$/.test(address.country))
    throw new InvoiceFieldError(
      `${prefix}.country`,
      "The country must be a 2-letter code, for example IT or DE.",
    );
  return el(
    "Sede",
    leaf("Indirizzo", text(`${prefix}.street`, "street address", street, 60)),
    leaf("CAP", italy ? postcode : "00000"),
    leaf("Comune", text(`${prefix}.city`, "city", address.city, 60)),
    italy && province ? leaf("Provincia", province) : undefined,
    leaf("Nazione", address.country),
  );
}

/** A VAT number with its prefix as FatturaPA's IdFiscaleIVA (country, then at most 28 characters). */
function idFiscaleIva(field: string, vatNumber: string): string {
  const match = /^([A-Z]{2})([A-Za-z0-9]{1,28})$/.exec(vatNumber);
  if (!match)
    throw new InvoiceFieldError(
      field,
      "The VAT number is not written as FatturaPA needs it (country code, then up to 28 letters and digits).",
    );
  return el("IdFiscaleIVA", leaf("IdPaese", match[1]!), leaf("IdCodice", match[2]!));
}

function cessionario(buyer: Buyer): string {
  const italy = buyer.address.country === "IT";
  let ids: string;
  if (buyer.vatNumber) ids = idFiscaleIva("buyer.vatNumber", buyer.vatNumber);
  else if (italy && buyer.codiceFiscale) ids = leaf("CodiceFiscale", buyer.codiceFiscale);
  else if (italy)
    throw new InvoiceFieldError(
      "buyer.codiceFiscale",
      "An Italian buyer's tax code (codice fiscale) or VAT number is missing.",
    );
  // A foreign party without a VAT number: its country and eleven 9s (Agenzia delle Entrate, FAQ on e-invoicing).
  else ids = el("IdFiscaleIVA", leaf("IdPaese", buyer.address.country), leaf("IdCodice", "99999999999"));
  const withCf =
    buyer.vatNumber && italy && buyer.codiceFiscale ? leaf("CodiceFiscale", buyer.codiceFiscale) : undefined;
  return el(
    "CessionarioCommittente",
    el("DatiAnagrafici", ids, withCf, anagrafica("buyer", buyer.name)),
    sede("buyer", buyer.address),
  );
}

/** The lines as FatturaPA carries them: net amounts, and for OSS sales the foreign VAT as a line of its own. */
function linesOf(model: InvoiceModel) {
  const { treatment } = model;
  const split = splitInclusive(
    model.lines.map((line) => line.grossCents),
    treatment.ratePercent,
  );
  const lines = model.lines.map((line, index) => ({
    description: text(`lines.${index}.description`, "line's description", line.description, 1000),
    netCents: split.lineTaxableCents[index]!,
  }));
  // An OSS sale charges the buyer's country's VAT, which an Italian invoice shows but does not tax (N7).
  if (treatment.kind === "eu-consumer-oss")
    return {
      lines: [
        ...lines,
        {
          description: `IVA ${treatment.vatCountry} ${rate(treatment.ratePercent)}% assolta tramite OSS`,
          netCents: split.taxCents,
        },
      ],
      taxableCents: split.taxableCents + split.taxCents,
      taxCents: 0,
      italianRate: 0,
    };
  return {
    lines,
    taxableCents: split.taxableCents,
    taxCents: split.taxCents,
    italianRate: treatment.ratePercent,
  };
}

/** The invoice model as FatturaPA XML (UTF-8, every character within Latin-1). */
export function fatturaPaXml(model: InvoiceModel): string {
  const { seller, buyer, treatment } = model;
  if (!/^\d{11}$/.test(seller.partitaIva))
    throw new InvoiceFieldError("seller.partitaIva", "The seller's partita IVA is missing or not 11 digits.");
  if (model.lines.length === 0) throw new InvoiceFieldError("lines", "An invoice needs at least one line.");
  if (model.type === "credit-note" && !model.creditNoteOf)
    throw new InvoiceFieldError("creditNoteOf", "A credit note must name the invoice it corrects.");
  const number = text("number", "invoice number", model.number, 20);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(model.date))
    throw new InvoiceFieldError("date", "The invoice date must be written YYYY-MM-DD.");

  const italianBuyer = buyer.address.country === "IT";
  const delivery: Delivery = italianBuyer
    ? (buyer.delivery ?? { codiceDestinatario: NO_CODE })
    : { codiceDestinatario: FOREIGN_CODE };
  const { lines, taxableCents, taxCents, italianRate } = linesOf(model);
  const totalCents = taxableCents + taxCents;
  const natura = italianRate === 0 ? treatment.natura : undefined;
  if (italianRate === 0 && !natura)
    throw new Error(`A treatment without VAT needs a Natura: ${treatment.kind}`);
  const bolloCents = treatment.stampDutyMayApply && italianRate === 0 ? stampDutyCents(taxableCents) : 0;
  const progressive = fatturaPaFileName(seller.partitaIva, model.progressive).slice(14, 19);

  const header = el(
    "FatturaElettronicaHeader",
    el(
      "DatiTrasmissione",
      // The sender named here and in the file name is the seller; an intermediary may send it on.
      el("IdTrasmittente", leaf("IdPaese", "IT"), leaf("IdCodice", seller.partitaIva)),
      leaf("ProgressivoInvio", progressive),
      leaf("FormatoTrasmissione", "FPR12"),
      leaf("CodiceDestinatario", delivery.codiceDestinatario),
      delivery.pec ? leaf("PECDestinatario", delivery.pec) : undefined,
    ),
    el(
      "CedentePrestatore",
      el(
        "DatiAnagrafici",
        el("IdFiscaleIVA", leaf("IdPaese", "IT"), leaf("IdCodice", seller.partitaIva)),
        seller.codiceFiscale ? leaf("CodiceFiscale", seller.codiceFiscale) : undefined,
        anagrafica("seller", seller.name),
        leaf("RegimeFiscale", seller.regime === "forfettario" ? "RF19" : "RF01"),
      ),
      sede("seller", seller.address),
    ),
    cessionario(buyer),
  );

  const body = el(
    "FatturaElettronicaBody",
    el(
      "DatiGenerali",
      el(
        "DatiGeneraliDocumento",
        leaf("TipoDocumento", model.type === "credit-note" ? "TD04" : "TD01"),
        leaf("Divisa", "EUR"),
        leaf("Data", model.date),
        leaf("Numero", number),
        bolloCents > 0
          ? el("DatiBollo", leaf("BolloVirtuale", "SI"), leaf("ImportoBollo", amount(bolloCents)))
          : undefined,
        leaf("ImportoTotaleDocumento", amount(totalCents)),
        treatment.kind === "flat-rate"
          ? leaf("Causale", text("causale", "wording", treatment.riferimentoNormativo ?? "", 200))
          : undefined,
        ...(model.notes ?? []).map((note, index) =>
          leaf("Causale", text(`notes.${index}`, "note", note, 200)),
        ),
      ),
      model.creditNoteOf
        ? el(
            "DatiFattureCollegate",
            leaf(
              "IdDocumento",
              text("creditNoteOf.number", "corrected invoice's number", model.creditNoteOf.number, 20),
            ),
            leaf("Data", model.creditNoteOf.date),
          )
        : undefined,
    ),
    el(
      "DatiBeniServizi",
      ...lines.map((line, index) =>
        el(
          "DettaglioLinee",
          leaf("NumeroLinea", String(index + 1)),
          leaf("Descrizione", line.description),
          leaf("PrezzoUnitario", amount(line.netCents)),
          leaf("PrezzoTotale", amount(line.netCents)),
          leaf("AliquotaIVA", rate(italianRate)),
          natura ? leaf("Natura", natura) : undefined,
        ),
      ),
      el(
        "DatiRiepilogo",
        leaf("AliquotaIVA", rate(italianRate)),
        natura ? leaf("Natura", natura) : undefined,
        leaf("ImponibileImporto", amount(taxableCents)),
        leaf("Imposta", amount(taxCents)),
        natura ? undefined : leaf("EsigibilitaIVA", "I"),
        natura && treatment.riferimentoNormativo
          ? leaf(
              "RiferimentoNormativo",
              text("riferimentoNormativo", "legal reference", treatment.riferimentoNormativo, 100),
            )
          : undefined,
      ),
    ),
  );

  return `<?xml version="1.0" encoding="UTF-8"?>\n<p:FatturaElettronica versione="FPR12" xmlns:p="http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2" xmlns:ds="http://www.w3.org/2000/09/xmldsig#">${header}${body}</p:FatturaElettronica>\n`;
}
