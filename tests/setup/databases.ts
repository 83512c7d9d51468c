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

export function testBackends(): TestBackend[] {
  const backends: TestBackend[] = [
    { name: "pglite", open: () => openDatabase({ dataDir: null }), cleanup: async () => {} },
  ];
  if (url) backends.push(postgresBackend(url));
  return backends;
}
