import { hostname } from "node:os";
import { resolve } from "node:path";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { type Db, isDatabaseUnavailable, isProcessRunning } from "#app/lib/db/database.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { reviewRequestEmail, updateEmail } from "#app/lib/mail/buyer-news-email.ts";
import { deliveryEmail } from "#app/lib/mail/delivery-email.ts";
import { disputeAlertEmail } from "#app/lib/mail/dispute-alert-email.ts";
import { downloadConfirmationEmail } from "#app/lib/mail/download-confirmation-email.ts";
import { invoiceEmail } from "#app/lib/mail/invoice-email.ts";
import type { Mailer, MailMessage } from "#app/lib/mail/mailer.server.ts";
import { dailySummaryEmail, saleNoticeEmail } from "#app/lib/mail/owner-email.ts";
import { paymentFailedEmail } from "#app/lib/mail/payment-failed-email.ts";
import { refundConfirmedEmail, refundRequestAlertEmail } from "#app/lib/mail/refund-emails.ts";
import { sharingAlertEmail } from "#app/lib/mail/sharing-alert-email.ts";
import { withdrawalEmail } from "#app/lib/mail/withdrawal-email.ts";
import { repeat } from "#app/lib/repeat.server.ts";
import { emailOutbox } from "#db/schema.ts";

/**
 * A claimed e-mail is not picked up by another worker until its lease ends: the last resort for a
 * sender that crashed and never came back (one that restarts takes its claims back at once).
 */
const LEASE_MS = 2 * 60_000;
const MAX_BACKOFF_MS = 60 * 60_000;
/** E-mails claimed at once by the worker. */
const BATCH = 10;

/** Each template and the function that writes it; the function's data is the template's payload. */
const RENDERERS = {
  delivery: deliveryEmail,
  "dispute-alert": disputeAlertEmail,
  "payment-failed": paymentFailedEmail,
  "refund-confirmed": refundConfirmedEmail,
  "refund-request-alert": refundRequestAlertEmail,
  "sharing-alert": sharingAlertEmail,
  "download-confirmation": downloadConfirmationEmail,
  update: updateEmail,
  "review-request": reviewRequestEmail,
  "owner-sale": saleNoticeEmail,
  "daily-summary": dailySummaryEmail,
  invoice: invoiceEmail,
  withdrawal: withdrawalEmail,
} satisfies Record<string, (to: string, data: never) => MailMessage>;

/** Each template's payload. */
export type Templates = { [T in keyof typeof RENDERERS]: Parameters<(typeof RENDERERS)[T]>[1] };

type Template = keyof Templates;

