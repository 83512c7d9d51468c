import { PRODUCT } from "#app/content/site.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { MailMessage } from "#app/lib/mail/mailer.server.ts";

export interface DownloadConfirmationData {
  reference: string;
  /** The one-time confirmation page; cleared from the outbox once sent. */
  link: string;
  /** How long the link works. */
  validHours: number;
  supportEmail: string;
}

/**
 * The buyer's one-time link to confirm their address before a download, sent once the order's
 * download link looked shared (ADR 020). Plain English, one button, no tracking.
 */
export function downloadConfirmationEmail(to: string, data: DownloadConfirmationData): MailMessage {
  const subject = `Confirm your download of ${PRODUCT.name} (order ${data.reference})`;
  const intro =
    "Someone, hopefully you, asked to download your toolkit. To keep your purchase yours, please confirm it is you:";
  const after = `The link works once, for ${data.validHours} hours. If you did not ask for a download, you can ignore this e-mail; your purchase is safe.`;
  const help = `Questions? Write to ${data.supportEmail} and quote order ${data.reference}.`;
  const text = [intro, "", data.link, "", after, help].join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeMarkup(intro)}</p>
<p><a href="${escapeMarkup(data.link)}" style="display:inline-block;background:#6d28d9;color:#ffffff;text-decoration:none;font-weight:bold;padding:14px 24px;border-radius:8px">Confirm and download</a></p>
<p style="font-size:14px;color:#475569">${escapeMarkup(after)}</p>
<p style="font-size:14px;color:#475569">${escapeMarkup(help)}</p>
</body></html>`;
  return { to, subject, text, html, replyTo: data.supportEmail };
}
