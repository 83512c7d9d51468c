/**
 * The invoice request form (checkout and success page) read into what an invoice needs: the buyer's
 * type and the FatturaPA writer's `Buyer`, or one English sentence per field that is wrong. Pure:
 * the same rules serve the page and the tests. Identifiers are checked by their own modules (ADR 043);
 * text fields by the writer's own check (Latin-1, the field's length), so nothing the buyer gets
 * past this form is refused when the invoice is written.
 */
import { isCountryCode } from "./countries.ts";
import { checkEuVatNumber } from "./eu-vat-number.ts";
import { isEuCountry } from "./eu-vat-rates.ts";
import { type Buyer, InvoiceFieldError, text } from "./fatturapa.ts";
import { checkCodiceFiscale, checkPartitaIva, compact } from "./italian-tax-ids.ts";
import { checkDelivery } from "./recipient-code.ts";

/** The form's fields, by their `name`. */
export const INVOICE_FIELDS = [
  "buyerType",
  "company",
  "firstName",
  "lastName",
  "street",
  "postcode",
  "city",
  "province",
  "country",
  "vatNumber",
  "codiceFiscale",
  "recipientCode",
  "pec",
] as const;
export type InvoiceField = (typeof INVOICE_FIELDS)[number];
export type InvoiceFormValues = Partial<Record<InvoiceField, string>>;

export interface InvoiceRequest {
  buyerType: "consumer" | "business";
  buyer: Buyer;
}

export type InvoiceRequestResult =
  | { ok: true; value: InvoiceRequest }
  | { ok: false; errors: Partial<Record<InvoiceField, string>> };

/** What a typed value may be at most before it is read: longer is refused, not cut. */
export const INVOICE_FIELD_MAX = 200;

/** The form's values as posted (strings only, each at most INVOICE_FIELD_MAX + 1 characters, so a refused form can be shown again). */
export function invoiceFormValues(form: FormData): InvoiceFormValues {
  const values: InvoiceFormValues = {};
  for (const name of INVOICE_FIELDS) {
    const value = form.get(name);
    if (typeof value === "string" && value !== "") values[name] = value.slice(0, INVOICE_FIELD_MAX + 1);
  }
  return values;
}

/** A tax id from outside the EU: letters and digits once spaces, dots and dashes are gone, as FatturaPA carries it. */
const LOOSE_TAX_ID = /^[A-Z0-9]{2,28}$/;

/** Reads the form; every field is checked, so the buyer sees every mistake at once. */
export function parseInvoiceRequest(values: InvoiceFormValues): InvoiceRequestResult {
  const errors: Partial<Record<InvoiceField, string>> = {};
  const get = (name: InvoiceField) => values[name] ?? "";
  /** A text field through the FatturaPA writer's check; undefined (and the error noted) when refused. */
  const textField = (name: InvoiceField, label: string, max: number, value = get(name)) => {
    try {
      return text(name, label, value, max);
    } catch (error) {
      if (!(error instanceof InvoiceFieldError)) throw error;
      errors[name] = error.message;
      return undefined;
    }
  };

  const buyerType = get("buyerType");
  if (buyerType !== "consumer" && buyerType !== "business") {
    return {
      ok: false,
      errors: { buyerType: "Choose whether the invoice is for a business or a private person." },
    };
  }
  const business = buyerType === "business";

  const country = compact(get("country"));
  if (!isCountryCode(country)) errors.country = "Choose your country from the list.";
  const italy = country === "IT";

  const company = business ? textField("company", "company name", 80) : undefined;
  const first = business ? undefined : textField("firstName", "first name", 60);
  const last = business ? undefined : textField("lastName", "last name", 60);

  const postcode = get("postcode").trim().replace(/\s+/g, " ");
  if (italy && !/^\d{5}$/.test(postcode)) errors.postcode = "An Italian postcode (CAP) has 5 digits.";
  // Abroad FatturaPA has no postcode of its own: the writer adds it to the street line, within its 60 characters.
  if (!italy && postcode.length > 12) errors.postcode = "This postcode is too long: at most 12 characters.";
  const street = textField("street", "street address", 60);
  if (street && !italy && postcode && !errors.postcode)
    textField("street", "street address with the postcode", 60, `${street} ${postcode}`);
  const city = textField("city", "city", 60);
  const province = compact(get("province"));
  if (italy && !/^[A-Z]{2}$/.test(province))
    errors.province = "An Italian province is written with its 2 letters, for example MI.";

  let vatNumber: string | undefined;
  const typedVat = get("vatNumber");
  if (business && !errors.country) {
    if (italy) {
      const checked = checkPartitaIva(typedVat);
      if (checked.ok) vatNumber = `IT${checked.value}`;
      else errors.vatNumber = checked.error;
    } else if (isEuCountry(country)) {
      const checked = checkEuVatNumber(typedVat, country);
      if (checked.ok) vatNumber = checked.value;
      else errors.vatNumber = checked.error;
    } else if (compact(typedVat) !== "") {
      const id = compact(typedVat);
      if (!LOOSE_TAX_ID.test(id))
        errors.vatNumber = "A tax ID is written with letters and digits only, at most 28 of them.";
      else vatNumber = id.startsWith(country) && id.length > 2 ? id : `${country}${id}`;
    }
  }

  let codiceFiscale: string | undefined;
  const typedCf = get("codiceFiscale");
  // Required of an Italian private buyer (the invoice names them by it); an Italian business may add its own.
  if (italy && (!business || compact(typedCf) !== "")) {
    const checked = checkCodiceFiscale(typedCf);
    if (checked.ok) codiceFiscale = checked.value;
    else errors.codiceFiscale = checked.error;
  }

  let delivery: Buyer["delivery"];
  if (italy && business) {
    const checked = checkDelivery({ code: get("recipientCode"), pec: get("pec") });
    if (checked.ok) delivery = checked.value;
    else if (checked.error.startsWith("This PEC")) errors.pec = checked.error;
    else errors.recipientCode = checked.error;
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const buyer: Buyer = {
    name: business ? { company: company! } : { first: first!, last: last! },
    address: {
      street: street!,
      postcode,
      city: city!,
      ...(italy && { province }),
      country,
    },
    ...(vatNumber && { vatNumber }),
    ...(codiceFiscale && { codiceFiscale }),
    ...(delivery && { delivery }),
  };
  return { ok: true, value: { buyerType, buyer } };
}