type OutboxEntry = {
  [T in Template]: {
    to: string;
    template: T;
    payload: Templates[T];
    /** At most one e-mail per key, ever (e.g. one delivery e-mail per order). */
    dedupeKey?: string;
    orderId?: string;
    /** Not before this moment (the update e-mails' throttle); now when absent. */
    notBefore?: Date;
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
      ...(entry.notBefore ? { nextAttemptAt: entry.notBefore } : {}),
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  return inserted.length > 0;
}

/** Backoff after the n-th failed attempt: 30 s, 1 min, 2 min, … capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/** The message a template writes for `to` from its payload, as the outbox hands it to the mailer. */
export function renderEmail(template: Template, to: string, payload: Record<string, unknown>): MailMessage {
  return (RENDERERS[template] as (to: string, data: unknown) => MailMessage)(to, payload);
}

/**
 * Who holds a claim: `host:DATA_DIR:pid`. The host and data directory name the instance (the same
 * across its restarts, different between instances), the pid tells this life from a previous one.
 */
export function outboxOwner(dataDir: string, pid = process.pid): string {
  return `${hostname()}:${resolve(dataDir)}:${pid}`;
}

/**
 * Makes due again, at once, the e-mails a previous life of this instance had claimed and not sent
 * (it was killed mid-run): claims of this host and data directory whose process is gone, instead
 * of waiting out their lease. Returns how many. ADR 024.
 */
export async function reclaimOwnClaims(db: Db, dataDir: string): Promise<number> {
  const mine = outboxOwner(dataDir, 0).slice(0, -1);
  const holders = await db
    .selectDistinct({ owner: emailOutbox.claimedBy })
    .from(emailOutbox)
    .where(and(isNull(emailOutbox.sentAt), isNotNull(emailOutbox.claimedBy)));
  const gone = holders
    .map(({ owner }) => owner!)
    .filter((owner) => {
      if (!owner.startsWith(mine)) return false;
      const pid = Number(owner.slice(mine.length));
      return pid === process.pid || !isProcessRunning(pid);
    });
  if (gone.length === 0) return 0;
  const released = await db
    .update(emailOutbox)
    .set({ nextAttemptAt: new Date(), claimedBy: null })
    .where(and(isNull(emailOutbox.sentAt), inArray(emailOutbox.claimedBy, gone)))
    .returning({ id: emailOutbox.id });
  return released.length;
}

/** An e-mail claimed for sending. */
type ClaimedEmail = {
  id: number;
  to: string;
  template: Template;
  payload: Record<string, unknown>;
  attempts: number;
};

/** Holds a claim: only the row's claimant, and only while it is not sent, may change it. */
const claimHeldBy = (id: number, owner: string) =>
  and(eq(emailOutbox.id, id), eq(emailOutbox.claimedBy, owner), isNull(emailOutbox.sentAt));

/** Claims the next due e-mail in `owner`'s name for `leaseMs`, or returns null when none is due. */
async function claimNext(db: Db, owner: string, leaseMs: number): Promise<ClaimedEmail | null> {
  const claimed = await db.execute<ClaimedEmail>(sql`
    update ${emailOutbox}
    set next_attempt_at = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1,
      claimed_by = ${owner}
    where id = (
      select id from ${emailOutbox}
      where sent_at is null and cancelled_at is null and next_attempt_at <= now()
      order by id
      limit 1
      for update skip locked
    )
    returning id, "to", template, payload, attempts`);
  return claimed.rows[0] ?? null;
}

/**
 * Sends `row` while renewing its lease, so a slow SMTP server (nodemailer waits up to 10 minutes
 * for a reply) never lets another instance take the e-mail over and send it a second time.
 */
async function sendHoldingClaim(
  db: Db,
  mailer: Mailer,
  row: ClaimedEmail,
  owner: string,
  leaseMs: number,
): Promise<string | null> {
  const renew = setInterval(() => {
    db.update(emailOutbox)
      .set({ nextAttemptAt: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
      .where(claimHeldBy(row.id, owner))
      .catch((error: unknown) =>
        logger.warn({ emailId: row.id, err: error }, "could not renew an e-mail's claim"),
      );
  }, leaseMs / 4);
  try {
    return await mailer.send(renderEmail(row.template, row.to, row.payload));
  } finally {
    clearInterval(renew);
  }
}

/**
 * Sends up to `batch` e-mails that are due, one at a time. Each is claimed with FOR UPDATE SKIP
 * LOCKED in `owner`'s name just before it is sent, under a lease renewed while the SMTP server is
 * talked to, so several instances can run this at once and never send the same e-mail twice;
 * nothing is held locked while it is sent, and only the claimant records the outcome. Cancelled
 * rows are never sent. A row whose failure cannot be recorded (the database went away) does not
 * stop the others; a sent one is marked sent even across a short database outage (markSent), and
 * if even that fails no further e-mail is sent in this run (each would risk a second copy).
 * The one duplicate left: the process dies between the SMTP server's acceptance and the commit
 * of "sent" (ADR 024). Returns how many were sent.
 */
export async function processOutbox(
  db: Db,
  mailer: Mailer,
  options: { batch?: number; owner?: string; leaseMs?: number } = {},
): Promise<number> {
  const { batch = BATCH, owner = outboxOwner("."), leaseMs = LEASE_MS } = options;
  let sent = 0;
  for (let claims = 0; claims < batch; claims++) {
    const row = await claimNext(db, owner, leaseMs);
    if (!row) break;
    let smtpResponse: string | null;
    try {
      smtpResponse = await sendHoldingClaim(db, mailer, row, owner, leaseMs);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ emailId: row.id, attempts: row.attempts, err: message }, "e-mail not sent, will retry");
      await db
        .update(emailOutbox)
        .set({
          lastError: message.slice(0, 1000),
          nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)),
          claimedBy: null,
        })
        .where(claimHeldBy(row.id, owner))
        .catch((recordError: unknown) =>
          logger.error({ emailId: row.id, err: recordError }, "could not record why an e-mail was not sent"),
        );
      continue;
    }
    try {
      await markSent(
        db,
        row.id,
        owner,
        { ...row.payload, link: null, ...("pdf" in row.payload && { pdf: null }) },
        smtpResponse,
      );
      sent++;
    } catch (error) {
      logger.error(
        { emailId: row.id, err: error },
        "e-mail sent but not recorded as sent: it goes out again when its claim ends",
      );
      break;
    }
  }
  return sent;
}

