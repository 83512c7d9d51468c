/** The buyer's invoice request (checkout and success page): English, as all buyer copy. */
export const INVOICE_REQUEST_COPY = {
  summary: "I need an invoice (business or private)",
  intro:
    "We issue an Italian e-invoice and e-mail you its copy (PDF). Stripe's payment receipt comes as well; it is not an invoice.",
  buyerType: "The invoice is for",
  none: "No invoice",
  consumer: "A private person",
  business: "A business",
  company: "Company name",
  companyHint: "Businesses.",
  firstName: "First name",
  lastName: "Last name",
  nameHint: "Private persons.",
  street: "Street and number",
  postcode: "Postcode",
  city: "City",
  province: "Province",
  provinceHint: "Italy: 2 letters, for example MI.",
  country: "Country",
  vatNumber: "VAT number",
  vatNumberHint:
    "Businesses in the EU, with or without the country prefix. Elsewhere: your tax ID, if you have one.",
  codiceFiscale: "Codice fiscale",
  codiceFiscaleHint: "Italy: required for private persons, optional for businesses.",
  recipientCode: "SDI recipient code",
  recipientCodeHint: "Italian businesses: 7 characters; or give a PEC address below.",
  pec: "PEC address",
  refused: {
    title: "Check Your Invoice Details",
    message: "Some invoice details need a correction: see the messages next to them.",
  },
  /** The success page's "Invoice" section. */
  title: "Invoice",
  issued: (label: string) => `${label} —`,
  invoiceLabel: (number: string) => `Invoice ${number}`,
  creditNoteLabel: (number: string) => `Credit note ${number}`,
  download: "Download the courtesy copy (PDF)",
  preparing: "Your invoice is being prepared; it will arrive by e-mail.",
  ask: (days: number) =>
    `Need an invoice for this purchase? You can ask for one within ${days} days of payment; we fill in what you gave at checkout.`,
  submit: "Request the invoice",
  tooLate: (days: number, email: string) =>
    `Invoices can be asked for within ${days} days of payment, and that time has passed for this order. If you need one, write to ${email}.`,
  forbidden: "This page's link does not allow asking for an invoice. Open it again from your e-mail.",
} as const;
