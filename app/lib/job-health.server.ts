/**
 * Whether each background job runs: a failing job is logged at error once per kind of failure (the
 * same failure every minute would bury the log, and a new kind is news), and recorded in
 * `job_failures` until its next successful run, so the Panoramica tells the owner what is not
 * running (a maintenance that fails every hour keeps download addresses the privacy policy says
 * are cleared). repeat.server.ts reports every run here.
 */
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { jobFailures } from "#db/schema.ts";

/** The jobs app/lib/jobs.server.ts starts, as the Panoramica names them (ADMIN_PAGES_COPY.overview.jobs). */
export type JobName =
  | "outbox"
  | "books"
  | "reconcile"
  | "maintenance"
  | "review-requests"
  | "daily-summary"
  | "visits";

/** Where a job's failures are recorded, and under which name. */
export interface JobRecord {
  db: Db;
  job: JobName;
}

export interface JobFailure {
  job: JobName;
  message: string;
  firstFailedAt: Date;
  lastFailedAt: Date;
  failures: number;
}

const MESSAGE_LENGTH = 300;

/**
 * The error that says what went wrong: Drizzle wraps a database's error in one whose message is
 * the statement and its parameters (which may hold a buyer's address), the database's as its cause.
 */
function rootOf(error: unknown): unknown {
  let root = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  return root;
}

function messageOf(error: unknown): string {
  const root = rootOf(error);
  const text = root instanceof Error ? root.message : String(root);
  return (text.split("\n", 1)[0] ?? "").slice(0, MESSAGE_LENGTH);
}

/** What kind of failure: the same code (a database's SQLSTATE, a socket's errno) and message is the same kind. */
export function failureKind(error: unknown): string {
  const root = rootOf(error);
  const code = (root as { code?: unknown } | null)?.code;
  const name = root instanceof Error ? root.name : typeof root;
  return `${typeof code === "string" ? code : name}: ${messageOf(root)}`;
}

/** One job's health, as its runs end: `failure` is what the log says when it fails. */
export function jobHealth(failure: string, record?: JobRecord) {
  let lastKind: string | null = null;
  // A row left by an earlier process is cleared by this one's first successful run.
  let recorded = record !== undefined;
  const job = record?.job;
  return {
    async succeeded(): Promise<void> {
      if (lastKind !== null) logger.info({ job }, `${failure}: runs again`);
      lastKind = null;
      if (!record || !recorded) return;
      recorded = false;
      await record.db
        .delete(jobFailures)
        .where(eq(jobFailures.job, record.job))
        .catch((error: unknown) => {
          recorded = true;
          logger.warn({ err: error, job }, "could not clear a job's failure");
        });
    },
    async failed(error: unknown): Promise<void> {
      const kind = failureKind(error);
      if (kind === lastKind) logger.debug({ job, kind }, `${failure} again`);
      else logger.error({ err: error, job }, failure);
      lastKind = kind;
      if (!record) return;
      recorded = true;
      const now = new Date();
      await record.db
        .insert(jobFailures)
        .values({
          job: record.job,
          kind,
          message: messageOf(error),
          firstFailedAt: now,
          lastFailedAt: now,
          failures: 1,
        })
        .onConflictDoUpdate({
          target: jobFailures.job,
          set: {
            kind,
            message: messageOf(error),
            lastFailedAt: now,
            failures: sql`${jobFailures.failures} + 1`,
          },
        })
        .catch((recordError: unknown) =>
          logger.warn({ err: recordError, job }, "could not record a job's failure"),
        );
    },
  };
}

/** The jobs failing now, the longest-failing first. */
export async function failingJobs(db: Db): Promise<JobFailure[]> {
  const rows = await db
    .select({
      job: jobFailures.job,
      message: jobFailures.message,
      firstFailedAt: jobFailures.firstFailedAt,
      lastFailedAt: jobFailures.lastFailedAt,
      failures: jobFailures.failures,
    })
    .from(jobFailures)
    .orderBy(jobFailures.firstFailedAt, desc(jobFailures.failures));
  return rows.map((row) => ({ ...row, job: row.job as JobName }));
}
