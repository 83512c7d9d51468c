/**
 * The owner's own e-mails (in Italian, like the admin area): a sale just made, and the day's
 * summary. Plain lines, sent as text and as the same lines in HTML paragraphs.
 */
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { MailMessage } from "#app/lib/mail/mailer.server.ts";

const dollars = (cents: number) =>
  new Intl.NumberFormat("it-IT", { style: "currency", currency: "USD" }).format(cents / 100);

export interface SaleNoticeData {
  orderNumber: number;
  reference: string;
  buyerEmail: string;
  amountCents: number;
  discountApplied: boolean;
  /** Where the buyer came from ('' when unknown) and the article that led to the sale. */
  source: string;
  article: string;
}

export interface DailySummaryData {
  /** The UTC day summed up, YYYY-MM-DD. */
  day: string;
  orders: number;
  revenueCents: number;
  refunds: number;
  refundedCents: number;
  /** E-mails that the SMTP server refused and that are still waiting to be retried. */
  failedEmails: number;
}

/** The admin's secret address is never in these e-mails: the support mailbox may be shared. */
function message(to: string, subject: string, lines: string[]): MailMessage {
  const html = `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a">
${lines
  .filter((line) => line !== "")
  .map((line) => `<p>${escapeMarkup(line)}</p>`)
  .join("\n")}
</body></html>`;
  return { to, subject, text: lines.join("\n"), html };
}

export function saleNoticeEmail(to: string, data: SaleNoticeData): MailMessage {
  const amount = dollars(data.amountCents);
  return message(to, `Nuova vendita: ordine #${data.orderNumber} (${amount})`, [
    `Hai venduto il toolkit: ordine #${data.orderNumber} (${data.reference}).`,
    "",
    `Cliente: ${data.buyerEmail}`,
    `Importo: ${amount}${data.discountApplied ? " (con lo sconto del 25%)" : ""}`,
    `Provenienza: ${data.source || "diretta o sconosciuta"}`,
    ...(data.article ? [`Articolo del blog: ${data.article}`] : []),
    "",
    "L'e-mail di consegna al cliente è già in coda; i dettagli sono nel pannello di amministrazione.",
    "Puoi disattivare questi avvisi nel pannello, sezione Andamento.",
  ]);
}

export function dailySummaryEmail(to: string, data: DailySummaryData): MailMessage {
  const [year, month, day] = data.day.split("-");
  const date = `${day}/${month}/${year}`;
  return message(
    to,
    `Riepilogo del ${date}: ${data.orders} ${data.orders === 1 ? "ordine" : "ordini"}, ${dollars(data.revenueCents)}`,
    [
      `Riepilogo della giornata del ${date} (UTC).`,
      "",
      `Ordini pagati: ${data.orders}`,
      `Incassi: ${dollars(data.revenueCents)}`,
      `Rimborsi: ${data.refunds} (${dollars(data.refundedCents)})`,
      `E-mail non consegnate in attesa di un nuovo tentativo: ${data.failedEmails}`,
      "",
      "Puoi disattivare questo riepilogo nel pannello di amministrazione, sezione Andamento.",
    ],
  );
}
