/**
 * The process's store: its services, built from the environment, and the jobs running on them,
 * made on first call and kept until stopStore. Kept on globalThis, not in this module: `npm run
 * dev` evaluates the app's modules again after an edit, and a second store would open the
 * embedded database a second time and run every job twice.
 */
import { parseEnv, paymentMode } from "#app/lib/env.server.ts";
import { type Jobs, startJobs } from "#app/lib/jobs.server.ts";
import { hideInLogs, logger } from "#app/lib/logger.server.ts";
import { createServices, type Services } from "#app/lib/services.server.ts";

export interface ProcessStore {
  services: Services;
  jobs: Jobs;
}

const PROCESS_STORE = Symbol.for("coaching-toolkit-store.store");
type Holder = { [PROCESS_STORE]?: Promise<ProcessStore> };

/** The process's store, started on first call. Only the server calls it. */
export function processStore(options: { databaseTemplate?: string } = {}): Promise<ProcessStore> {
  const holder = globalThis as Holder;
  holder[PROCESS_STORE] ??= createServices(parseEnv(), options).then(async (services) => {
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
    return { services, jobs: await startJobs(services) };
  });
  return holder[PROCESS_STORE];
}

/** Stops the process's jobs and closes its services, if they were started. */
export async function stopStore(): Promise<void> {
  const holder = globalThis as Holder;
  const store = holder[PROCESS_STORE];
  if (!store) return;
  delete holder[PROCESS_STORE];
  const { services, jobs } = await store;
  await jobs.stop();
  await services.close();
}
