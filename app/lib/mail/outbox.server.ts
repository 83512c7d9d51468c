import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { type DeliveryEmailData, deliveryEmail } from "#app/lib/mail/delivery-email.ts";
import { type DisputeAlertData, disputeAlertEmail } from "#app/lib/mail/dispute-alert-email.ts";
import type { Mailer } from "#app/lib/mail/mailer.server.ts";
import {
  type DailySummaryData,
  dailySummaryEmail,
  type SaleNoticeData,
  saleNoticeEmail,
} from "#app/lib/mail/owner-email.ts";
import { type PaymentFailedData, paymentFailedEmail } from "#app/lib/mail/payment-failed-email.ts";
import { emailOutbox } from "#db/schema.ts";

/** A claimed e-mail is not picked up by another worker until its lease ends (a crashed sender's mail is retried). */
const LEASE_MS = 2 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** Each template's payload. */
interface Templates {
  delivery: DeliveryEmailData;
  "dispute-alert": DisputeAlertData;
  "payment-failed": PaymentFailedData;
  "owner-sale": SaleNoticeData;
  "daily-summary": DailySummaryData;
}

type Template = keyof Templates;

type OutboxEntry = {
  [T in Template]: {
    to: string;
    template: T;
    payload: Templates[T];
    /** At most one e-mail per key, ever (e.g. one delivery e-mail per order). */
    dedupeKey?: string;
    orderId?: string;
  };
}[Template];

/** Queues an e-mail in the caller's transaction, so it is sent exactly when the change that caused it commits. */
export async function enqueueEmail(db: Db, entry: OutboxEntry): Promise<boolean> {
  const inserted = await db
    .insert(emailOutbox)
    .values({
      to: entry.to,
      template: entry.template,
      payload: entry.payload as unknown as Record<string, unknown>,
      dedupeKey: entry.dedupeKey,
      orderId: entry.orderId,
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return inserted.length > 0;
}

/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

function render(template: Template, to: string, payload: Record<string, unknown>) {
  switch (template) {
    case "delivery":
      return deliveryEmail(to, payload as unknown as DeliveryEmailData);
    case "dispute-alert":
      return disputeAlertEmail(to, payload as unknown as DisputeAlertData);
    case "payment-failed":
      return paymentFailedEmail(to, payload as unknown as PaymentFailedData);
    case "owner-sale":
      return saleNoticeEmail(to, payload as unknown as SaleNoticeData);
    case "daily-summary":
      return dailySummaryEmail(to, payload as unknown as DailySummaryData);
  }
}

/**
 * Sends the e-mails that are due. Rows are claimed with FOR UPDATE SKIP LOCKED under a lease, so
 * several instances can run this at once and never send the same e-mail twice; nothing is held
 * locked while the SMTP server is talked to. Returns how many were sent.
 */
export async function processOutbox(db: Db, mailer: Mailer, batch = 10): Promise<number> {
  const claimed = await db.execute<{
    id: number;
    to: string;
    template: Template;
    payload: Record<string, unknown>;
    attempts: number;
  }>(sql`
    update ${emailOutbox}
    set next_attempt_at = now() + ${`${LEASE_MS} milliseconds`}::interval, attempts = attempts + 1
    where id in (
      select id from ${emailOutbox}
      where sent_at is null and next_attempt_at <= now()
      order by id
      limit ${batch}
      for update skip locked
    )
    returning id, "to", template, payload, attempts`);
  let sent = 0;
  for (const row of claimed.rows) {
    try {
      const smtpResponse = await mailer.send(render(row.template, row.to, row.payload));
      // The link carries a secret token: once delivered it is not kept in the database. The
      // server's reply is: it is the proof of delivery a dispute asks for.
      await db
        .update(emailOutbox)
        .set({
          sentAt: new Date(),
          lastError: null,
          smtpResponse: smtpResponse?.slice(0, 1000) ?? null,
          payload: { ...row.payload, link: null },
        })
        .where(eq(emailOutbox.id, row.id));
      sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ emailId: row.id, attempts: row.attempts, err: message }, "e-mail not sent, will retry");
      await db
        .update(emailOutbox)
        .set({
          lastError: message.slice(0, 1000),
          nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)),
        })
        .where(and(eq(emailOutbox.id, row.id), isNull(emailOutbox.sentAt)));
    }
  }
  return sent;
}

/** Makes a failed e-mail due now (the admin's "retry"). */
export async function retryEmailNow(db: Db, id: number) {
  await db
    .update(emailOutbox)
    .set({ nextAttemptAt: new Date() })
    .where(and(eq(emailOutbox.id, id), isNull(emailOutbox.sentAt)));
}

/** Polls the outbox every `intervalMs`; `kick()` runs it at once (after a purchase). */
export function startOutboxWorker(db: Db, mailer: Mailer, intervalMs = 5_000) {
  let running: Promise<void> | null = null;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          while ((await processOutbox(db, mailer)) > 0) {}
        } catch (error) {
          logger.error({ err: error }, "outbox run failed");
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    kick: () => void run(),
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
