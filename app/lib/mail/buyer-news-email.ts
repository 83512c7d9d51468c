/**
 * The two e-mails a buyer may receive after the purchase, both with a one-click unsubscribe
 * (RFC 8058: `List-Unsubscribe` and `List-Unsubscribe-Post`, plus a visible link): "a new version
 * is out" and "how do you like it?" (ADR 022). The owner's changelog is plain
 * text: escaped in the HTML part, never rendered as markup.
 */
import { PRODUCT } from "#app/content/site.ts";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import type { MailMessage } from "#app/lib/mail/mailer.server.ts";

export interface UpdateEmailData {
  /** The owner's version label ("v2.1"), or null when the upload had none. */
  version: string | null;
  /** The English changelog, plain text, or null. */
  changelog: string | null;
  /** The success page with a new lifetime access token for the buyer's order (cleared once sent). */
  link: string;
  unsubscribeUrl: string;
  supportEmail: string;
}

export interface ReviewRequestData {
  /** The store's review form for the order (`/review/{token}`). */
  reviewUrl: string;
  /** REVIEW_URL, an outside review site offered as well, when set (absent in e-mails queued before it existed). */
  externalReviewUrl?: string | null;
  unsubscribeUrl: string;
  supportEmail: string;
}

const UNSUBSCRIBE_LINE = "Don't want these e-mails? Unsubscribe:";

/** RFC 8058: a mail client's "unsubscribe" button POSTs `List-Unsubscribe=One-Click` to the URL. */
function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

function layout(subject: string, body: string, data: { unsubscribeUrl: string }) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(subject)}</title></head><body style="margin:0;background:#f5f3ff;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
${body}
<p style="margin:24px 0 0;font-size:12px;color:#64748b">${UNSUBSCRIBE_LINE} <a href="${escapeMarkup(data.unsubscribeUrl)}">unsubscribe</a></p>
</td></tr></table></td></tr></table></body></html>`;
}

const button = (href: string, label: string) =>
  `<p style="margin:0 0 24px"><a href="${escapeMarkup(href)}" style="display:inline-block;background:#6d28d9;color:#ffffff;text-decoration:none;font-weight:bold;padding:14px 24px;border-radius:8px">${escapeMarkup(label)}</a></p>`;

/** "A new version of the toolkit is ready", with the changelog and the buyer's lifetime link. */
export function updateEmail(to: string, data: UpdateEmailData): MailMessage {
  const what = data.version ? `version ${data.version}` : "a new version";
  const subject = `${PRODUCT.brand}: ${what} is ready to download`;
  const text = [
    `Good news: ${what} of your ${PRODUCT.brand} is ready, free as promised.`,
    "",
    ...(data.changelog ? ["What's new:", data.changelog, ""] : []),
    "Download it with your lifetime link:",
    data.link,
    "",
    `Questions? Write to ${data.supportEmail}.`,
    "",
    `${UNSUBSCRIBE_LINE} ${data.unsubscribeUrl}`,
  ].join("\n");
  const body = `<h1 style="margin:0 0 16px;font-size:22px;color:#4c1d95">${escapeMarkup(`${what[0]!.toUpperCase()}${what.slice(1)} is ready`)}</h1>
<p style="margin:0 0 16px;font-size:16px;line-height:1.5">Good news: ${escapeMarkup(what)} of your <strong>${escapeMarkup(PRODUCT.brand)}</strong> is ready, free as promised.</p>
${data.changelog ? `<h2 style="margin:0 0 8px;font-size:16px">What's new</h2><p style="margin:0 0 24px;font-size:14px;line-height:1.5;white-space:pre-line">${escapeMarkup(data.changelog)}</p>` : ""}
${button(data.link, "Download the new version")}
<p style="margin:0;font-size:14px;color:#475569">Questions? Write to <a href="mailto:${escapeMarkup(data.supportEmail)}">${escapeMarkup(data.supportEmail)}</a>.</p>`;
  return {
    to,
    subject,
    text,
    html: layout(subject, body, data),
    replyTo: data.supportEmail,
    headers: unsubscribeHeaders(data.unsubscribeUrl),
  };
}

/** "Or review us on reviews.example", naming the outside site by its host. */
const externalLine = (url: string) => `Or review us on ${new URL(url).hostname.replace(/^www\./, "")}`;

/** "Would you leave a review?", a week after the first download: the store's form, and REVIEW_URL when set. */
export function reviewRequestEmail(to: string, data: ReviewRequestData): MailMessage {
  const subject = `How is your ${PRODUCT.brand} working for you?`;
  const text = [
    `We hope your ${PRODUCT.brand} is helping your coaching business.`,
    "Would you take a minute to leave a review? It helps other coaches decide.",
    "",
    data.reviewUrl,
    "",
    ...(data.externalReviewUrl
      ? [`${externalLine(data.externalReviewUrl)}:`, data.externalReviewUrl, ""]
      : []),
    `Questions or problems? Write to ${data.supportEmail}.`,
    "",
    `${UNSUBSCRIBE_LINE} ${data.unsubscribeUrl}`,
  ].join("\n");
  const body = `<h1 style="margin:0 0 16px;font-size:22px;color:#4c1d95">How is your toolkit working for you?</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5">We hope your <strong>${escapeMarkup(PRODUCT.brand)}</strong> is helping your coaching business. Would you take a minute to leave a review? It helps other coaches decide.</p>
${button(data.reviewUrl, "Write a review")}
${data.externalReviewUrl ? `<p style="margin:0 0 24px;font-size:14px;color:#475569">${escapeMarkup(externalLine(data.externalReviewUrl))}: <a href="${escapeMarkup(data.externalReviewUrl)}">${escapeMarkup(data.externalReviewUrl)}</a></p>\n` : ""}<p style="margin:0;font-size:14px;color:#475569">Questions or problems? Write to <a href="mailto:${escapeMarkup(data.supportEmail)}">${escapeMarkup(data.supportEmail)}</a>.</p>`;
  return {
    to,
    subject,
    text,
    html: layout(subject, body, data),
    replyTo: data.supportEmail,
    headers: unsubscribeHeaders(data.unsubscribeUrl),
  };
}
