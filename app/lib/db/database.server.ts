import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle as drizzlePg, type NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { logger } from "#app/lib/logger.server.ts";
import { keepDataPrivate } from "#app/lib/private-files.server.ts";
import { Refusal } from "#app/lib/refusal.ts";
import { STORE_VERSION } from "#app/lib/store-version.server.ts";
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
  /**
   * Whether a database with no store in it may be made or used: yes for the store and a restore;
   * a command that works on a store's data (a backup, a reconciliation) refuses one instead, since
   * it would back up nothing, or make a store that never printed its password.
   */
  newStore?: "allowed" | "refused";
}): Promise<Database> {
  const newStore = opts.newStore ?? "allowed";
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
    try {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        const locked = drizzlePg({ client, schema }) as Db;
        if (newStore === "refused" && !(await holdsStore(locked)))
          throw new NoStoreError(
            "The database at DATABASE_URL holds no store: check DATABASE_URL (a new database is made only by the store's first start or a restore).",
          );
        await refuseNewerDatabase(locked);
        await migratePg(locked, { migrationsFolder: MIGRATIONS_DIR });
        await recordVersion(locked);
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    return { db, kind: "postgres", close: () => pool.end() };
  }
  let client: PGlite;
  let release = () => {};
  if (opts.dataDir) {
    const dir = join(opts.dataDir, "db");
    if (!existsSync(join(dir, "PG_VERSION"))) refuseNewEmbeddedDatabase(opts.dataDir, newStore);
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
  try {
    await refuseNewerDatabase(db as unknown as Db);
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    await recordVersion(db as unknown as Db);
  } catch (error) {
    await client.close();
    release();
    throw error;
  }
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

/**
 * What `npm run check` says of the database the configuration names, changing nothing (no
 * migration runs): `problem` when the store could not start on it, else `state` in one line.
 */
export async function inspectDatabase(opts: {
  url?: string;
  dataDir: string;
}): Promise<{ problem: string } | { state: string }> {
  const known = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).length;
  const said = async (db: Db, kind: string) => {
    try {
      await refuseNewerDatabase(db);
    } catch (error) {
      if (error instanceof NewerDatabaseError) return { problem: error.message };
      throw error;
    }
    const applied = (await appliedMigrations(db)).length;
    if (applied === 0) return { state: `${kind}: empty; the first start sets it up.` };
    const pending = known - applied;
    return {
      state: `${kind}: ${applied} of ${known} migrations applied${pending > 0 ? `; the start applies the other ${pending}` : ", up to date"}.`,
    };
  };
  if (opts.url) {
    const client = new pg.Client({ connectionString: opts.url, connectionTimeoutMillis: 5_000 });
    try {
      await client.connect();
    } catch (error) {
      return { problem: `DATABASE_URL: cannot connect (${(error as Error).message}).` };
    }
    try {
      return await said(drizzlePg({ client, schema }) as Db, "PostgreSQL");
    } finally {
      await client.end();
    }
  }
  const dir = join(opts.dataDir, "db");
  if (!existsSync(join(dir, "PG_VERSION"))) {
    try {
      refuseNewEmbeddedDatabase(opts.dataDir, "allowed");
    } catch (error) {
      return { problem: (error as Error).message };
    }
    return { state: `PGlite: none yet in ${resolve(dir)}; the first start makes it.` };
  }
  let release: () => void;
  try {
    release = claimEmbeddedDatabase(opts.dataDir);
  } catch (error) {
    if (error instanceof DatabaseInUseError) return { problem: error.message };
    throw error;
  }
  try {
    const client = await PGlite.create(dir, { startParams: PGLITE_START_PARAMS });
    try {
      return await said(drizzlePglite({ client, schema }) as unknown as Db, "PGlite");
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
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

/** A database migrated by a newer version of the store, which this one would damage. */
export class NewerDatabaseError extends Refusal {
  override name = "NewerDatabaseError";
}

/** A command found no store where the configuration points (a new, empty database). */
export class NoStoreError extends Refusal {
  override name = "NoStoreError";
}

/** The migrations a database has had, by drizzle's record (none in a new database). */
async function appliedMigrations(db: Db): Promise<{ createdAt: number }[]> {
  const table = await db.execute<{ exists: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table.rows[0]?.exists) return [];
  const rows = await db.execute<{ created_at: string | number }>(
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  return rows.rows.map((row) => ({ createdAt: Number(row.created_at) }));
}

/** Whether `db` has had a store's migrations (a database the store started on or a restore filled). */
async function holdsStore(db: Db): Promise<boolean> {
  return (await appliedMigrations(db)).length > 0;
}

/**
 * Refuses a database that has a migration this version does not ship: a newer version made it,
 * and an older one running on it would leave its newer tables out of backups and its newer rules
 * out of what it writes. Names both versions and what to do.
 */
async function refuseNewerDatabase(db: Db): Promise<void> {
  const known = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const last = known.at(-1)?.folderMillis ?? 0;
  const applied = await appliedMigrations(db);
  const unknown = applied.filter((migration) => migration.createdAt > last).length;
  if (unknown === 0 && applied.length <= known.length) return;
  const version = await db
    .execute<{ version: string }>(sql`select version from drizzle.store_version`)
    .then((result) => result.rows[0]?.version)
    .catch(() => undefined);
  throw new NewerDatabaseError(
    `This database was upgraded by a newer version of the store (${version ? `version ${version}` : "a later version"}: ${applied.length} database migrations, this version knows ${known.length}); this is version ${STORE_VERSION}, which would damage it. Run version ${version ?? "it was upgraded to"} or later, or restore the backup taken before the upgrade (docs/operations.md, "Upgrading").`,
  );
}

/**
 * Records which version last migrated the database, for the refusal above to name it: beside
 * drizzle's record of migrations, outside the store's tables, so a new database stays empty for a
 * restore and a backup carries the version in its manifest instead.
 */
async function recordVersion(db: Db): Promise<void> {
  await db.execute(sql`
    create table if not exists drizzle.store_version (
      id integer primary key default 1 check (id = 1),
      version text not null,
      recorded_at timestamptz not null default now())`);
  await db.execute(sql`
    insert into drizzle.store_version (version) values (${STORE_VERSION})
    on conflict (id) do update set version = excluded.version, recorded_at = now()
    where drizzle.store_version.version <> excluded.version`);
}

/**
 * The directories a store keeps in DATA_DIR besides its embedded database: the product files and
 * the e-mails written without SMTP. Either there without a database means the database is elsewhere.
 */
const STORE_FILES = ["files", "mail"];

/**
 * Refuses to make a new embedded database for a command, or beside a store's files: a store whose
 * database is PostgreSQL, started or backed up without DATABASE_URL, would otherwise become a new,
 * empty store in DATA_DIR with a new password, or back up nothing and report success.
 */
function refuseNewEmbeddedDatabase(dataDir: string, newStore: "allowed" | "refused"): void {
  const where = resolve(dataDir, "db");
  if (newStore === "refused")
    throw new NoStoreError(
      `There is no store database in ${where}: set DATA_DIR to the store's data directory, or DATABASE_URL if its database is PostgreSQL.`,
    );
  const held = STORE_FILES.filter((name) => {
    try {
      return readdirSync(join(dataDir, name)).length > 0;
    } catch {
      return false;
    }
  });
  if (held.length > 0)
    throw new NoStoreError(
      `${resolve(dataDir)} holds a store's ${held.join(" and ")} but no database in ${where}: if the store's database is PostgreSQL, set DATABASE_URL; to start a new store, use an empty data directory.`,
    );
}

/** Another process holds the embedded database (its files are for one process at a time). */
export class DatabaseInUseError extends Refusal {
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
