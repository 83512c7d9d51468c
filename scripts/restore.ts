/**
 * `npm run restore -- <dir> [--force]`: restores a backup made by `npm run backup` into the store
 * the environment names (DATA_DIR or DATABASE_URL, and the file store), which must be empty unless
 * `--force`; with the embedded database only while the store is stopped. Every checksum is checked
 * before anything is written (ADR 018). One line per part; exit code 1 and one line when it cannot.
 */
import { DatabaseInUseError, openDatabase } from "#app/lib/db/database.server.ts";
import { ConfigError, parseEnv } from "#app/lib/env.server.ts";
import { readBackup, restoreBackup } from "#app/lib/ops/backup.server.ts";
import { RestoreRefusedError } from "#app/lib/ops/database-dump.server.ts";
import { createFileStore } from "#app/lib/services.server.ts";

const args = process.argv.slice(2);
const force = args.includes("--force");
const [dir, ...rest] = args.filter((arg) => arg !== "--force");
if (!dir || rest.length > 0) {
  console.error("Usage: npm run restore -- <backup directory> [--force]");
  process.exit(2);
}
try {
  const env = parseEnv();
  const backup = await readBackup(dir);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    for (const line of await restoreBackup(dir, backup, database, await createFileStore(env), { force }))
      console.log(line);
  } finally {
    await database.close();
  }
} catch (error) {
  if (
    !(
      error instanceof ConfigError ||
      error instanceof DatabaseInUseError ||
      error instanceof RestoreRefusedError
    )
  )
    throw error;
  console.error(error.message);
  process.exit(1);
}