/** The longest wait between two tries to record a sent e-mail; the waits add up to about a minute, inside the lease. */
const MARK_SENT_MAX_WAIT_MS = 32_000;

/**
 * Records an e-mail the SMTP server accepted. While the database cannot be reached (a restart)
 * it tries again for about a minute: a row left unmarked would be sent a second time.
 */
async function markSent(
  db: Db,
  id: number,
  owner: string,
  payload: Record<string, unknown>,
  smtpResponse: string | null,
) {
  for (let wait = 500; ; wait *= 2) {
    try {
      // The link carries a secret token: once delivered it is not kept in the database, nor is an
      // attached PDF (the invoice it copies is kept). The server's reply is: it is the proof of
      // delivery a dispute asks for.
      await db
        .update(emailOutbox)
        .set({
          sentAt: new Date(),
          lastError: null,
          claimedBy: null,
          smtpResponse: smtpResponse?.slice(0, 1000) ?? null,
          payload,
        })
        .where(claimHeldBy(id, owner))
        .returning({ id: emailOutbox.id })
        .then((marked) => {
          if (marked.length === 0)
            logger.warn({ emailId: id }, "e-mail sent after another instance took its claim over");
        });
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || wait > MARK_SENT_MAX_WAIT_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** Makes a failed e-mail due now (the admin's "retry"). */
export async function retryEmailNow(db: Db, id: number) {
  await db
    .update(emailOutbox)
    .set({ nextAttemptAt: new Date() })
    .where(and(eq(emailOutbox.id, id), isNull(emailOutbox.sentAt)));
}

/**
 * Polls the outbox every `intervalMs`; `kick()` runs it at once (after a purchase). At start it
 * first takes back what this instance's previous life had claimed and runs at once, so an e-mail
 * a crash interrupted is seconds late, not a lease late. Each run first calls `queueDue`, which
 * turns requests recorded for later (a lost link) into e-mails.
 */
export function startOutboxWorker(
  db: Db,
  mailer: Mailer,
  options: { dataDir: string; intervalMs?: number; queueDue?: () => Promise<unknown> },
) {
  const owner = outboxOwner(options.dataDir);
  // Before this life claims anything, so only a previous life's claims are taken back.
  const reclaimed = reclaimOwnClaims(db, options.dataDir).then(
    (count) =>
      count > 0 && logger.info({ emails: count }, "took back the e-mails a previous run had claimed"),
    (error: unknown) => logger.warn({ err: error }, "could not take back earlier e-mail claims"),
  );
  const job = repeat(
    async () => {
      await reclaimed;
      await options.queueDue?.();
      // A batch that was not full left nothing due: no further claim to find that out.
      while ((await processOutbox(db, mailer, { owner })) === BATCH) {}
    },
    {
      everyMs: options.intervalMs ?? 5_000,
      firstAfterMs: 0,
      failure: "outbox run failed",
      record: { db, job: "outbox" },
    },
  );
  return {
    kick: () => void job.runNow(),
    stop: job.stop,
  };
}
