import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { unsubscribeAddress, unsubscribeUrl } from "#app/lib/mail/unsubscribe.server.ts";
import { readBackup, restoreBackup, writeBackup } from "#app/lib/ops/backup.server.ts";
import { type DatabaseDump, dumpDatabase } from "#app/lib/ops/database-dump.server.ts";
import { testBackends } from "../setup/databases.ts";
import { openData, openStore, storeEnv } from "../setup/ops-store.ts";

const BUYER = "buyer@example.com";

for (const backend of testBackends()) {
  describe(`a backup made without the token secret, restored on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    /** A store's env with a generated token secret (kept in the database), not TOKEN_SECRET. */
    async function generatedSecretEnv() {
      const { TOKEN_SECRET: _, ...env } = await storeEnv(backend);
      return env;
    }

    /**
     * A backup of a store whose e-mails carry an unsubscribe link, as a version before 1.0.0 wrote
     * it (the secret in DATA_DIR/token-secret, not in the database), and that secret's file.
     */
    async function olderBackup() {
      const source = await openStore(await generatedSecretEnv());
      const [secret] = source.settings.tokenSecrets;
      const link = unsubscribeUrl({ publicUrl: "https://shop.test" }, [secret!], BUYER);
      const dump = await dumpDatabase(source.database.db);
      const withoutSecret: DatabaseDump = {
        ...dump,
        tables: dump.tables.map((table) =>
          table.name === "settings"
            ? { ...table, rows: table.rows.filter((row) => JSON.parse(row).key !== "token_secret") }
            : table,
        ),
      };
      const dir = await mkdtemp(join(tmpdir(), "older-backup-"));
      await writeBackup(dir, withoutSecret, source.database.kind, source.files);
      await source.database.close();
      const secretFile = join(await mkdtemp(join(tmpdir(), "old-data-")), "token-secret");
      await writeFile(secretFile, `${secret}\n`);
      return { dir, link, secretFile };
    }

    async function restore(dir: string, tokenSecretFile?: string) {
      const env = await generatedSecretEnv();
      const target = await openData(env);
      try {
        const lines = await restoreBackup(dir, await readBackup(dir), target.database, target.files, {
          force: false,
          tokenSecretFile,
        });
        return { env, lines };
      } finally {
        await target.close();
      }
    }

    async function linkWorksOn(env: Record<string, string>, link: string) {
      const store = await openStore(env);
      try {
        return unsubscribeAddress(store.settings.tokenSecrets, link.split("/").pop()!) === BUYER;
      } finally {
        await store.database.close();
      }
    }

    it("takes the old store's secret file, and the links of the e-mails it sent work", async () => {
      const { dir, link, secretFile } = await olderBackup();
      const { env, lines } = await restore(dir, secretFile);
      expect(lines.at(-1)).toBe(
        `Token secret: taken from ${secretFile}; the links the store sent keep working.`,
      );
      expect(await linkWorksOn(env, link)).toBe(true);
    }, 120_000);

    it("without the file says the links will not work and how to give it", async () => {
      const { dir, link } = await olderBackup();
      const { env, lines } = await restore(dir);
      expect(lines.at(-1)).toMatch(
        /^Warning: the backup carries no token secret .* restore again with --force --token-secret-file <the old DATA_DIR>\/token-secret\.$/,
      );
      expect(await linkWorksOn(env, link)).toBe(false);
    }, 120_000);

    it("refuses a secret file for a backup that carries its own, and an empty file, writing nothing", async () => {
      const source = await openStore(await generatedSecretEnv());
      const dir = await mkdtemp(join(tmpdir(), "current-backup-"));
      await writeBackup(dir, await dumpDatabase(source.database.db), source.database.kind, source.files);
      await source.database.close();
      const file = join(await mkdtemp(join(tmpdir(), "old-data-")), "token-secret");
      await writeFile(file, "s".repeat(40));
      await expect(restore(dir, file)).rejects.toThrow(
        "The backup carries its own token secret: --token-secret-file is only for backups made without one.",
      );
      const { dir: older } = await olderBackup();
      await writeFile(file, "\n");
      await expect(restore(older, file)).rejects.toThrow(/does not hold a token secret/);
      await expect(restore(older, `${file}-missing`)).rejects.toThrow(
        /Cannot read the token secret file .* \(ENOENT\)\./,
      );
    }, 120_000);
  });
}
