/**
 * Which VAT treatment a sale gets, from the seller's regime and the buyer's type and country: the
 * rate charged and whose VAT it is, whether an invoice is owed, the FatturaPA Natura and legal
 * reference when no VAT is charged, the register the sale goes in, and whether stamp duty may be due.
 * Pure; each rule and its source is in ADR 043.
 */
import { EU_STANDARD_RATES, isEuCountry } from "./eu-vat-rates.ts";

/** The seller's VAT regime: ordinario (charges VAT) or forfettario (L. 190/2014, art. 1, c. 54–89: charges none). */
export type SellerRegime = "ordinario" | "forfettario";
export type BuyerType = "consumer" | "business";

/** The rules where the sources leave the seller a choice, or disagree (ADR 043). */
export interface BooksSettings {
  /**
   * Whether the seller's EU-wide distance sales to consumers passed EUR 10,000 this or last year
   * (art. 7-octies DPR 633/72; art. 59c Directive 2006/112). Below it
   * Italian VAT applies unless the seller opted for the buyer's country; above it, always the buyer's.
   */
  euConsumerSalesAboveThreshold: boolean;
  /**
   * The Natura a flat-rate seller writes on an invoice to a business outside Italy: N2.1 (not
   * subject, art. 7-ter) or N2.2 (other not subject, the flat-rate regime). Practice differs.
   */
  flatRateForeignBusinessNatura: "N2.1" | "N2.2";
}

export const DEFAULT_BOOKS_SETTINGS: BooksSettings = {
  euConsumerSalesAboveThreshold: true,
  flatRateForeignBusinessNatura: "N2.1",
};

export type TreatmentKind =
  | "italian-consumer"
  | "eu-consumer-oss"
  | "eu-consumer-italian-vat"
  | "non-eu-consumer"
  | "italian-business"
  | "eu-business"
  | "non-eu-business"
  | "flat-rate";

/** FatturaPA's codes for a line without VAT (Specifiche tecniche FatturaPA, field 2.2.1.14). */
export type Natura = "N2.1" | "N2.2" | "N7";

export interface Treatment {
  kind: TreatmentKind;
  /** The VAT rate charged, in percent (0 when none). */
  ratePercent: number;
  /** The country whose VAT is charged, or null when none is. */
  vatCountry: string | null;
  /** Only when no VAT is charged (ratePercent 0). */
  natura?: Natura;
  /** The law the invoice cites when no VAT is charged (FatturaPA RiferimentoNormativo, at most 100 characters). */
  riferimentoNormativo?: string;
  /** `required`: an invoice for every sale; `on-request`: only when the buyer asks by the time of the sale. */
  invoice: "required" | "on-request";
  /** Where the sale is recorded when no invoice is issued. */
  register: "corrispettivi" | "oss" | "outside-scope" | "invoices";
  /** Stamp duty applies to an invoice without VAT above EUR 77.47. */
  stampDutyMayApply: boolean;
}

/** How a flat-rate seller's invoice states its regime (L. 190/2014, art. 1, c. 54–89 ask for the statement, not its words; this is the text in common use). */
export const FLAT_RATE_WORDING =
  "Operazione effettuata ai sensi dell'art. 1, commi da 54 a 89, L. 190/2014 - Regime forfettario";
/** Invoices to EU businesses for services (art. 7-ter and art. 21, c. 6-bis lett. a, DPR 633/72). */
export const REVERSE_CHARGE_WORDING =
  "Inversione contabile - operazione non soggetta ex art. 7-ter DPR 633/72";
/** Invoices to businesses outside the EU (art. 7-ter and art. 21, c. 6-bis lett. b, DPR 633/72). */
export const NON_EU_BUSINESS_WORDING = "Operazione non soggetta ex art. 7-ter DPR 633/72";
/** Electronically supplied services to consumers outside the EU (art. 7-septies DPR 633/72). */
export const NON_EU_CONSUMER_WORDING = "Operazione non soggetta ex art. 7-septies DPR 633/72";
/** Electronically supplied services to EU consumers taxed in their country through the OSS. */
export const OSS_WORDING =
  "IVA assolta in altro Stato UE tramite OSS - art. 7-octies e art. 74-sexies DPR 633/72";

export const ITALIAN_RATE = EU_STANDARD_RATES.IT!;

/** The treatment of one sale. `country` is the buyer's ISO 3166 code (Greece GR). */
export function treatmentOf(
  sale: { seller: SellerRegime; buyer: BuyerType; country: string },
  settings: BooksSettings = DEFAULT_BOOKS_SETTINGS,
): Treatment {
  const country = sale.country.toUpperCase();
  const italy = country === "IT";
  const eu = isEuCountry(country);
  const invoice = sale.buyer === "business" ? "required" : "on-request";

  if (sale.seller === "forfettario") {
    const foreignBusiness = sale.buyer === "business" && !italy;
    const natura = foreignBusiness ? settings.flatRateForeignBusinessNatura : "N2.2";
    return {
      kind: "flat-rate",
      ratePercent: 0,
      vatCountry: null,
      natura,
      riferimentoNormativo:
        natura === "N2.1" ? (eu ? REVERSE_CHARGE_WORDING : NON_EU_BUSINESS_WORDING) : FLAT_RATE_WORDING,
      invoice,
      register:
        sale.buyer === "business"
          ? "invoices"
          : italy
            ? "corrispettivi"
            : eu
              ? "corrispettivi"
              : "outside-scope",
      stampDutyMayApply: true,
    };
  }

  if (sale.buyer === "consumer") {
    if (italy || (eu && !settings.euConsumerSalesAboveThreshold))
      return {
        kind: italy ? "italian-consumer" : "eu-consumer-italian-vat",
        ratePercent: ITALIAN_RATE,
        vatCountry: "IT",
        invoice,
        register: "corrispettivi",
        stampDutyMayApply: false,
      };
    if (eu)
      return {
        kind: "eu-consumer-oss",
        ratePercent: EU_STANDARD_RATES[country]!,
        vatCountry: country,
        natura: "N7",
        riferimentoNormativo: OSS_WORDING,
        invoice,
        register: "oss",
        stampDutyMayApply: false,
      };
    return {
      kind: "non-eu-consumer",
      ratePercent: 0,
      vatCountry: null,
      natura: "N2.1",
      riferimentoNormativo: NON_EU_CONSUMER_WORDING,
      invoice,
      register: "outside-scope",
      stampDutyMayApply: true,
    };
  }

  if (italy)
    return {
      kind: "italian-business",
      ratePercent: ITALIAN_RATE,
      vatCountry: "IT",
      invoice,
      register: "invoices",
      stampDutyMayApply: false,
    };
  return {
    kind: eu ? "eu-business" : "non-eu-business",
    ratePercent: 0,
    vatCountry: null,
    natura: "N2.1",
    riferimentoNormativo: eu ? REVERSE_CHARGE_WORDING : NON_EU_BUSINESS_WORDING,
    invoice,
    register: "invoices",
    stampDutyMayApply: true,
  };
}
