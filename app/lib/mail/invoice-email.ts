/**
 * The buyer's e-mail with the courtesy copy of their invoice or credit note (English, like the
 * storefront): the PDF attached, its lasting link, and where the legally valid electronic document is.
 */
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { MailMessage } from "#app/lib/mail/mailer.server.ts";

/**
 * Why a business's EU VAT number did not make its sale reverse-charged: its country is not the
 * billing country, VIES said it is not valid, or VIES could not be reached to confirm it in time.
 */
export type UnconfirmedVatNumber = "other-country" | "not-valid" | "vies-unavailable";

export interface InvoiceEmailData {
  kind: "invoice" | "credit-note";
  /** As printed: "FT/7". */
  number: string;
  /** YYYY-MM-DD. */
  date: string;
  orderReference: string;
  totalCents: number;
  /** How SDI delivers the electronic document: the buyer's recipient code, their PEC, or neither. */
  delivery: { codiceDestinatario: string } | { pec: string } | null;
  /** The courtesy copy's lasting address (PUBLIC_URL + courtesyCopyPath). */
  link: string | null;
  /** The courtesy copy, base64, and its file name. */
  pdf: string | null;
  fileName: string;
  supportEmail: string;
  /** Set when the buyer gave an EU VAT number that was not confirmed, so the sale was taxed as a private buyer's. */
  unconfirmedVatNumber?: UnconfirmedVatNumber;
}

/** Why the invoice treats a business as a private buyer, in one sentence. */
const UNCONFIRMED: Record<UnconfirmedVatNumber, string> = {
  "other-country": "Your VAT number is not from your billing country",
  "not-valid": "VIES, the EU's register of VAT numbers, did not confirm your VAT number as valid",
  "vies-unavailable":
    "VIES, the EU's register of VAT numbers, could not be reached within 48 hours to confirm your VAT number",
};

const euro = (cents: number) =>
  new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR" }).format(cents / 100);

/** Where the electronic document reaches the buyer. */
function whereValid(data: InvoiceEmailData): string {
  const document = data.kind === "credit-note" ? "credit note" : "invoice";
  const legally = `The legally valid ${document} is the electronic one delivered through the Italian Sistema di Interscambio (SDI)`;
  if (data.delivery && "pec" in data.delivery) return `${legally}, to your PEC address ${data.delivery.pec}.`;
  if (
    data.delivery &&
    data.delivery.codiceDestinatario !== "0000000" &&
    data.delivery.codiceDestinatario !== "XXXXXXX"
  )
    return `${legally}, to your SDI recipient code ${data.delivery.codiceDestinatario}.`;
  if (data.delivery?.codiceDestinatario === "XXXXXXX")
    return data.pdf ? `${legally}; the attached PDF is your copy of it.` : `${legally}.`;
  return `${legally}: it is available in your reserved area on the Agenzia delle Entrate's website (Fatture e Corrispettivi).`;
}

export function invoiceEmail(to: string, data: InvoiceEmailData): MailMessage {
  const credit = data.kind === "credit-note";
  const what = credit ? "credit note" : "invoice";
  const subject = `Your ${what} ${data.number} for order ${data.orderReference}`;
  const paragraphs = [
    credit
      ? `Here is the courtesy copy of credit note ${data.number} of ${data.date} (${euro(data.totalCents)}) for your refund on order ${data.orderReference}.`
      : `Here is the courtesy copy of invoice ${data.number} of ${data.date} (${euro(data.totalCents)}) for order ${data.orderReference}.`,
    whereValid(data),
    ...(data.unconfirmedVatNumber
      ? [
          `${UNCONFIRMED[data.unconfirmedVatNumber]}, so this invoice treats the sale as one to a private buyer, without reverse charge.`,
        ]
      : []),
    ...(data.pdf ? [`The PDF is attached (${data.fileName}).`] : []),
    ...(data.link ? [`You can download it again at any time: ${data.link}`] : []),
    `Questions? Write to ${data.supportEmail} and quote order ${data.orderReference}.`,
  ];
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a">
${paragraphs.map((p) => `<p>${escapeMarkup(p)}</p>`).join("\n")}
</body></html>`;
  return {
    to,
    subject,
    text: paragraphs.join("\n\n"),
    html,
    replyTo: data.supportEmail,
    ...(data.pdf && {
      attachments: [
        { filename: data.fileName, content: Buffer.from(data.pdf, "base64"), contentType: "application/pdf" },
      ],
    }),
  };
}
