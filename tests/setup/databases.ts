import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { type Database, openDatabase } from "#app/lib/db/database.server.ts";

export interface TestBackend {
  name: "pglite" | "postgres";
  /** A new, empty, migrated database. */
  open(): Promise<Database>;
  /** PostgreSQL only: the URL of a new, empty database (not migrated). */
  freshUrl?(): Promise<string>;
  /** Drops every database this backend created. */
  cleanup(): Promise<void>;
}

const url = process.env.TEST_DATABASE_URL;
if (process.env.CI && !url) {
  throw new Error(
    "TEST_DATABASE_URL is not set: CI must run the data-layer tests against PostgreSQL too (.ci/run sets it).",
  );
}

/** Each test gets its own PostgreSQL database, created from TEST_DATABASE_URL and dropped after. */
function postgresBackend(adminUrl: string): TestBackend {
  const created: string[] = [];
  const backend: TestBackend = {
    name: "postgres",
    async freshUrl() {
      const name = `store_test_${process.pid}_${created.length}_${Date.now().toString(36)}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database "${name}"`);
      await admin.end();
      created.push(name);
      const dbUrl = new URL(adminUrl);
      dbUrl.pathname = `/${name}`;
      return dbUrl.toString();
    },
    async open() {
      return openDatabase({ url: await backend.freshUrl!(), dataDir: null });
    },
    async cleanup() {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      for (const name of created.splice(0))
        await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
  return backend;
}

/** The migrated embedded database every test's PGlite store starts from (database-template.ts). */
export function databaseTemplate(): string {
  const template = process.env.TEST_DATABASE_TEMPLATE;
  if (!template)
    throw new Error(
      "TEST_DATABASE_TEMPLATE is not set: run the tests through Vitest (its global setup makes it).",
    );
  return template;
}

/** Each test gets its own embedded database, a copy of the run's migrated one, removed when closed. */
const pgliteBackend: TestBackend = {
  name: "pglite",
  async open() {
    const dataDir = await mkdtemp(join(tmpdir(), "store-db-"));
    const database = await openDatabase({ dataDir, template: databaseTemplate() });
    return {
      ...database,
      async close() {
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  },
  cleanup: async () => {},
};

export function testBackends(): TestBackend[] {
  const backends: TestBackend[] = [pgliteBackend];
  if (url) backends.push(postgresBackend(url));
  return backends;
}
