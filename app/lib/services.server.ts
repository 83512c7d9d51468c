import { join } from "node:path";
import { type Database, openDatabase } from "#app/lib/db/database.server.ts";
import { type Env, parseEnv } from "#app/lib/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { createMailer, type Mailer } from "#app/lib/mail/mailer.server.ts";
import { startOutboxWorker } from "#app/lib/mail/outbox.server.ts";
import type { LinkSettings } from "#app/lib/orders/fulfil-order.server.ts";
import type { PaymentProvider } from "#app/lib/payments/payment-provider.ts";
import { StripeProvider } from "#app/lib/payments/stripe-provider.server.ts";
import { TestModeProvider } from "#app/lib/payments/test-mode-provider.server.ts";
import { type FirstStart, loadSettings, type StoreSettings } from "#app/lib/settings.server.ts";
import type { FileStore } from "#app/lib/storage/file-store.ts";
import { LocalFileStore } from "#app/lib/storage/local-file-store.server.ts";
import { S3FileStore } from "#app/lib/storage/s3-file-store.server.ts";

export interface Services {
  env: Env;
  database: Database;
  store: FileStore;
  settings: StoreSettings;
  payments: PaymentProvider;
  mailer: Mailer;
  /** Sends due e-mails now instead of at the next poll. */
  kickOutbox(): void;
  /** Stops the outbox worker and closes the mailer and the database. */
  close(): Promise<void>;
  links: LinkSettings;
}

let booting: Promise<Services> | undefined;

/** The store's services, created once per process on first use (the server calls it at start). */
export function getServices(): Promise<Services> {
  booting ??= boot();
  return booting;
}

async function boot(): Promise<Services> {
  const env = parseEnv();
  logger.level = env.LOG_LEVEL;
  const services = await createServices(env);
  logger.info(
    {
      database: services.database.kind,
      store: services.store.kind,
      payments: services.payments.kind,
      mail: services.mailer.kind,
    },
    "services ready",
  );
  return services;
}

/**
 * Wires the services for `env`; the process keeps one set (getServices), tests make their own
 * and may leave the outbox worker off to send e-mails themselves.
 */
export async function createServices(env: Env, options: { outboxWorker?: boolean } = {}): Promise<Services> {
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const { generatedPassword, ...settings } = await loadSettings(database.db, env);
  const store: FileStore = env.S3_BUCKET
    ? new S3FileStore({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID!,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      })
    : new LocalFileStore(join(env.DATA_DIR, "files"));
  const payments: PaymentProvider = env.STRIPE_SECRET_KEY
    ? new StripeProvider(env.STRIPE_SECRET_KEY, env.STRIPE_API_BASE)
    : new TestModeProvider(database.db, env.PUBLIC_URL);
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM ?? `Life Coaching Toolkit <${env.SUPPORT_EMAIL}>`,
    mailDir: join(env.DATA_DIR, "mail"),
  });
  const outbox =
    options.outboxWorker === false ? { kick() {}, async stop() {} } : startOutboxWorker(database.db, mailer);
  announce(env, settings, { generatedPassword });
  return {
    env,
    database,
    store,
    settings,
    payments,
    mailer,
    kickOutbox: outbox.kick,
    async close() {
      await outbox.stop();
      mailer.close();
      await database.close();
    },
    links: { publicUrl: env.PUBLIC_URL, successPath: settings.successPath, supportEmail: env.SUPPORT_EMAIL },
  };
}

function announce(env: Env, settings: StoreSettings, first: FirstStart) {
  const lines = [`Store: ${env.PUBLIC_URL}/`];
  // The admin address and password are printed at first start only; `npm run admin:password` shows them again.
  if (first.generatedPassword) {
    lines.push(`Admin: ${env.PUBLIC_URL}/${settings.adminPath}`);
    lines.push(`Admin password (shown once, keep it safe): ${first.generatedPassword}`);
  }
  process.stdout.write(`\n${lines.join("\n")}\n\n`);
}

export async function shutdownServices(): Promise<void> {
  if (!booting) return;
  const services = await booting;
  booting = undefined;
  await services.close();
}
