import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "#app/lib/db/database.server.ts";
import { testBackends } from "../setup/databases.ts";
import { openStore, runScript, storeEnv } from "../setup/ops-store.ts";
import { failedStart } from "../setup/server.ts";

const KNOWN = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR });
const VERSION = JSON.parse(await readFile("package.json", "utf8")).version as string;
const OLDER_BACKUP = resolve("tests/fixtures/backup-4-migrations");

/** What every refusal of a newer database says: both versions and what to do. */
const NEWER = `This database was upgraded by a newer version of the store (version 9.0.0: ${KNOWN.length + 1} database migrations, this version knows ${KNOWN.length}); this is version ${VERSION}, which would damage it. Run version 9.0.0 or later, or restore the backup taken before the upgrade (docs/operations.md, "Upgrading").`;

for (const backend of testBackends()) {
  describe(`a database a newer version of the store migrated, on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    /** A store's environment whose database has one migration more than this version ships. */
    async function upgradedByNewerVersion() {
      const env = await storeEnv(backend);
      const store = await openStore(env);
      await store.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-9.0.0', ${KNOWN.at(-1)!.folderMillis + 1})`,
      );
      await store.database.db.execute(sql`update drizzle.store_version set version = '9.0.0'`);
      await store.close();
      return env;
    }

    it("is refused by the start, the backup, the restore and the check, naming both versions", async () => {
      const env = await upgradedByNewerVersion();
      const start = await failedStart(env);
      expect(start.code).toBe(1);
      expect(start.output).toContain(NEWER);

      const backup = await runScript("backup", [join(await mkdtemp(join(tmpdir(), "store-")), "b")], env);
      expect(backup).toMatchObject({ code: 1, stderr: `${NEWER}\n` });

      const copy = join(await mkdtemp(join(tmpdir(), "store-")), "older");
      await cp(OLDER_BACKUP, copy, { recursive: true });
      const restore = await runScript("restore", [copy, "--force"], env);
      expect(restore).toMatchObject({ code: 1, stderr: `${NEWER}\n` });

      const check = await runScript("check", [], env);
      expect(check.code).toBe(1);
      expect(check.stderr).toBe(`Database: ${NEWER}\n`);
    }, 120_000);

    it("records the version that migrated it, and a backup records it too", async () => {
      const env = await storeEnv(backend);
      const store = await openStore(env);
      const recorded = await store.database.db.execute<{ value: string }>(
        sql`select version as value from drizzle.store_version`,
      );
      await store.close();
      expect(recorded.rows[0]?.value).toBe(VERSION);
      const dir = join(await mkdtemp(join(tmpdir(), "store-")), "b");
      expect((await runScript("backup", [dir], env)).code).toBe(0);
      const manifest = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8"));
      expect(manifest).toMatchObject({ storeVersion: VERSION, migrations: KNOWN.length });
    }, 120_000);
  });
}

describe("a command that finds no store where the configuration points", () => {
  const postgres = testBackends().find((backend) => backend.name === "postgres");
  afterAll(() => postgres?.cleanup());

  /** A data directory as a PostgreSQL store leaves it: product files, no embedded database. */
  async function dataDirOfPostgresStore() {
    const dataDir = await mkdtemp(join(tmpdir(), "store-"));
    await mkdir(join(dataDir, "files"));
    await writeFile(join(dataDir, "files", "product.zip"), "PK");
    return dataDir;
  }

  it("refuses a backup without DATABASE_URL beside a store's files, and makes no database", async () => {
    const dataDir = await dataDirOfPostgresStore();
    const backup = await runScript("backup", [join(dataDir, "..", "b")], { DATA_DIR: dataDir });
    expect(backup.code).toBe(1);
    expect(backup.stderr).toBe(
      `There is no store database in ${join(dataDir, "db")}: set DATA_DIR to the store's data directory, or DATABASE_URL if its database is PostgreSQL.\n`,
    );
    expect(existsSync(join(dataDir, "db"))).toBe(false);
  });

  it("refuses to start a new store beside a store's files", async () => {
    const dataDir = await dataDirOfPostgresStore();
    const start = await failedStart({ DATA_DIR: dataDir });
    expect(start.code).toBe(1);
    expect(start.output).toContain(
      `${dataDir} holds a store's files but no database in ${join(dataDir, "db")}: if the store's database is PostgreSQL, set DATABASE_URL; to start a new store, use an empty data directory.`,
    );
    expect(existsSync(join(dataDir, "db"))).toBe(false);
    const check = await runScript("check", [], { DATA_DIR: dataDir });
    expect(check.code).toBe(1);
  });

  it("refuses a reconciliation or a new password on a data directory with no store, so the first start still prints its password", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "store-"));
    for (const script of ["reconcile", "admin-password"]) {
      const run = await runScript(script, [], { DATA_DIR: dataDir });
      expect(run.code, script).toBe(1);
      expect(run.stderr, script).toContain("There is no store database in");
    }
    expect(existsSync(join(dataDir, "db"))).toBe(false);
  });

  it.runIf(postgres)("refuses a backup of an empty PostgreSQL database", async () => {
    const url = await postgres!.freshUrl!();
    const dataDir = await mkdtemp(join(tmpdir(), "store-"));
    const backup = await runScript("backup", [join(dataDir, "b")], { DATA_DIR: dataDir, DATABASE_URL: url });
    expect(backup.code).toBe(1);
    expect(backup.stderr).toBe(
      "The database at DATABASE_URL holds no store: check DATABASE_URL (a new database is made only by the store's first start or a restore).\n",
    );
  });
});

describe("npm run check", () => {
  it("says the configuration, the database and the build are fine, and exits 0", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "store-"));
    const check = await runScript("check", [], { DATA_DIR: dataDir });
    expect(check.stderr).toBe("");
    expect(check.code).toBe(0);
    expect(check.stdout.split("\n").slice(0, 3)).toEqual([
      `Store version ${VERSION}.`,
      "Configuration: valid.",
      `Database: PGlite: none yet in ${join(dataDir, "db")}; the first start makes it.`,
    ]);
    expect(check.stdout).toMatch(/^Build: /m);
  });

  it("names each problem of a live store's configuration on a line of its own, and exits 1", async () => {
    const check = await runScript("check", [], {
      DATA_DIR: await mkdtemp(join(tmpdir(), "store-")),
      STRIPE_SECRET_KEY: "sk_test_check",
    });
    expect(check.code).toBe(1);
    expect(check.stderr.trim().split("\n")).toEqual([
      "Configuration: STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set",
      "Configuration: SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_ID: required when STRIPE_SECRET_KEY is set (a live store names its seller on every page)",
    ]);
  });
});
