/**
 * The wiring: which database, file store, payment provider and mailer the environment selects.
 * The server creates one set per process (getServices) and hands it to every loader and action
 * through the router context (router-context.ts); nothing else calls getServices. Tests make
 * their own with createServices.
 */

import { join } from "node:path";
import { PRODUCT } from "#app/content/site.ts";
import { resolveLostLinkRequests } from "#app/lib/checkout/send-lost-link.server.ts";
import { type Database, openDatabase } from "#app/lib/db/database.server.ts";
import { type Env, parseEnv, paymentMode } from "#app/lib/env.server.ts";
import type { StoreLinks } from "#app/lib/links.ts";
import { hideInLogs, logger } from "#app/lib/logger.server.ts";
import { createMailer, type Mailer, mailDirOf } from "#app/lib/mail/mailer.server.ts";
import { startOutboxWorker } from "#app/lib/mail/outbox.server.ts";
import { startMaintenanceJob } from "#app/lib/maintenance.server.ts";
import { withControlSocket } from "#app/lib/ops/store-operations.server.ts";
import { startReconciler } from "#app/lib/orders/reconcile-orders.server.ts";
import { startReviewRequestJob } from "#app/lib/orders/review-requests.server.ts";
import { startDailySummaries } from "#app/lib/owner/daily-summary.server.ts";
import type { PaymentProvider } from "#app/lib/payments/payment-provider.ts";
import { StripeProvider } from "#app/lib/payments/stripe-provider.server.ts";
import { TestModeProvider } from "#app/lib/payments/test-mode-provider.server.ts";
import { recordRegularPrice } from "#app/lib/pricing/promotions.server.ts";
import { sweepOrphanFiles } from "#app/lib/products/sweep-orphans.server.ts";
import { type FirstStart, loadSettings, type StoreSettings } from "#app/lib/settings.server.ts";
import type { FileStore } from "#app/lib/storage/file-store.ts";
import { LocalFileStore } from "#app/lib/storage/local-file-store.server.ts";

export interface Services {
  env: Env;
  database: Database;
  /** Where the product ZIPs live. */
  files: FileStore;
  settings: StoreSettings;
  payments: PaymentProvider;
  mailer: Mailer;
  links: StoreLinks;
  /** Sends due e-mails now instead of at the next poll. */
  kickOutbox(): void;
  /**
   * The lines the server prints once it listens: the store's address and payment mode and, on the
   * first start, the admin address and the generated password. The password is given out once.
   */
  takeWelcome(): string[];
  /** Stops the outbox worker, the reconciliation timer, the maintenance and review-request jobs, and closes the mailer and the database. */
  close(): Promise<void>;
}

/**
 * Kept on globalThis, not in this module: `npm run dev` evaluates the app's modules again after
 * an edit, and a second set would open the embedded database a second time.
 */
const PROCESS_SERVICES = Symbol.for("coaching-toolkit-store.services");
type Holder = { [PROCESS_SERVICES]?: Promise<Services> };

/** The process's services, created on first call from the environment. Only the server calls it. */
export function getServices(options: { databaseTemplate?: string } = {}): Promise<Services> {
  const holder = globalThis as Holder;
  holder[PROCESS_SERVICES] ??= createServices(parseEnv(), options).then(async (services) => {
    logger.level = services.env.LOG_LEVEL;
    hideInLogs(services.settings.adminPath, "ADMIN_PATH");
    hideInLogs(services.settings.successPath, "SUCCESS_PATH");
    logger.info(
      {
        database: services.database.kind,
        files: services.files.kind,
        payments: paymentMode(services.env),
        mail: services.mailer.kind,
      },
      "services ready",
    );
    await sweepOrphanFiles(services).then(
      ({ count, bytes }) =>
        count > 0 && logger.info({ files: count, bytes }, "removed files left by failed uploads"),
      (error: unknown) => logger.warn({ err: error }, "could not sweep files left by failed uploads"),
    );
    // The command-line tools reach an embedded database through the running store (ADR 018).
    return withControlSocket(services);
  });
  return holder[PROCESS_SERVICES];
}

