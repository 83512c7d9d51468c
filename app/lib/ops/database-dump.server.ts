/**
 * A logical, portable copy of the store's database (ADR 018): every table's rows as JSON text,
 * read in one REPEATABLE READ transaction so the copy is one moment of the store, and written
 * back with the same SQL on PGlite and PostgreSQL (a backup of one restores into the other).
 * Rows stay text end to end: a bigint or a timestamp is never turned into a JS value and back.
 */
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "#app/lib/db/database.server.ts";
import * as schema from "#db/schema.ts";

export interface DatabaseDump {
  /** How many migrations the database had: a dump restores into the same schema only. */
  migrations: number;
  /** Each table's rows, one JSON object (text) per row, in foreign-key order. */
  tables: { name: string; rows: string[] }[];
}

/** A restore that would overwrite data or cannot fit the database; the message says why, in one line. */
export class RestoreRefusedError extends Error {
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

async function migrationCount(db: Db): Promise<number> {
  const result = await db.execute<{ count: string | number }>(
    sql`select count(*) as count from drizzle.__drizzle_migrations`,
  );
  return Number(result.rows[0]?.count ?? 0);
}

/** Every table of the store at one moment (the checkouts running meanwhile are in it or not, whole). */
export async function dumpDatabase(db: Db): Promise<DatabaseDump> {
  return db.transaction(
    async (tx) => {
      const tables: DatabaseDump["tables"] = [];
      for (const name of tablesInOrder()) {
        const result = await tx.execute<{ row: string }>(
          sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`,
        );
        tables.push({ name, rows: result.rows.map((r) => r.row) });
      }
      return { migrations: await migrationCount(tx as unknown as Db), tables };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * Refuses (RestoreRefusedError) a database whose migrations differ from the dump's, or that holds
 * rows unless `force`; returns the tables that hold rows.
 */
export async function checkRestorable(db: Db, dump: DatabaseDump, options: { force: boolean }) {
  const migrations = await migrationCount(db);
  if (migrations !== dump.migrations) {
    throw new RestoreRefusedError(
      `The backup was made with ${dump.migrations} database migrations and this store has ${migrations}: restore it with the store version that made it.`,
    );
  }
  const filled: string[] = [];
  for (const name of tablesInOrder()) {
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

/**
 * Writes `dump` into `db`, whose schema must have the same migrations. A database holding any
 * row is refused unless `force`, which empties every table first. One transaction: all or nothing.
 * Returns the rows written per table.
 */
export async function restoreDatabase(
  db: Db,
  dump: DatabaseDump,
  options: { force: boolean },
): Promise<Record<string, number>> {
  const known = new Set(tablesInOrder());
  const unknown = dump.tables.filter((t) => !known.has(t.name)).map((t) => t.name);
  if (unknown.length > 0)
    throw new RestoreRefusedError(`The backup has unknown tables: ${unknown.join(", ")}.`);
  return db.transaction(async (tx) => {
    const names = await checkRestorable(tx as unknown as Db, dump, options);
    if (names.length > 0) {
      await tx.execute(
        sql.raw(
          `truncate table ${tablesInOrder()
            .map((n) => `"${n}"`)
            .join(", ")}`,
        ),
      );
    }
    const written: Record<string, number> = {};
    for (const { name, rows } of dump.tables) {
      for (let i = 0; i < rows.length; i += BATCH) {
        const batch = `[${rows.slice(i, i + BATCH).join(",")}]`;
        await tx.execute(sql`
          insert into ${sql.identifier(name)} overriding system value
          select * from json_populate_recordset(null::${sql.identifier(name)}, ${batch}::json)`);
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
    return written;
  });
}
