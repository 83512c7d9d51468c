/**
 * What a running store does besides answering requests, started in this one place on services
 * that start nothing themselves (ADR 042): the e-mail outbox, reconciliation, maintenance, review
 * requests, daily summaries, the invoices and credit notes, and the funnel's visit counter, each repeated by repeat.server.ts; at
 * start, the sweep of files failed uploads left; with the embedded database, the control socket
 * the command-line tools reach it through (ADR 018). The server starts them (server/store-process.ts)
 * and its graceful stop awaits `stop()`; the commands never do.
 */
import { startBooksJob } from "#app/lib/books/books-job.server.ts";
import { resolveLostLinkRequests } from "#app/lib/checkout/send-lost-link.server.ts";
import { startVisitCounter, type VisitCounter } from "#app/lib/funnel/visit-counter.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { startOutboxWorker } from "#app/lib/mail/outbox.server.ts";
import { startMaintenanceJob } from "#app/lib/maintenance.server.ts";
import { openControlSocket } from "#app/lib/ops/store-operations.server.ts";
import { startReconciler } from "#app/lib/orders/reconcile-orders.server.ts";
import { startReviewRequestJob } from "#app/lib/orders/review-requests.server.ts";
import { resolveWithdrawalRequests } from "#app/lib/orders/withdrawals.server.ts";
import { startDailySummaries } from "#app/lib/owner/daily-summary.server.ts";
import { sweepOrphanFiles } from "#app/lib/products/sweep-orphans.server.ts";
import type { Services } from "#app/lib/services.server.ts";

export interface Jobs {
  /** The funnel's visits, counted in memory and flushed every few seconds (ADR 023). */
  visits: VisitCounter;
  /** Stops every job, waiting for the runs under way and the visits' last flush. */
  stop(): Promise<void>;
}

export async function startJobs(services: Services): Promise<Jobs> {
  const { env, database, links } = services;
  await sweepOrphanFiles(services).then(
    ({ count, bytes }) =>
      count > 0 && logger.info({ files: count, bytes }, "removed files left by failed uploads"),
    (error: unknown) => logger.warn({ err: error }, "could not sweep files left by failed uploads"),
  );
  const controlSocket = await openControlSocket(services);
  const outbox = startOutboxWorker(database.db, services.mailer, {
    dataDir: env.DATA_DIR,
    // Statements on /withdraw are matched here, as lost-link requests are, a moment after their answer.
    queueDue: async () =>
      (await resolveLostLinkRequests(database.db, links)) + (await resolveWithdrawalRequests(services)),
  });
  const books = startBooksJob(services, { kickOutbox: outbox.kick });
  // What kicks the outbox (a payment, a refund, a dispute recorded) may make an invoice or credit note due.
  services.onOutboxKick(() => {
    outbox.kick();
    books.kick();
  });
  const repeating = [
    outbox,
    books,
    env.RECONCILE_INTERVAL_S > 0 ? startReconciler(services, env.RECONCILE_INTERVAL_S * 1000) : null,
    startMaintenanceJob(database.db, env.RETENTION_DAYS),
    startReviewRequestJob(services),
    startDailySummaries(database.db, env.SUPPORT_EMAIL, services.kickOutbox),
  ];
  const visits = startVisitCounter(database.db);
  return {
    visits,
    async stop() {
      services.onOutboxKick(null);
      await Promise.all([...repeating.map((job) => job?.stop()), visits.stop(), controlSocket.close()]);
    },
  };
}
