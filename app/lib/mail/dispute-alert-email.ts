import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { MailMessage } from "#app/lib/mail/mailer.server.ts";

export interface DisputeAlertData {
  orderNumber: number;
  buyerEmail: string;
  /** What the bank took back, in the dispute's currency. */
  amountCents: number;
  currency: string;
  reason: string;
  status: string;
  /** The dispute in the Stripe Dashboard, where the owner answers it with evidence. */
  dashboardUrl: string;
}

/**
 * The owner's alert (in Italian, like the admin area) that a buyer's bank opened a dispute: access
 * is already suspended, and the answer with evidence is given in the Stripe Dashboard in time.
 */
export function disputeAlertEmail(to: string, data: DisputeAlertData): MailMessage {
  const amount = new Intl.NumberFormat("it-IT", {
    style: "currency",
    currency: data.currency.toUpperCase(),
  }).format(data.amountCents / 100);
  const subject = `Contestazione aperta sull'ordine #${data.orderNumber}: accesso sospeso`;
  const lines = [
    `La banca del cliente ha aperto una contestazione (chargeback) sul pagamento dell'ordine #${data.orderNumber}.`,
    "",
    `Cliente: ${data.buyerEmail}`,
    `Importo contestato: ${amount}`,
    `Motivo indicato dalla banca: ${data.reason}`,
    `Stato su Stripe: ${data.status}`,
    "",
    "Il download e il link nell'e-mail del cliente sono stati sospesi. Se vinci la contestazione, l'accesso torna automaticamente.",
    "Rispondi con le prove della consegna dalla Dashboard di Stripe entro la scadenza indicata lì:",
    data.dashboardUrl,
    "",
    "L'ordine è segnalato anche nel pannello di amministrazione.",
  ];
  const text = lines.join("\n");
  const html = `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a">
${lines
  .filter((line) => line !== "")
  .map((line) =>
    line === data.dashboardUrl
      ? `<p><a href="${escapeMarkup(line)}">${escapeMarkup(line)}</a></p>`
      : `<p>${escapeMarkup(line)}</p>`,
  )
  .join("\n")}
</body></html>`;
  return { to, subject, text, html };
}
