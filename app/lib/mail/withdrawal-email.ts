/**
 * The confirmation of a withdrawal on a durable medium (CRD art. 11a(3)): the statement's content,
 * its date and time, and what the store did: the refund and its amount where the right held, or
 * why it ended, with the 30-day guarantee where that still applies.
 */
import { PRODUCT } from "#app/content/site.ts";
import { WITHDRAWAL_DAYS } from "#app/content/withdrawal.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { MailMessage } from "#app/lib/mail/mailer.server.ts";
import { formatCents } from "#app/lib/money.ts";

export type WithdrawalEmailOutcome =
  /** The right held and the refund was made. */
  | "refunded"
  /** The right held; the provider has not refunded yet (it is retried). */
  | "refund-pending"
  /** A refund that was pending has now been made (the follow-up). */
  | "refund-made"
  | "right-lost"
  | "period-ended"
  | "already-refunded"
  | "disputed";

export interface WithdrawalEmailData {
  outcome: WithdrawalEmailOutcome;
  reference: string;
  name: string;
  /** When the buyer confirmed the statement (ISO). */
  requestedAt: string;
  amountCents: number | null;
  /** When the buyer asked for immediate delivery and acknowledged losing the right (ISO). */
  consentAt: string | null;
  /** When the first download started (ISO). */
  downloadStartedAt: string | null;
  /** When the 14 days ended (ISO). */
  periodEndedAt: string;
  /** The 30-day guarantee, while it still applies: its end and the page its one click is on. */
  guarantee: { until: string; link: string } | null;
  supportEmail: string;
}

/** A date and time as the confirmation states it: unambiguous, in UTC. */
export const dateTime = (iso: string) =>
  `${new Date(iso).toLocaleString("en-GB", { dateStyle: "long", timeStyle: "long", timeZone: "UTC" })}`;
const date = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { dateStyle: "long", timeZone: "UTC" });

function body(data: WithdrawalEmailData): string[] {
  const received = `We received your withdrawal from the contract for the ${PRODUCT.name} (order ${data.reference}), made by ${data.name} on ${dateTime(data.requestedAt)}.`;
  const amount = data.amountCents === null ? "" : formatCents(data.amountCents);
  const guarantee = data.guarantee
    ? [
        `Our ${PRODUCT.guaranteeDays}-day money-back guarantee still applies until ${date(data.guarantee.until)}: ask for your refund in one click on your order page: ${data.guarantee.link}`,
      ]
    : [];
  switch (data.outcome) {
    case "refunded":
      return [
        received,
        `Your withdrawal is confirmed. We have refunded ${amount} in full to the card or account you paid with; depending on your bank it shows within 5 to 10 business days. Your download link no longer works.`,
      ];
    case "refund-pending":
      return [
        received,
        `Your withdrawal is confirmed and your full refund of ${amount} is being handled: our payment provider did not complete it at once, so we are retrying it and will e-mail you when it is made. Your download link no longer works.`,
      ];
    case "refund-made":
      return [
        `Your refund of ${amount} for the ${PRODUCT.name} (order ${data.reference}), following your withdrawal of ${dateTime(data.requestedAt)}, has now been made to the card or account you paid with.`,
      ];
    case "right-lost":
      return [
        received,
        `Your right of withdrawal ended when the download started on ${dateTime(data.downloadStartedAt ?? data.requestedAt)}: at checkout on ${dateTime(data.consentAt ?? data.requestedAt)} you asked for immediate access to the download and acknowledged that you would lose the right once it started. So this withdrawal does not end the contract and nothing is refunded for it.`,
        ...guarantee,
      ];
    case "period-ended":
      return [
        received,
        `The ${WITHDRAWAL_DAYS}-day withdrawal period for this order ended on ${dateTime(data.periodEndedAt)}, so this withdrawal does not end the contract and nothing is refunded for it.`,
        ...guarantee,
      ];
    case "already-refunded":
      return [received, "This order has already been refunded in full; there is nothing more to do."];
    case "disputed":
      return [
        received,
        "A payment dispute for this order is open with your bank, which decides about the money; we have not refunded it a second time.",
      ];
  }
}

export function withdrawalEmail(to: string, data: WithdrawalEmailData): MailMessage {
  const subject =
    data.outcome === "refund-made"
      ? `Your refund for order ${data.reference} has been made`
      : `We received your withdrawal (order ${data.reference})`;
  const paragraphs = [
    ...body(data),
    `Questions? Write to ${data.supportEmail} and quote order ${data.reference}.`,
  ];
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a">
${paragraphs.map((p) => `<p>${escapeMarkup(p)}</p>`).join("\n")}
</body></html>`;
  return { to, subject, text: paragraphs.join("\n\n"), html, replyTo: data.supportEmail };
}
