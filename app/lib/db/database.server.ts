import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg, type NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { logger } from "#app/lib/logger.server.ts";
import { keepDataPrivate } from "#app/lib/private-files.server.ts";
import * as schema from "#db/schema.ts";

export type Schema = typeof schema;
/**
 * One type for both drivers and for a transaction of either: the base class Drizzle's databases
 * and transactions share (a PgTransaction is a PgDatabase), so a function taking a Db runs inside
 * a caller's transaction as it is. PGlite's and node-postgres' query results share the shape the
 * store uses (`rows`), so code is written once against the node-postgres flavour.
 */
export type Db = PgDatabase<NodePgQueryResultHKT, Schema>;
/** The transaction a caller opened with `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

/** The schema's migrations, applied in order at start (and by a restore of an older backup). */
export const MIGRATIONS_DIR = resolve("db/migrations");
/** Any constant works; it only has to be the same for every instance of this store. */
const MIGRATION_LOCK_ID = 4_700_3525;

/**
 * PGlite runs PostgreSQL inside WebAssembly, whose memory only grows: every page PostgreSQL ever
 * touches stays in the process's RSS. With PostgreSQL's default 128 MB of shared buffers a store
 * idled at about 500 MB; with 8 MB of buffers it idles at about 200 MB (ADR 025). The buffers
 * hold what a page needs (indexes, recent orders); older rows come from the system's file cache. The
 * other settings bound what one statement may take (sorts, index builds, temporary tables).
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...["shared_buffers=8MB", "work_mem=2MB", "maintenance_work_mem=16MB", "temp_buffers=2MB"].flatMap(
    (setting) => ["-c", setting],
  ),
];

/**
 * Opens the database and brings its schema up to date. `DATABASE_URL` selects PostgreSQL;
 * without it the store keeps an embedded PGlite database in `DATA_DIR/db`
 * (or in memory for `dataDir: null`, which tests use).
 *
 * A new embedded database is made by PostgreSQL's initdb, which PGlite runs in a second
 * WebAssembly instance beside a third, temporary one: the process peaks near 600 MB, more than a
 * small server has, and the migrations' DDL then grows the database's WebAssembly memory, which
 * never shrinks. `template`, a migrated database the build made (makeFreshDatabase), is copied
 * instead: the first start costs what a later one does (ADR 025).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir: string | null;
  template?: string;
}): Promise<Database> {
  // The database's files, the mail and the product files are the store's user's alone.
  const corrected = opts.dataDir ? keepDataPrivate(opts.dataDir) : 0;
  if (corrected > 0)
    logger.info({ corrected }, "made files in the data directory private to the store's user");
  if (opts.url) {
    // A request waits at most 5 s for a connection: during an outage it fails (503) instead of hanging.
    const pool = new pg.Pool({ connectionString: opts.url, max: 10, connectionTimeoutMillis: 5_000 });
    // PostgreSQL closes idle connections when it restarts or fails over (and some hosts after a
    // while). The pool drops such a connection and opens a new one when next needed; without a
    // listener the error would stop the process.
    pool.on("error", (error: Error & { code?: string }) =>
      logger.warn({ code: error.code, reason: error.message }, "PostgreSQL closed an idle connection"),
    );
    // The pool listens only on idle clients: one checked out (a transaction between two statements)
    // whose server goes away emits 'error' too, and unheard that stops the process (57P01 on a
    // restart). The statement in progress fails on its own (503); the pool discards the client.
    pool.on("connect", (client) =>
      client.on("error", (error: Error & { code?: string }) =>
        logger.warn({ code: error.code, reason: error.message }, "PostgreSQL closed a connection in use"),
      ),
    );
    const db = drizzlePg({ client: pool, schema });
    // Two instances starting at once must not both run the migrations: hold an advisory lock.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
      client.release();
    }
    return { db, kind: "postgres", close: () => pool.end() };
  }
  let client: PGlite;
  let release = () => {};
  if (opts.dataDir) {
    const dir = join(opts.dataDir, "db");
    mkdirSync(dir, { recursive: true });
    release = claimEmbeddedDatabase(opts.dataDir);
    try {
      if (opts.template && !existsSync(join(dir, "PG_VERSION")))
        cpSync(opts.template, dir, { recursive: true });
      client = await PGlite.create(dir, { startParams: PGLITE_START_PARAMS });
    } catch (error) {
      release();
      throw error;
    }
  } else {
    client = await PGlite.create({ startParams: PGLITE_START_PARAMS });
  }
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  // PGlite gives the files it creates mode 0666 whatever the umask (inside a 0700 directory).
  if (opts.dataDir) keepDataPrivate(opts.dataDir);
  return {
    // PGlite's query results are typed apart from node-postgres' but read the same (`rows`).
    db: db as unknown as Db,
    kind: "pglite",
    close: async () => {
      await client.close();
      release();
    },
  };
}

/** Makes a new embedded database with every migration applied in the empty directory `dir`. */
export async function makeFreshDatabase(dir: string): Promise<void> {
  const client = await PGlite.create(dir, { startParams: PGLITE_START_PARAMS });
  try {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.close();
  }
}

/** Another process holds the embedded database (its files are for one process at a time). */
export class DatabaseInUseError extends Error {
  override name = "DatabaseInUseError";
}

/** Whether a process with this id runs on this machine. */
export const isProcessRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Claims `dataDir`'s embedded database for this process with a pid file, so a second process (a
 * command-line tool while the store runs) is refused with a clear message instead of opening the
 * same files. A file left by a process that has gone (a crash) is taken over. Returns the release.
 */
function claimEmbeddedDatabase(dataDir: string): () => void {
  const file = join(dataDir, "db.pid");
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(file, "utf8"));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isProcessRunning(pid)) {
        throw new DatabaseInUseError(
          `The embedded database in ${resolve(dataDir, "db")} is in use by another process (pid ${pid}), most likely the running store: stop it first (or use DATABASE_URL).`,
        );
      }
      rmSync(file, { force: true });
    }
  }
}

/** PostgreSQL's SQLSTATEs for "the server is not there for you right now". */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "3D000"]);
const UNAVAILABLE_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
]);
/** What node-postgres throws, without a code, when a connection dies or cannot be had in time. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Whether `error` (or what caused it) says the database cannot be reached, as opposed to a query
 * that is wrong: the first is answered 503 "try again", the second is a bug.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (code.startsWith("08") || UNAVAILABLE_SQLSTATES.has(code))) return true;
  if (typeof code === "string" && UNAVAILABLE_NODE_CODES.has(code)) return true;
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1)))
    return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/** How many migrations the database has had: its schema's version. */
export async function migrationCount(db: Db): Promise<number> {
  const result = await db.execute<{ count: string | number }>(
    sql`select count(*) as count from drizzle.__drizzle_migrations`,
  );
  return Number(result.rows[0]?.count ?? 0);
}

/** Whether the database has every migration this version ships (another instance may have more). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const journal = JSON.parse(await readFile(join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return (await migrationCount(db)) >= journal.entries.length;
}
