/**
 * A logical, portable copy of the store's database (ADR 018): every table's rows as JSON text,
 * read in one REPEATABLE READ transaction so the copy is one moment of the store, and written
 * back with the same SQL on PGlite and PostgreSQL (a backup of one restores into the other).
 * Rows stay text end to end: a bigint or a timestamp is never turned into a JS value and back.
 */
import { is, sql } from "drizzle-orm";
import { type MigrationMeta, readMigrationFiles } from "drizzle-orm/migrator";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { type Db, MIGRATIONS_DIR, migrationCount } from "#app/lib/db/database.server.ts";
import { Refusal } from "#app/lib/refusal.ts";
import { STORE_VERSION } from "#app/lib/store-version.server.ts";
import * as schema from "#db/schema.ts";

export interface DatabaseDump {
  /** How many migrations the database had: the schema its rows fit (an older one is upgraded after the restore). */
  migrations: number;
  /** The version of the store that made a backup's dump, when the backup names it. */
  storeVersion?: string;
  /** Each table's rows, one JSON object (text) per row, in foreign-key order. */
  tables: { name: string; rows: string[] }[];
}

/** A restore that would overwrite data or cannot fit the database; the message says why, in one line. */
export class RestoreRefusedError extends Refusal {
  override name = "RestoreRefusedError";
}

/** The store's tables (from db/schema.ts), each after the tables its foreign keys point to. */
export function tablesInOrder(): string[] {
  const configs = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableConfig(table));
  const references = new Map(
    configs.map((c) => [
      c.name,
      c.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name).filter((n) => n !== c.name),
    ]),
  );
  const ordered: string[] = [];
  const visit = (name: string) => {
    if (ordered.includes(name)) return;
    for (const target of references.get(name) ?? []) visit(target);
    ordered.push(name);
  };
  for (const name of [...references.keys()].sort()) visit(name);
  return ordered;
}

/**
 * The order a table's rows are dumped in when its rows reference each other: a credit note names
 * its invoice, issued before it (a lower progressive), so a restore writing them in batches never
 * writes one before the row it names.
 */
const ROW_ORDER: Record<string, string> = { invoices: "progressive" };

