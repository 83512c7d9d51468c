import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer from "nodemailer";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import { logger, maskEmail } from "#app/lib/logger.server.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go when not to the sender (`Reply-To`): the support address. */
  replyTo?: string;
  /** Extra header lines (the one-click unsubscribe of update and review e-mails, RFC 8058). */
  headers?: Record<string, string>;
  /** Files sent with the message (an invoice's courtesy copy). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Where the store writes its e-mails when no SMTP server is configured. */
export const mailDirOf = (dataDir: string) => join(dataDir, "mail");

/**
 * `message` with the seller's line at its foot (ADR 041): every e-mail the store sends names who
 * sells, in the text after a signature separator and in the HTML as a last small paragraph.
 */
export function withSellerFooter(message: MailMessage, seller: string): MailMessage {
  const paragraph = `<p style="margin:16px;font-size:12px;line-height:1.5;color:#64748b;text-align:center">${escapeMarkup(seller)}</p>`;
  const end = message.html.lastIndexOf("</body>");
  return {
    ...message,
    text: `${message.text}\n\n-- \n${seller}`,
    html:
      end === -1
        ? message.html + paragraph
        : message.html.slice(0, end) + paragraph + message.html.slice(end),
  };
}

/** nodemailer's message: the sender and the message, signed by the seller, by nodemailer's names. */
function envelope(from: string, seller: string, message: MailMessage) {
  const { to, subject, text, html, replyTo, headers, attachments } = withSellerFooter(message, seller);
  return {
    from,
    to,
    subject,
    text,
    html,
    ...(replyTo ? { replyTo } : {}),
    ...(headers ? { headers } : {}),
    ...(attachments ? { attachments } : {}),
  };
}

export interface Mailer {
  readonly kind: "smtp" | "files";
  /**
   * Sends `message`; resolves with the SMTP server's reply when it accepted it ("250 OK ..."),
   * kept as proof of delivery, or null when no server was involved (the `.eml` files).
   */
  send(message: MailMessage): Promise<string | null>;
  close(): void;
}

/**
 * nodemailer over SMTP when `SMTP_URL` is set; otherwise each message is written as an RFC 822
 * `.eml` file to `DATA_DIR/mail` (open it with any mail client) and its path is logged. Each
 * message carries `seller`'s line at its foot.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  mailDir: string;
  seller: string;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl, { from: opts.from });
    return {
      kind: "smtp",
      async send(message) {
        const info = await transport.sendMail(envelope(opts.from, opts.seller, message));
        return info.response;
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "files",
    async send(message) {
      const info = await transport.sendMail(envelope(opts.from, opts.seller, message));
      await mkdir(opts.mailDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}.eml`;
      const path = join(opts.mailDir, name);
      await writeFile(path, info.message as Buffer);
      logger.info({ to: maskEmail(message.to), path }, "e-mail written");
      return null;
    },
    close: () => transport.close(),
  };
}
