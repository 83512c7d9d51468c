/**
 * `npm run restore -- <dir> [--force] [--token-secret-file <path>]`: restores a backup made by
 * `npm run backup` into the store the environment names (DATA_DIR or DATABASE_URL, and the file
 * store), which must be empty unless `--force`; with the embedded database only while the store is
 * stopped. A backup made before the token secret moved into the database takes the old store's
 * secret file, so the links it sent keep working. Every checksum is checked before anything is
 * written (ADR 018). One line per part; exit code 1 and one line when it cannot.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "#app/lib/db/database.server.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import { readBackup, restoreBackup } from "#app/lib/ops/backup.server.ts";
import { exitOnRefusal } from "#app/lib/refusal.ts";
import { createFileStore } from "#app/lib/services.server.ts";

function usage(): never {
  console.error("Usage: npm run restore -- <backup directory> [--force] [--token-secret-file <path>]");
  process.exit(2);
}
const args = (() => {
  try {
    return parseArgs({
      options: { force: { type: "boolean" }, "token-secret-file": { type: "string" } },
      allowPositionals: true,
    });
  } catch {
    return usage();
  }
})();
const [dir, ...rest] = args.positionals;
if (!dir || rest.length > 0) usage();
const force = args.values.force === true;
const tokenSecretFile = args.values["token-secret-file"];
try {
  const env = parseEnv();
  const backup = await readBackup(dir);
  // A new embedded database is copied from the build's migrated one, as the store's first start
  // does, where there is a build: initdb would take the process to about 600 MB (ADR 025).
  const template = resolve(process.env.BUILD_DIR ?? "build", "server", "fresh-database");
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    template: existsSync(join(template, "PG_VERSION")) ? template : undefined,
  });
  try {
    for (const line of await restoreBackup(dir, backup, database, await createFileStore(env), {
      force,
      tokenSecretFile,
      tokenSecretSet: env.TOKEN_SECRET !== undefined,
    }))
      console.log(line);
  } finally {
    await database.close();
  }
} catch (error) {
  exitOnRefusal(error);
}