/** Every table of the store at one moment (the checkouts running meanwhile are in it or not, whole). */
export async function dumpDatabase(db: Db): Promise<DatabaseDump> {
  return db.transaction(
    async (tx) => {
      const tables: DatabaseDump["tables"] = [];
      for (const name of tablesInOrder()) {
        const order = ROW_ORDER[name];
        const result = await tx.execute<{ row: string }>(
          sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t ${order ? sql`order by ${sql.identifier(order)}` : sql``}`,
        );
        tables.push({ name, rows: result.rows.map((r) => r.row) });
      }
      return { migrations: await migrationCount(tx), tables };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * Refuses (RestoreRefusedError) a dump made by a newer store (more migrations than this one knows),
 * or a database that holds rows unless `force`; returns the tables that hold rows.
 */
export async function checkRestorable(db: Db, dump: DatabaseDump, options: { force: boolean }) {
  const known = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).length;
  if (!Number.isInteger(dump.migrations) || dump.migrations < 1 || dump.migrations > known) {
    throw new RestoreRefusedError(
      `The backup was made by ${dump.storeVersion ? `version ${dump.storeVersion}` : "another version"} of the store with ${dump.migrations} database migrations; this is version ${STORE_VERSION}, which knows ${known}: restore it with the version that made it, or a newer one.`,
    );
  }
  const filled: string[] = [];
  for (const name of await publicTables(db)) {
    const result = await db.execute<{ any: boolean }>(
      sql`select exists (select 1 from ${sql.identifier(name)}) as any`,
    );
    if (result.rows[0]?.any) filled.push(name);
  }
  if (filled.length > 0 && !options.force) {
    throw new RestoreRefusedError(
      `The database is not empty (${filled.join(", ")}): restore into an empty one, or add --force to replace what it holds.`,
    );
  }
  return filled;
}

/** Rows per INSERT: large enough to be quick, small enough for one statement's parameter. */
const BATCH = 500;

/** The tables the database holds now, whatever version of the schema it is at. */
async function publicTables(db: Db): Promise<string[]> {
  const tables = await db.execute<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  return tables.rows.map((t) => t.name);
}

/**
 * Empties the schema for a rebuild: the migrations' tables (with their indexes and sequences) and
 * enum types, and their record. Not the `public` schema itself, which the store's role may not own.
 */
async function dropSchema(db: Db) {
  const types = await db.execute<{ name: string }>(sql`
    select t.typname as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'public' and t.typtype = 'e'`);
  for (const name of await publicTables(db))
    await db.execute(sql`drop table if exists ${sql.identifier(name)} cascade`);
  for (const { name } of types.rows) await db.execute(sql`drop type ${sql.identifier(name)}`);
  await db.execute(sql`delete from drizzle.__drizzle_migrations`);
}

/** Runs `migrations` on `db` and records each as drizzle's migrator does (its hash and time). */
async function applyMigrations(db: Db, migrations: MigrationMeta[]) {
  for (const migration of migrations) {
    for (const statement of migration.sql) await db.execute(sql.raw(statement));
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
    );
  }
}

/** An e-mail the store had sent, as the outbox recorded it: who it is, and its sending. */
type SentEmail = {
  id: number;
  created_at: string;
  sent_at: string;
  smtp_response: string | null;
};

/** The e-mails `db` records as sent (none when it has no outbox yet). */
async function sentEmails(db: Db): Promise<SentEmail[]> {
  if (!(await publicTables(db)).includes("email_outbox")) return [];
  const sent = await db.execute<SentEmail>(sql`
    select id, created_at::text, sent_at::text, smtp_response from email_outbox where sent_at is not null`);
  return sent.rows;
}

/**
 * Marks sent the restored e-mails that the store being replaced had sent after the backup was
 * made (the same row: its id and the moment it was queued), so they are not sent twice. Returns
 * how many.
 */
async function keepSent(db: Db, sent: SentEmail[]): Promise<number> {
  if (sent.length === 0) return 0;
  const kept = await db.execute(sql`
    update email_outbox m set sent_at = s.sent_at, smtp_response = s.smtp_response, claimed_by = null
    from json_to_recordset(${JSON.stringify(sent)}::json)
      as s(id bigint, created_at timestamptz, sent_at timestamptz, smtp_response text)
    where m.id = s.id and m.created_at = s.created_at and m.sent_at is null
    returning m.id`);
  return kept.rows.length;
}

export interface RestoredDatabase {
  /** The rows written per table. */
  written: Record<string, number>;
  /** Restored e-mails the replaced store had already sent, kept as sent. */
  keptSent: number;
}

/**
 * Writes `dump` into `db`. A database holding any row is refused unless `force`, which empties
 * every table first; e-mails queued in the dump that the replaced store had sent since stay sent.
 *
 * A dump made by an older store (fewer migrations) is written into the schema it was made with,
 * rebuilt from the first migrations, and the later ones then run over its rows as they would have
 * over the store's: a backup stays restorable after the store is upgraded. The rebuild is
 * committed first, because PostgreSQL refuses a value added to an enum type in the transaction
 * that would insert it; should the rows then fail, the database is left empty at the dump's
 * version, and the store's own migrations bring it up to date when it starts. Otherwise one
 * transaction: all or nothing.
 */
export async function restoreDatabase(
  db: Db,
  dump: DatabaseDump,
  options: { force: boolean },
): Promise<RestoredDatabase> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
  const sent = options.force ? await sentEmails(db) : [];
  const older = dump.migrations < (await migrationCount(db));
  if (older) {
    await db.transaction(async (tx) => {
      await checkRestorable(tx, dump, options);
      await dropSchema(tx);
      await applyMigrations(tx, migrations.slice(0, dump.migrations));
    });
  }
  return db.transaction(async (tx) => {
    if ((await checkRestorable(tx, dump, options)).length > 0) {
      const tables = await publicTables(tx);
      await tx.execute(sql.raw(`truncate table ${tables.map((name) => `"${name}"`).join(", ")}`));
    }
    // The dump's tables must be the schema's at its version (a current dump's are db/schema.ts's).
    const known = new Set(await publicTables(tx));
    const unknown = dump.tables.filter((t) => !known.has(t.name)).map((t) => t.name);
    if (unknown.length > 0)
      throw new RestoreRefusedError(`The backup has unknown tables: ${unknown.join(", ")}.`);
    const written: Record<string, number> = {};
    for (const { name, rows } of dump.tables) {
      for (let i = 0; i < rows.length; i += BATCH) {
        const batch = `[${rows.slice(i, i + BATCH).join(",")}]`;
        // A row the database refuses (SQLSTATE class 22: data, 23: a constraint) is reported in one
        // line with the database's reason: the failed query would print every row of the batch.
        await tx
          .execute(sql`
            insert into ${sql.identifier(name)} overriding system value
            select * from json_populate_recordset(null::${sql.identifier(name)}, ${batch}::json)`)
          .catch((error: Error) => {
            const cause = error.cause as { code?: unknown; message?: string } | undefined;
            if (typeof cause?.code !== "string" || !/^2[23]/.test(cause.code)) throw error;
            throw new RestoreRefusedError(
              `The backup's ${name} rows do not fit the database: ${cause.message}.`,
            );
          });
      }
      written[name] = rows.length;
    }
    // Serial and identity columns continue after the restored rows (an empty table keeps its start).
    const counters = await tx.execute<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and (is_identity = 'YES' or column_default like 'nextval(%')`);
    for (const { table_name: table, column_name: column } of counters.rows) {
      await tx.execute(sql`
        select setval(pg_get_serial_sequence(${`"${table}"`}, ${column}), max(${sql.identifier(column)}))
        from ${sql.identifier(table)} having max(${sql.identifier(column)}) is not null`);
    }
    if (older) await applyMigrations(tx, migrations.slice(dump.migrations));
    return { written, keptSent: await keepSent(tx, sent) };
  });
}
