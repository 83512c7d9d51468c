/**
 * A business that gives its tax ID on the payment provider's page (Stripe's tax ID collection) is
 * owed an invoice without asking the store for one (art. 21 c. 6-bis DPR 633/72 for foreign
 * businesses; art. 21 for Italian ones): the invoice request is made from what the provider
 * collected, the business name (or the payer's name), the billing address and the tax ID. Pure: the
 * FatturaPA writer checks the text fields when the invoice is issued, and a field it refuses is a
 * sentence on the request for the owner, never a silent skip.
 */
import { checkEuVatNumber } from "./eu-vat-number.ts";
import { isEuCountry } from "./eu-vat-rates.ts";
import type { Buyer } from "./fatturapa.ts";
import type { InvoiceRequest } from "./invoice-request.ts";
import { compact } from "./italian-tax-ids.ts";

/** What the provider collected from the payer at checkout. */
export interface CheckoutBuyerDetails {
  taxId: string | null;
  businessName: string | null;
  payerName: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  /** The province (Italy) or state, as the provider collected it. */
  state: string | null;
  country: string | null;
}

/** An Italian business without its recipient code or PEC receives the invoice in its reserved area (code 0000000). */
const NO_RECIPIENT_CODE = "0000000";

/** The tax ID as FatturaPA carries it: an EU number with its VIES prefix, any other with its country's code. */
function taxIdOf(value: string, country: string): string {
  const id = compact(value);
  const prefix = /^[A-Z]{2}/.test(id) ? id.slice(0, 2) : "";
  const vatCountry = prefix === "EL" ? "GR" : prefix;
  const euCountry = isEuCountry(vatCountry) ? vatCountry : isEuCountry(country) ? country : null;
  if (euCountry) {
    const checked = checkEuVatNumber(id, euCountry);
    if (checked.ok) return checked.value;
  }
  return prefix && (prefix === country || isEuCountry(vatCountry)) ? id : `${country}${id}`;
}

/**
 * The invoice request of a buyer who gave a tax ID at checkout, as a business; null without a tax
 * ID or a billing country (nothing says the buyer is a business, or where it is).
 */
export function checkoutTaxIdRequest(details: CheckoutBuyerDetails): InvoiceRequest | null {
  const value = details.taxId?.trim();
  const country = details.country?.trim().toUpperCase() ?? "";
  if (!value || !/^[A-Z]{2}$/.test(country)) return null;
  const italy = country === "IT";
  const province = details.state?.trim().toUpperCase() ?? "";
  const buyer: Buyer = {
    name: { company: (details.businessName ?? details.payerName ?? "").trim() },
    address: {
      street: details.street?.trim() ?? "",
      postcode: details.postalCode?.trim() ?? "",
      city: details.city?.trim() ?? "",
      ...(italy && /^[A-Z]{2}$/.test(province) && { province }),
      country,
    },
    vatNumber: taxIdOf(value, country),
    ...(italy && { delivery: { codiceDestinatario: NO_RECIPIENT_CODE } }),
  };
  return { buyerType: "business", buyer };
}
