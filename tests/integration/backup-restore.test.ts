import { createHash } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "#app/lib/db/database.server.ts";
import { type Manifest, readBackup } from "#app/lib/ops/backup.server.ts";
import { type DatabaseDump, dumpDatabase, tablesInOrder } from "#app/lib/ops/database-dump.server.ts";
import { startS3 } from "../mocks/s3.ts";
import { testBackends } from "../setup/databases.ts";
import {
  fillBooks,
  fillStore,
  openData,
  openStore,
  runScript,
  type StoreData,
  storeEnv,
} from "../setup/ops-store.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { startServer } from "../setup/server.ts";

/** Every table's rows, each table sorted, so two copies of the same data compare equal. */
function sorted(dump: DatabaseDump) {
  return Object.fromEntries(
    dump.tables.map((t) => [
      t.name,
      t.rows
        .map((row) => JSON.parse(row) as Record<string, unknown>)
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ]),
  );
}

const contents = async (store: StoreData) => sorted(await dumpDatabase(store.database.db));

/** Every product file's bytes, by key. */
async function productFiles(services: StoreData) {
  const files: Record<string, Buffer> = {};
  for (const object of await services.files.list()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await services.files.get(object.key)) chunks.push(chunk as Buffer);
    files[object.key] = Buffer.concat(chunks);
  }
  return files;
}

const newDir = async () => join(await mkdtemp(join(tmpdir(), "store-backup-")), "backup");

/** How many migrations this version of the store has. */
const MIGRATIONS = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).length;

/**
 * A backup made by the store when it had 4 migrations (`npm run backup` of fillStore's shop on
 * PGlite), kept as it was written. Every later version must restore it: an owner upgrades the
 * store, then needs last week's backup.
 */
const OLDER_BACKUP = resolve("tests/fixtures/backup-4-migrations");

/** A copy of OLDER_BACKUP to alter, in a new directory. */
async function copyOfOlderBackup() {
  const dir = await newDir();
  await cp(OLDER_BACKUP, dir, { recursive: true });
  return dir;
}

/** The store on `env` holds no product file and no order: a refused restore wrote nothing. */
async function expectNothingRestored(env: Record<string, string>) {
  const untouched = await openData(env);
  try {
    expect(await untouched.files.list()).toEqual([]);
    expect((await contents(untouched)).orders).toEqual([]);
  } finally {
    await untouched.close();
  }
}

/** The built store starts on `env` and says it is ready (its migrations found nothing amiss). */
async function expectStoreReady(env: Record<string, string>) {
  const server = await startServer(env);
  try {
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  } finally {
    await server.stop();
  }
}

/**
 * Issue 14, item 6: `npm run backup` beside the running store (PGlite through the store's socket,
 * PostgreSQL directly), local disk and S3; `npm run restore` into an empty store gives back every
 * row and every file byte for byte; a non-empty target and a damaged backup are refused.
 */
