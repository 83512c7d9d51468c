import { join } from "node:path";
import { type Database, openDatabase } from "./db/database.server.ts";
import { type Env, parseEnv } from "./env.server.ts";
import { logger } from "./logger.server.ts";
import { type FirstStart, loadSettings, type StoreSettings } from "./settings.server.ts";
import type { FileStore } from "./storage/file-store.ts";
import { LocalFileStore } from "./storage/local-file-store.server.ts";

export interface Services {
  env: Env;
  database: Database;
  store: FileStore;
  settings: StoreSettings;
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
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const { generatedPassword, ...settings } = await loadSettings(database.db, env);
  const store = new LocalFileStore(join(env.DATA_DIR, "files"));
  announce(env, settings, { generatedPassword });
  logger.info({ database: database.kind, store: store.kind }, "services ready");
  return { env, database, store, settings };
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
  await services.database.close();
}
