import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { MailMessage } from "#app/lib/mail/mailer.server.ts";

export interface SharingAlertData {
  orderNumber: number;
  /** The reference the buyer sees ("LCT-…"), to find the order in the admin. */
  reference: string;
  /** How many distinct networks downloaded the order within `windowHours`. */
  networks: number;
  windowHours: number;
}

/**
 * The owner's alert (in Italian, like the admin area) that one order's download link looks shared:
 * it was used from too many networks in a day. Sent once per order; from now on the buyer confirms
 * their address before each download (ADR 020). Carries no buyer address: the admin has it.
 */
export function sharingAlertEmail(to: string, data: SharingAlertData): MailMessage {
  const subject = `Ordine #${data.orderNumber}: il link di download sembra condiviso`;
  const lines = [
    `Il download dell'ordine #${data.orderNumber} (${data.reference}) è stato richiesto da ${data.networks} reti diverse nelle ultime ${data.windowHours} ore: il link potrebbe essere stato condiviso.`,
    "",
    "Da ora in poi, per scaricare, il cliente deve confermare il suo indirizzo e-mail con un link che gli inviamo a ogni richiesta. Chi ha ricevuto il link da altri non può più scaricare.",
    "L'ordine è segnalato nel pannello di amministrazione, dove trovi anche i download con data, indirizzo IP e byte inviati (prove di consegna).",
  ];
  const text = lines.join("\n");
  const html = `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a">
${lines
  .filter((line) => line !== "")
  .map((line) => `<p>${escapeMarkup(line)}</p>`)
  .join("\n")}
</body></html>`;
  return { to, subject, text, html };
}