for (const backend of testBackends()) {
  for (const files of ["local", "s3"] as const) {
    describe(`backup and restore on ${backend.name}, files on ${files}`, () => {
      afterAll(() => backend.cleanup());

      it("round-trips a store with orders in every status, e-mails, downloads, links, refund requests, an invoice and its credit note, and a product", async () => {
        const s3 = files === "s3" ? await startS3("source") : null;
        const target3 = files === "s3" ? await startS3("target") : null;
        try {
          const source = await storeEnv(backend, s3?.env);
          const filled = await openStore(source);
          const seeded = await fillStore(filled);
          await fillBooks(filled, seeded.orders[2]!.id);
          await filled.close();

          const server = await startServer(source);
          const dir = await newDir();
          let backup: Awaited<ReturnType<typeof runScript>>;
          try {
            backup = await runScript("backup", [dir], source);
          } finally {
            await server.stop();
          }
          expect(backup.stderr).toBe("");
          expect(backup.code).toBe(0);
          const kind = backend.name === "pglite" ? "PGlite" : "PostgreSQL";
          expect(backup.stdout.trim().split("\n")).toEqual([
            `Database (${kind}): ${tablesInOrder().length} tables, ${backup.stdout.match(/(\d+) rows/)![1]} rows (7 orders), one consistent moment.`,
            `Files (${files === "s3" ? "S3" : "local disk"}): 1 product files, ${(seeded.bytes.length / 1024 ** 2).toFixed(1)} MB, checksums verified.`,
            `Backup written to ${dir} (manifest.json, SHA256SUMS).`,
          ]);
          const manifest = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8"));
          expect(manifest).toMatchObject({ format: 1, migrations: MIGRATIONS, database: backend.name });
          expect(manifest.files).toContainEqual({
            path: `files/${seeded.product.fileKey}`,
            size: seeded.bytes.length,
            sha256: seeded.product.sha256,
          });
          expect(await readFile(join(dir, "SHA256SUMS"), "utf8")).toContain(
            `${seeded.product.sha256}  files/${seeded.product.fileKey}\n`,
          );

          const target = await storeEnv(backend, target3?.env);
          const restored = await runScript("restore", [dir], target);
          expect(restored.stderr).toBe("");
          expect(restored.code).toBe(0);
          expect(restored.stdout.trim().split("\n")).toHaveLength(3);
          expect(restored.stdout).toContain("all match their checksums");
          expect(restored.stdout).toContain(`rows restored into ${tablesInOrder().length} tables (7 orders)`);

          // The store went on (its outbox worker) after the backup: the restore must equal the backup's moment.
          const backedUp = sorted((await readBackup(dir)).dump);
          expect(backedUp.orders).toHaveLength(7);
          expect(new Set(backedUp.orders!.map((o) => o.status)).size).toBe(7);
          expect(backedUp.email_outbox).toHaveLength(6);
          // The credit note comes after the invoice it names, so the restore writes that first.
          const dumped = (await readBackup(dir)).dump.tables.find((t) => t.name === "invoices")!;
          expect(dumped.rows.map((row) => JSON.parse(row)).map((i) => [i.kind, i.number])).toEqual([
            ["invoice", 1],
            ["credit-note", 2],
          ]);
          expect(backedUp.downloads).toHaveLength(6);
          expect(backedUp.access_links).toHaveLength(3);
          expect(backedUp.refund_requests).toHaveLength(2);
          expect(backedUp.settings!.length).toBeGreaterThan(0);
          const [from, to] = [await openData(source), await openData(target)];
          try {
            expect(await contents(to)).toEqual(backedUp);
            const restoredFiles = await productFiles(to);
            expect(restoredFiles).toEqual(await productFiles(from));
            expect(restoredFiles[seeded.product.fileKey]!.equals(seeded.bytes)).toBe(true);
            // The restored store goes on numbering where the original stopped.
            const next = await to.database.db.execute<{ n: number }>(
              "select nextval(pg_get_serial_sequence('orders', 'number'))::int as n",
            );
            expect(next.rows[0]!.n).toBe(1008);
          } finally {
            await from.close();
            await to.close();
          }

          // A second restore into the same, now full, store is refused without touching it ...
          const refused = await runScript("restore", [dir], target);
          expect(refused.code).toBe(1);
          expect(refused.stderr.trim().split("\n")).toHaveLength(1);
          expect(refused.stderr).toMatch(/is not empty .*add --force to replace what it holds\.$/m);
          // ... and replaces it when told.
          const forced = await runScript("restore", [dir, "--force"], target);
          expect(forced.stderr).toBe("");
          expect(forced.code).toBe(0);

          const postgres = testBackends()[1];
          if (backend.name === "pglite" && files === "local" && postgres) {
            // The backup is logical: an embedded store moves to PostgreSQL with it.
            const onPostgres = await storeEnv(postgres);
            const moved = await runScript("restore", [dir], onPostgres);
            expect(moved.stderr).toBe("");
            expect(moved.stdout).toContain("Database (PostgreSQL): ");
            const to2 = await openData(onPostgres);
            try {
              expect(await contents(to2)).toEqual(backedUp);
            } finally {
              await to2.close();
              await postgres.cleanup();
            }
          }
        } finally {
          await s3?.close();
          await target3?.close();
        }
      }, 400_000);
    });
  }
}

