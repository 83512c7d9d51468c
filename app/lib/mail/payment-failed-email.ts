import { PRODUCT } from "#app/content/site.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { MailMessage } from "#app/lib/mail/mailer.server.ts";

export interface PaymentFailedData {
  /** The buyer's order reference ("LCT-…"). */
  orderReference: string;
  /** The checkout page, to try again. */
  checkoutUrl: string;
  supportEmail: string;
}

/**
 * The buyer's e-mail when a payment that settles later (bank debit, voucher) did not go through:
 * nothing was delivered, and the checkout link lets them try again.
 */
export function paymentFailedEmail(to: string, data: PaymentFailedData): MailMessage {
  const subject = `Your payment for the ${PRODUCT.name} did not go through`;
  const text = [
    `We're sorry: the payment for your order ${data.orderReference} did not go through, so the toolkit could not be delivered.`,
    "",
    "You can try again, with the same or another payment method, here:",
    data.checkoutUrl,
    "",
    `Questions? Write to ${data.supportEmail} and quote order ${data.orderReference}.`,
  ].join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<p>We're sorry: the payment for your order ${escapeMarkup(data.orderReference)} did not go through, so the toolkit could not be delivered.</p>
<p><a href="${escapeMarkup(data.checkoutUrl)}">Try again</a> with the same or another payment method.</p>
<p>Questions? Write to <a href="mailto:${escapeMarkup(data.supportEmail)}">${escapeMarkup(data.supportEmail)}</a> and quote order ${escapeMarkup(data.orderReference)}.</p>
</body></html>`;
  return { to, subject, text, html, replyTo: data.supportEmail };
}
