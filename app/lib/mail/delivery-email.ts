import { PRODUCT } from "#app/content/site.ts";
import { WITHDRAW_PATH, WITHDRAWAL_COPY } from "#app/content/withdrawal.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { MailMessage } from "#app/lib/mail/mailer.server.ts";
import { formatCents } from "#app/lib/money.ts";
import { savePercent } from "#app/lib/pricing/price-arithmetic.ts";

export interface DeliveryEmailData {
  /** The order's public reference ("LCT-…"); the sequential number is the owner's, never the buyer's. */
  reference: string;
  amountCents: number;
  discountApplied: boolean;
  paidAt: string;
  /** The success page with the buyer's long-lived access token. */
  link: string;
  supportEmail: string;
  /** The buyer's receipt: the provider's document (Stripe calls it an invoice), when known when the e-mail was queued. */
  receiptUrl?: string | null;
  /** The provider made an invoice; without its address yet, the download page links it. */
  hasReceipt?: boolean;
  /** When the buyer asked for immediate delivery and acknowledged losing the withdrawal right. */
  consentAt?: string | null;
}

const RECEIPT_ON_DOWNLOAD_PAGE = "Your receipt is linked from your download page.";

/** The confirmation of the buyer's consent to immediate delivery, which EU law asks the seller to send. */
const consentLine = (consentAt: string) =>
  `At checkout on ${new Date(consentAt).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" })} you asked for immediate access to the download and acknowledged that you lose your 14-day right of withdrawal once the download starts. This does not affect our ${PRODUCT.guaranteeDays}-day money-back guarantee.`;

/** The delivery e-mail: the order, the download link, the guarantee and where to get help. */
export function deliveryEmail(to: string, data: DeliveryEmailData): MailMessage {
  const amount = formatCents(data.amountCents);
  // The withdrawal function is on the store's own origin, the one the download link is on.
  const withdrawUrl = new URL(WITHDRAW_PATH, data.link).href;
  const date = new Date(data.paidAt).toLocaleDateString("en-US", { dateStyle: "long" });
  const subject = `Your ${PRODUCT.name} is ready to download (order ${data.reference})`;
  const text = [
    "Thank you for your purchase!",
    "",
    `Order ${data.reference} — ${date}`,
    `${PRODUCT.name}: ${amount}${data.discountApplied ? ` (${savePercent(PRODUCT.priceCents, data.amountCents)}% discount applied)` : ""}`,
    "",
    "Download your toolkit here (this link is yours for life, keep this e-mail):",
    data.link,
    "",
    ...(data.receiptUrl
      ? [`Your receipt: ${data.receiptUrl}`, ""]
      : data.hasReceipt
        ? [RECEIPT_ON_DOWNLOAD_PAGE, ""]
        : []),
    `Your purchase is covered by our ${PRODUCT.guaranteeDays}-day money-back guarantee: e-mail us within ${PRODUCT.guaranteeDays} days for a full refund.`,
    ...(data.consentAt ? ["", consentLine(data.consentAt)] : []),
    `Questions? Write to ${data.supportEmail} and quote order ${data.reference}.`,
    "",
    `${WITHDRAWAL_COPY.link}: ${withdrawUrl}`,
  ].join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(subject)}</title></head><body style="margin:0;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<h1 style="margin:0 0 16px;font-size:22px;color:#4c1d95">Thank you for your purchase!</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5">Your <strong>${escapeMarkup(PRODUCT.name)}</strong> is ready.</p>
<p style="margin:0 0 24px"><a href="${escapeMarkup(data.link)}" style="display:inline-block;background:#6d28d9;color:#ffffff;text-decoration:none;font-weight:bold;padding:14px 24px;border-radius:8px">Download your toolkit</a></p>
<p style="margin:0 0 24px;font-size:14px;color:#475569">This link is yours for life: keep this e-mail.</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;border-top:1px solid #e2e8f0;padding-top:16px;font-size:14px">
<tr><td style="padding:4px 0">Order</td><td align="right">${escapeMarkup(data.reference)}</td></tr>
<tr><td style="padding:4px 0">Date</td><td align="right">${escapeMarkup(date)}</td></tr>
<tr><td style="padding:4px 0">Paid</td><td align="right">${amount}${data.discountApplied ? ` (${savePercent(PRODUCT.priceCents, data.amountCents)}% off)` : ""}</td></tr>
</table>
${data.receiptUrl ? `<p style="margin:16px 0 0;font-size:14px"><a href="${escapeMarkup(data.receiptUrl)}">Your receipt</a></p>` : data.hasReceipt ? `<p style="margin:16px 0 0;font-size:14px">${RECEIPT_ON_DOWNLOAD_PAGE}</p>` : ""}
<p style="margin:24px 0 0;font-size:14px;line-height:1.5;color:#475569">Your purchase is covered by our ${PRODUCT.guaranteeDays}-day money-back guarantee. Questions? Write to <a href="mailto:${escapeMarkup(data.supportEmail)}">${escapeMarkup(data.supportEmail)}</a> and quote order ${escapeMarkup(data.reference)}.</p>
${data.consentAt ? `<p style="margin:16px 0 0;font-size:12px;line-height:1.5;color:#64748b">${escapeMarkup(consentLine(data.consentAt))}</p>` : ""}
<p style="margin:16px 0 0;font-size:14px"><a href="${escapeMarkup(withdrawUrl)}">${WITHDRAWAL_COPY.link}</a></p>
</td></tr></table></td></tr></table></body></html>`;
  // Replies reach support, whatever address the store sends from (MAIL_FROM may be a no-reply one).
  return { to, subject, text, html, replyTo: data.supportEmail };
}