/** Closes the process's services, if they were created. */
export async function shutdownServices(): Promise<void> {
  const holder = globalThis as Holder;
  const services = holder[PROCESS_SERVICES];
  if (!services) return;
  delete holder[PROCESS_SERVICES];
  await (await services).close();
}

/** The file store `env` selects: S3 with `S3_BUCKET`, else `DATA_DIR/files` (the backup uses it too). */
export async function createFileStore(env: Env): Promise<FileStore> {
  // The AWS SDK costs about 30 MB of memory once loaded: a store keeping its files on disk never loads it.
  return env.S3_BUCKET
    ? new (await import("#app/lib/storage/s3-file-store.server.ts")).S3FileStore({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID!,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      })
    : new LocalFileStore(join(env.DATA_DIR, "files"));
}

/**
 * Wires the services for `env`; tests may leave the outbox worker off to send e-mails themselves.
 * `databaseTemplate`: the build's fresh database cluster, unpacked for a new embedded database.
 */
export async function createServices(
  env: Env,
  options: { outboxWorker?: boolean; databaseTemplate?: string } = {},
): Promise<Services> {
  for (const line of env.deprecations) logger.warn(line);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    template: options.databaseTemplate,
  });
  const { generatedPassword, ...settings } = await loadSettings(database.db, env);
  await recordRegularPrice(database.db, PRODUCT.priceCents);
  const links = {
    publicUrl: env.PUBLIC_URL,
    successPath: settings.successPath,
    supportEmail: env.SUPPORT_EMAIL,
  };
  const files = await createFileStore(env);
  const payments: PaymentProvider =
    env.PAYMENTS === "stripe"
      ? new StripeProvider({
          secretKey: env.STRIPE_SECRET_KEY!,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
          apiBase: env.STRIPE_API_BASE,
          tax: env.STRIPE_TAX,
        })
      : new TestModeProvider(database.db, env.PUBLIC_URL, { tax: env.STRIPE_TAX });
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM ?? `Life Coaching Toolkit <${env.SUPPORT_EMAIL}>`,
    mailDir: mailDirOf(env.DATA_DIR),
  });
  const outbox =
    options.outboxWorker === false
      ? { kick() {}, async stop() {} }
      : startOutboxWorker(database.db, mailer, {
          dataDir: env.DATA_DIR,
          queueDue: () => resolveLostLinkRequests(database.db, links),
        });
  const reconciler =
    env.RECONCILE_INTERVAL_S > 0
      ? startReconciler(
          { database, payments, links, kickOutbox: outbox.kick },
          env.RECONCILE_INTERVAL_S * 1000,
        )
      : null;
  const maintenance = startMaintenanceJob(database.db, env.RETENTION_DAYS);
  const reviews = startReviewRequestJob({ env, database, links, settings, kickOutbox: outbox.kick });
  const summaries = startDailySummaries(database.db, env.SUPPORT_EMAIL, outbox.kick);
  let password = generatedPassword;
  return {
    env,
    database,
    files,
    settings,
    payments,
    mailer,
    links,
    kickOutbox: outbox.kick,
    takeWelcome() {
      const lines = welcome(env, settings, { generatedPassword: password });
      password = undefined;
      return lines;
    },
    async close() {
      await Promise.all([
        reconciler?.stop(),
        outbox.stop(),
        maintenance.stop(),
        reviews.stop(),
        summaries.stop(),
      ]);
      mailer.close();
      await database.close();
    },
  };
}

function welcome(env: Env, settings: StoreSettings, first: FirstStart): string[] {
  const lines = [`Store: ${env.PUBLIC_URL}/`, `Payments: ${paymentMode(env)}`];
  // The admin address and password are printed at first start only; `npm run admin:password` shows them again.
  if (first.generatedPassword) {
    lines.push(`Admin: ${env.PUBLIC_URL}/${settings.adminPath}`);
    lines.push(`Admin password (shown once, keep it safe): ${first.generatedPassword}`);
  }
  return lines;
}