for (const backend of testBackends()) {
  describe(`a backup made by an earlier version, restored on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("is written into the schema it was made with, then upgraded, and the store runs on it", async () => {
      const older = await readBackup(OLDER_BACKUP);
      expect(older.manifest.migrations).toBe(4);
      expect(MIGRATIONS).toBeGreaterThan(4);
      const target = await storeEnv(backend);
      const restored = await runScript("restore", [OLDER_BACKUP], target);
      expect(restored.stderr).toBe("");
      expect(restored.code).toBe(0);
      expect(restored.stdout).toMatch(/rows restored into 14 tables \(7 orders\)/);

      const to = await openData(target);
      try {
        const now = await contents(to);
        for (const [table, rows] of Object.entries(sorted(older.dump))) {
          expect(now[table], table).toEqual(rows.map((row) => expect.objectContaining(row)));
        }
        const schema = await to.database.db.execute<{ migrations: number; index: string | null }>(`
          select (select count(*) from drizzle.__drizzle_migrations)::int as migrations,
            (select indexname from pg_indexes where indexname = 'email_outbox_order') as index`);
        expect(schema.rows[0]).toEqual({ migrations: MIGRATIONS, index: "email_outbox_order" });
        const next = await to.database.db.execute<{ n: number }>(
          "select nextval(pg_get_serial_sequence('orders', 'number'))::int as n",
        );
        expect(next.rows[0]!.n).toBe(1008);
      } finally {
        await to.close();
      }
      // The store starts on it: its own migrations find nothing left to do.
      await expectStoreReady(target);
    }, 300_000);

    it("made by a newer version is refused, and nothing is written", async () => {
      const dir = await copyOfOlderBackup();
      const manifest = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8"));
      await writeFile(join(dir, "manifest.json"), JSON.stringify({ ...manifest, migrations: 99 }));
      const target = await storeEnv(backend);
      const refused = await runScript("restore", [dir], target);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        `The backup was made by another version of the store with 99 database migrations; this is version ${JSON.parse(await readFile("package.json", "utf8")).version}, which knows ${MIGRATIONS}: restore it with the version that made it, or a newer one.\n`,
      );
      await expectNothingRestored(target);
    }, 120_000);

    it("whose rows do not fit is refused in one line, and the store starts on the empty database left", async () => {
      const dir = await copyOfOlderBackup();
      // An order with a status no version has, and a manifest that vouches for it.
      const path = "database/orders.jsonl";
      const [first, ...others] = (await readFile(join(dir, path), "utf8")).trimEnd().split("\n");
      const text = `${[JSON.stringify({ ...JSON.parse(first!), status: "bogus" }), ...others].join("\n")}\n`;
      await writeFile(join(dir, path), text);
      const manifest = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8")) as Manifest;
      const listed = manifest.files.find((f) => f.path === path)!;
      Object.assign(listed, {
        size: Buffer.byteLength(text),
        sha256: createHash("sha256").update(text).digest("hex"),
      });
      await writeFile(join(dir, "manifest.json"), JSON.stringify(manifest));

      const target = await storeEnv(backend);
      const refused = await runScript("restore", [dir], target);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        `The backup's orders rows do not fit the database: invalid input value for enum order_status: "bogus".\n`,
      );
      await expectStoreReady(target);
      const left = await openData(target);
      try {
        expect((await contents(left)).orders).toEqual([]);
      } finally {
        await left.close();
      }
    }, 120_000);
  });
}

describe("a damaged or unfinished backup", () => {
  const backend = testBackends()[0]!;

  it("is refused before anything is restored, naming the file", async () => {
    const source = await storeEnv(backend);
    const filled = await openStore(source);
    const { product } = await fillStore(filled);
    await filled.close();
    const dir = await newDir();
    expect((await runScript("backup", [dir], source)).code).toBe(0);
    // Backing up into a directory that holds something is refused.
    const again = await runScript("backup", [dir], source);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`${dir} is not empty: back up into a new directory.\n`);

    const file = join(dir, "files", product.fileKey);
    const bytes = await readFile(file);
    bytes[100] = bytes[100]! ^ 0xff;
    await writeFile(file, bytes);
    const target = await storeEnv(backend);
    const damaged = await runScript("restore", [dir], target);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toBe(
      `files/${product.fileKey} does not match its checksum in the manifest: the backup is damaged.\n`,
    );
    await expectNothingRestored(target);

    await writeFile(join(dir, "manifest.json"), "{");
    const unfinished = await runScript("restore", [dir], target);
    expect(unfinished.stderr).toBe(`${dir} has no readable manifest.json: it is not a finished backup.\n`);
  }, 300_000);
});

/** Writes `text` at `path` in the backup `dir` and makes its manifest vouch for it, as a forger would. */
async function forge(dir: string, path: string, text: string) {
  await writeFile(join(dir, path), text);
  const manifest = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8")) as Manifest;
  const entry = {
    path,
    size: Buffer.byteLength(text),
    sha256: createHash("sha256").update(text).digest("hex"),
  };
  const listed = manifest.files.findIndex((f) => f.path === path);
  if (listed === -1) manifest.files.push(entry);
  else manifest.files[listed] = entry;
  await writeFile(join(dir, "manifest.json"), JSON.stringify(manifest));
}

