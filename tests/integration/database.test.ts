import { readFileSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { makeFreshDatabase, openDatabase } from "#app/lib/db/database.server.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import { verifyPassword } from "#app/lib/password.server.ts";
import { getSetting, loadSettings } from "#app/lib/settings.server.ts";
import { testBackends } from "../setup/databases.ts";

const TABLES = [
  "access_links",
  "admin_sessions",
  "download_confirmations",
  "downloads",
  "email_outbox",
  "exchange_rates",
  "funnel_daily",
  "invoice_requests",
  "invoice_series",
  "invoices",
  "job_failures",
  "lost_link_requests",
  "orders",
  "payment_records",
  "price_history",
  "products",
  "promotions",
  "rate_limits",
  "reconcile_runs",
  "refund_requests",
  "review_moderations",
  "reviews",
  "settings",
  "stripe_unread_events",
  "unsubscribes",
  "webhook_events",
  "withdrawal_requests",
  "withdrawals",
];

for (const backend of testBackends()) {
  describe(`database on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("applies the migrations and creates every table", async () => {
      const database = await backend.open();
      const result = await database.db.execute<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      expect(result.rows.map((r) => r.table_name)).toEqual(TABLES);
      await database.close();
    });

    it("allows one current product only", async () => {
      const database = await backend.open();
      const insert = (key: string) =>
        database.db.execute(
          sql`insert into products (file_key, file_name, size, sha256, entry_count, current) values (${key}, 'a.zip', 1, 'x', 1, true)`,
        );
      await insert("products/a.zip");
      await expect(insert("products/b.zip")).rejects.toThrow();
      await database.close();
    });

    it("numbers orders from 1001", async () => {
      const database = await backend.open();
      const result = await database.db.execute<{ number: number }>(
        sql`insert into orders (email, amount_cents, provider) values ('a@b.co', 4700, 'test') returning number`,
      );
      expect(Number(result.rows[0]?.number)).toBe(1001);
      await database.close();
    });

    it("generates the first-start values once and keeps them", async () => {
      const database = await backend.open();
      const dataDir = await mkdtemp(join(tmpdir(), "store-settings-"));
      const env = parseEnv({ DATA_DIR: dataDir });
      const first = await loadSettings(database.db, env);
      const second = await loadSettings(database.db, env);
      expect(first.generatedPassword).toMatch(/^[\w-]{24}$/);
      expect(second.generatedPassword).toBeUndefined();
      expect(second.adminPath).toBe(first.adminPath);
      expect(second.successPath).toBe(first.successPath);
      expect(first.adminPath).not.toBe(first.successPath);
      expect(second.tokenSecrets).toEqual(first.tokenSecrets);
      expect(first.tokenSecrets[0]).toMatch(/^[\w-]{43}$/);
      expect(await getSetting(database.db, "token_secret")).toBe(first.tokenSecrets[0]);
      expect(await readdir(dataDir)).toEqual([]);
      const hash = await getSetting(database.db, "admin_password_hash");
      expect(await verifyPassword(first.generatedPassword!, hash!)).toBe(true);
      await rm(dataDir, { recursive: true });
      await database.close();
    });

    it("signs with one secret on every instance of a database, whatever their data directories", async () => {
      const database = await backend.open();
      const dirs = await Promise.all([1, 2].map(() => mkdtemp(join(tmpdir(), "store-settings-"))));
      const [one, two] = await Promise.all(
        dirs.map((dataDir) => loadSettings(database.db, parseEnv({ DATA_DIR: dataDir }))),
      );
      expect(two!.tokenSecrets).toEqual(one!.tokenSecrets);
      for (const dir of dirs) await rm(dir, { recursive: true });
      await database.close();
    });

    for (const file of ["token-secret", "session-secret"]) {
      it(`adopts the token secret an older store kept in DATA_DIR/${file}, so its links keep working`, async () => {
        const database = await backend.open();
        const dataDir = await mkdtemp(join(tmpdir(), "store-settings-"));
        await writeFile(join(dataDir, file), "an-old-secret-of-at-least-32-characters\n");
        const settings = await loadSettings(database.db, parseEnv({ DATA_DIR: dataDir }));
        expect(settings.tokenSecrets).toEqual(["an-old-secret-of-at-least-32-characters"]);
        expect(await getSetting(database.db, "token_secret")).toBe("an-old-secret-of-at-least-32-characters");
        await rm(dataDir, { recursive: true });
        await database.close();
      });
    }

    it("lets the environment override generated values and set the admin password", async () => {
      const database = await backend.open();
      const env = parseEnv({
        DATA_DIR: "/nonexistent",
        ADMIN_PATH: "my-admin-path-0123456789",
        SUCCESS_PATH: "my-success-path-0123456789",
        ADMIN_PASSWORD: "a-long-admin-password",
        TOKEN_SECRET: "s".repeat(32),
      });
      const settings = await loadSettings(database.db, env);
      expect(settings).toMatchObject({
        adminPath: "my-admin-path-0123456789",
        successPath: "my-success-path-0123456789",
        tokenSecrets: ["s".repeat(32)],
      });
      expect(settings.generatedPassword).toBeUndefined();
      const hash = await getSetting(database.db, "admin_password_hash");
      expect(await verifyPassword("a-long-admin-password", hash!)).toBe(true);
      await database.close();
    });
  });
}

describe("migrations on PostgreSQL from two instances at once", () => {
  const backend = testBackends().find((b) => b.name === "postgres");
  afterAll(() => backend?.cleanup());

  it.runIf(!!backend)("both start; the schema is created once", async () => {
    const url = await backend!.freshUrl!();
    const [a, b] = await Promise.all([
      openDatabase({ url, dataDir: null }),
      openDatabase({ url, dataDir: null }),
    ]);
    const result = await a.db.execute<{ count: string }>(
      sql`select count(*) from drizzle.__drizzle_migrations`,
    );
    const journal = JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as {
      entries: unknown[];
    };
    expect(Number(result.rows[0]?.count)).toBe(journal.entries.length);
    await Promise.all([a.close(), b.close()]);
  });
});

describe("the embedded database on a small server (ADR 025)", () => {
  it("runs with 8 MB of shared buffers, on disk and in memory", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "store-db-"));
    for (const database of [await openDatabase({ dataDir }), await openDatabase({ dataDir: null })]) {
      const result = await database.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
      expect(result.rows[0]?.shared_buffers).toBe("8MB");
      await database.close();
    }
    await rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  it("starts a new database from the build's migrated copy, and never over one that exists", async () => {
    const work = await mkdtemp(join(tmpdir(), "store-db-"));
    const template = join(work, "fresh-database");
    await makeFreshDatabase(template);
    const templateFiles = await readdir(template, { recursive: true });
    const dataDir = join(work, "data");

    const first = await openDatabase({ dataDir, template });
    await first.db.execute(sql`insert into settings (key, value) values ('kept', 'yes')`);
    const migrations = await first.db.execute<{ count: string }>(
      sql`select count(*) from drizzle.__drizzle_migrations`,
    );
    const journal = JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as {
      entries: unknown[];
    };
    expect(Number(migrations.rows[0]?.count)).toBe(journal.entries.length);
    await first.close();

    const again = await openDatabase({ dataDir, template });
    const kept = await again.db.execute<{ value: string }>(
      sql`select value from settings where key = 'kept'`,
    );
    expect(kept.rows[0]?.value).toBe("yes");
    await again.close();
    // Copied, not moved: the next new store gets the same fresh database.
    expect(await readdir(template, { recursive: true })).toEqual(templateFiles);
    await rm(work, { recursive: true, force: true });
  }, 120_000);
});
