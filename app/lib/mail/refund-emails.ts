/**
 * The e-mails of the one-step guarantee (ADR 021): the buyer's confirmation of a refund (English,
 * like the storefront) and the owner's notice of each request (Italian, like the admin area).
 */
import { PRODUCT } from "#app/content/site.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { MailMessage } from "#app/lib/mail/mailer.server.ts";
import { formatCents } from "#app/lib/money.ts";

export interface RefundConfirmedData {
  orderReference: string;
  amountCents: number;
  supportEmail: string;
  /** Made by the 30-day guarantee (the files stay the buyer's), rather than by the owner. */
  guarantee?: boolean;
}

/** Paragraphs as a plain-text body and a minimal HTML one. */
function message(to: string, subject: string, lang: "en" | "it", paragraphs: string[], replyTo?: string) {
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a">
${paragraphs.map((p) => `<p>${escapeMarkup(p).replaceAll("\n", "<br>")}</p>`).join("\n")}
</body></html>`;
  return {
    to,
    subject,
    text: paragraphs.join("\n\n"),
    html,
    ...(replyTo && { replyTo }),
  } satisfies MailMessage;
}

/** The buyer's confirmation: the refund is made, the link no longer works; under the guarantee, the files stay theirs. */
export function refundConfirmedEmail(to: string, data: RefundConfirmedData): MailMessage {
  const subject = `Your refund for order ${data.orderReference}`;
  return message(
    to,
    subject,
    "en",
    [
      `We've refunded ${formatCents(data.amountCents)} for your ${PRODUCT.name} (order ${data.orderReference}) to the card or account you paid with. Depending on your bank it shows within 5 to 10 business days.`,
      data.guarantee === false
        ? "Your download link and your order's page no longer work."
        : "Your download link no longer works. Keep what you downloaded: it's yours, as the 30-day guarantee promises.",
      `Questions? Write to ${data.supportEmail} and quote order ${data.orderReference}.`,
    ],
    data.supportEmail,
  );
}

export interface RefundRequestAlertData {
  orderNumber: number;
  orderReference: string;
  buyerEmail: string;
  amountCents: number;
  reason: string | null;
  /** The owner's setting when the request came: refunded at once, or waiting for approval. */
  immediate: boolean;
  adminUrl: string;
}

/** The owner's notice of a buyer's request: what happens next depends on the admin's setting. */
export function refundRequestAlertEmail(to: string, data: RefundRequestAlertData): MailMessage {
  const subject = `Richiesta di rimborso per l'ordine #${data.orderNumber}`;
  const amount = new Intl.NumberFormat("it-IT", { style: "currency", currency: "USD" }).format(
    data.amountCents / 100,
  );
  return message(to, subject, "it", [
    `Il cliente ${data.buyerEmail} ha chiesto il rimborso dell'ordine #${data.orderNumber} (${data.orderReference}, ${amount}) dalla pagina di acquisto, entro i 30 giorni della garanzia.`,
    `Motivo indicato: ${data.reason ?? "nessuno"}`,
    data.immediate
      ? "Il rimborso viene eseguito subito (modalità immediata) e il cliente riceve una conferma. Se Stripe lo rifiuta, la richiesta resta da approvare nel pannello."
      : "La richiesta aspetta la tua approvazione: approvala o rifiutala con un clic nel pannello di amministrazione.",
    data.adminUrl,
  ]);
}
