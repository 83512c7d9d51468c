/**
 * The wiring: which database, file store, payment provider and mailer the environment selects,
 * built and nothing started (ADR 042). The server builds one set per process, starts the jobs on
 * it (jobs.server.ts) and hands it to every loader and action through the router context
 * (router-context.ts); the commands and the tests build their own.
 */

import { join } from "node:path";
import { PRODUCT } from "#app/content/site.ts";
import { deliveryWarnings } from "#app/lib/admin/go-live.ts";
import {
  type ProviderAnswerCache,
  sessionAnswerCache,
} from "#app/lib/checkout/provider-answer-cache.server.ts";
import { type Database, openDatabase } from "#app/lib/db/database.server.ts";
import { ProgressWrites } from "#app/lib/downloads/download-record.server.ts";
import { ProductCache } from "#app/lib/downloads/product-cache.server.ts";
import type { ZipDirectory } from "#app/lib/downloads/zip-directory.server.ts";
import type { ListedEntry } from "#app/lib/downloads/zip-entries.server.ts";
import { type Env, paymentMode } from "#app/lib/env.server.ts";
import type { StoreLinks } from "#app/lib/links.ts";
import { logger } from "#app/lib/logger.server.ts";
import { createMailer, type Mailer, mailDirOf } from "#app/lib/mail/mailer.server.ts";
import type { ReconcilingFlag } from "#app/lib/orders/reconcile-orders.server.ts";
import type { PaymentProvider, SessionStatus } from "#app/lib/payments/payment-provider.ts";
import { StripeProvider } from "#app/lib/payments/stripe-provider.server.ts";
import { TestModeProvider } from "#app/lib/payments/test-mode-provider.server.ts";
import { recordRegularPrice } from "#app/lib/pricing/promotions.server.ts";
import { sellerLine, sellerOf } from "#app/lib/seller.server.ts";
import { type FirstStart, loadSettings, type StoreSettings } from "#app/lib/settings.server.ts";
import type { FileStore } from "#app/lib/storage/file-store.ts";
import { LocalFileStore } from "#app/lib/storage/local-file-store.server.ts";
import { STORE_VERSION } from "#app/lib/store-version.server.ts";

export interface Services {
  env: Env;
  database: Database;
  /** Where the product ZIPs live. */
  files: FileStore;
  settings: StoreSettings;
  payments: PaymentProvider;
  mailer: Mailer;
  links: StoreLinks;
  /** What this store keeps in memory between requests, never shared with another store in the process. */
  memory: StoreMemory;
  /**
   * Sends due e-mails now instead of at the next poll, where this process runs the outbox job;
   * elsewhere (a command) the e-mail waits in the outbox for the store's next poll.
   */
  kickOutbox(): void;
  /** Where kickOutbox goes: the outbox job's run, set while it runs (jobs.server.ts), null after. */
  onOutboxKick(run: (() => void) | null): void;
  /**
   * The lines the server prints once it listens: the store's address and payment mode and, on the
   * first start, the admin address and the generated password. The password is given out once.
   */
  takeWelcome(): string[];
  /** Closes the mailer and the database (stop the jobs running on them first). */
  close(): Promise<void>;
}

export interface StoreMemory {
  /** The payment provider's last answers about Checkout Sessions (find-paid-order.server.ts). */
  sessionAnswers: ProviderAnswerCache<SessionStatus | null>;
  /** The recent products' ZIP directories, each read once (zip-directory.server.ts). */
  zipDirectories: ProductCache<ZipDirectory>;
  /** The recent products' "What's inside" listings (inside-listing.server.ts). */
  insideListings: ProductCache<ListedEntry[]>;
  /** The running downloads' progress, written together (download-record.server.ts). */
  progressWrites: ProgressWrites;
  /** The reconciliation pass this process runs, if any (reconcile-orders.server.ts). */
  reconciling: ReconcilingFlag;
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
 * Builds the services for `env` and starts nothing: no timer, no socket, no sweep (the server
 * starts its jobs on them: jobs.server.ts; a command uses them as they are).
 * `databaseTemplate`: the build's fresh database cluster, unpacked for a new embedded database.
 */
export async function createServices(
  env: Env,
  options: { databaseTemplate?: string; newStore?: "allowed" | "refused" } = {},
): Promise<Services> {
  for (const line of env.deprecations) logger.warn(line);
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    template: options.databaseTemplate,
    newStore: options.newStore,
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
    seller: sellerLine(sellerOf(env)),
  });
  const memory: StoreMemory = {
    sessionAnswers: sessionAnswerCache(),
    zipDirectories: new ProductCache(),
    insideListings: new ProductCache(),
    progressWrites: new ProgressWrites(database.db),
    reconciling: { pass: null },
  };
  let outboxRun: (() => void) | null = null;
  let password = generatedPassword;
  return {
    env,
    database,
    files,
    settings,
    payments,
    mailer,
    links,
    memory,
    kickOutbox: () => outboxRun?.(),
    onOutboxKick(run) {
      outboxRun = run;
    },
    takeWelcome() {
      const lines = welcome(env, settings, { generatedPassword: password });
      password = undefined;
      return lines;
    },
    async close() {
      mailer.close();
      await database.close();
    },
  };
}

function welcome(env: Env, settings: StoreSettings, first: FirstStart): string[] {
  const lines = [
    `Store: ${env.PUBLIC_URL}/`,
    `Version: ${STORE_VERSION}`,
    `Payments: ${paymentMode(env)}`,
    `Admin: ${env.PUBLIC_URL}/${settings.adminPath}`,
  ];
  // The password is printed at first start only (only its hash is kept); `npm run admin:password` makes a new one.
  if (first.generatedPassword)
    lines.push(`Admin password (shown once, keep it safe): ${first.generatedPassword}`);
  return [...lines, ...deliveryWarnings(env)];
}