describe("a crafted backup", () => {
  const backend = testBackends()[0]!;

  it("naming files outside it is refused in one line, before anything is read or written", async () => {
    const dir = await copyOfOlderBackup();
    // Beside the backup directory: read and verified there, then restored, before.
    await forge(dir, "files/../../outside.zip", "not the store's");
    const target = await storeEnv(backend);
    const refused = await runScript("restore", [dir], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `The manifest of ${dir} names files that are not a backup's: "files/../../outside.zip".\n`,
    );
    await expectNothingRestored(target);
  }, 120_000);

  it("whose product names a file outside the store is refused, and nothing is written", async () => {
    const dir = await copyOfOlderBackup();
    const path = "database/products.jsonl";
    const [product] = (await readFile(join(dir, path), "utf8")).trimEnd().split("\n");
    await forge(dir, path, `${JSON.stringify({ ...JSON.parse(product!), file_key: "../../outside.zip" })}\n`);
    const target = await storeEnv(backend);
    const refused = await runScript("restore", [dir], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`The backup's products name files no store can hold: "../../outside.zip".\n`);
    await expectNothingRestored(target);
  }, 120_000);

  it("leaves a store that is not ready while the product on sale has no file", async () => {
    const env = await storeEnv(backend);
    const store = await openStore(env);
    const { product } = await seedProduct(store);
    await store.close();
    await expectStoreReady(env);
    await rm(join(env.DATA_DIR!, "files", product.fileKey));
    const server = await startServer(env);
    try {
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: "unavailable", failing: ["product"] });
    } finally {
      await server.stop();
    }
  }, 120_000);
});

/**
 * A backup taken while buyers check out and pay is one moment of the store: every row's order is
 * in it, and each paid order has exactly its access link and its delivery e-mail, which the
 * payment writes in one transaction (tables read at different moments would disagree).
 */
for (const backend of testBackends()) {
  describe(`a backup while checkouts run on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("holds together: foreign keys hold and the counts match one moment", async () => {
      const env = await storeEnv(backend, { TRUST_PROXY: "1" });
      const filled = await openStore(env);
      await seedProduct(filled);
      await filled.close();
      const server = await startServer(env);
      let running = true;
      let next = 0;
      let paid = 0;
      const buyer = async () => {
        while (running) {
          const i = next++;
          const ordered = await fetch(`${server.url}/checkout`, {
            method: "POST",
            body: new URLSearchParams({ intent: "buy", email: `loop${i}@example.com`, consent: "on" }),
            // Each buyer from a network of its own, as many buyers are (the checkout limits per network).
            headers: { origin: server.url, "x-forwarded-for": `10.${i % 250}.0.1` },
            redirect: "manual",
          });
          expect(ordered.status).toBe(303);
          // The store's own address in the Location is PUBLIC_URL's host: post to the one the Origin names.
          const payPage = new URL(new URL(ordered.headers.get("location")!).pathname, server.url);
          const payment = await fetch(payPage, {
            method: "POST",
            body: new URLSearchParams({ intent: "pay" }),
            headers: { origin: server.url },
            redirect: "manual",
          });
          expect(payment.status).toBe(303);
          paid++;
        }
      };
      const dir = await newDir();
      let backup: Awaited<ReturnType<typeof runScript>>;
      try {
        let failed: unknown = null;
        const buyers = [buyer(), buyer()].map((b) =>
          b.catch((error: unknown) => {
            failed = error;
          }),
        );
        while (paid < 3 && !failed) await new Promise((r) => setTimeout(r, 50));
        if (failed) throw failed;
        backup = await runScript("backup", [dir], env);
        running = false;
        await Promise.all(buyers);
        if (failed) throw failed;
      } finally {
        running = false;
        await server.stop();
      }
      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);

      const { dump } = await readBackup(dir);
      const rows = (name: string) =>
        dump.tables
          .find((t) => t.name === name)!
          .rows.map((row) => JSON.parse(row) as Record<string, string>);
      const orderIds = new Set(rows("orders").map((o) => o.id));
      for (const table of [
        "downloads",
        "email_outbox",
        "access_links",
        "refund_requests",
        "download_confirmations",
      ])
        for (const row of rows(table)) if (row.order_id) expect(orderIds.has(row.order_id)).toBe(true);
      const paidIds = rows("orders")
        .filter((o) => o.status === "paid")
        .map((o) => o.id)
        .sort();
      expect(paidIds.length).toBeGreaterThanOrEqual(3);
      expect(
        rows("access_links")
          .map((l) => l.order_id)
          .sort(),
      ).toEqual(paidIds);
      expect(
        rows("email_outbox")
          .filter((m) => m.template === "delivery")
          .map((m) => m.order_id)
          .sort(),
      ).toEqual(paidIds);
    }, 400_000);
  });
}
