/**
 * `npm run backup -- <dir>`: a consistent backup of the database and the product files into the
 * new or empty directory `<dir>`, while the store runs or not, with the store's environment
 * (ADR 018). One line per part; exit code 1 and one line when it cannot.
 */
import { parseEnv } from "#app/lib/env.server.ts";
import { prepareBackupDir, writeBackup } from "#app/lib/ops/backup.server.ts";
import { runStoreOperation } from "#app/lib/ops/store-operations.server.ts";
import { exitOnRefusal } from "#app/lib/refusal.ts";
import { createFileStore } from "#app/lib/services.server.ts";

const [dir, ...rest] = process.argv.slice(2);
if (!dir || rest.length > 0) {
  console.error("Usage: npm run backup -- <directory>");
  process.exit(2);
}
try {
  const env = parseEnv();
  await prepareBackupDir(dir);
  const { result: dump, kind } = await runStoreOperation(env, "dump", {});
  for (const line of await writeBackup(dir, dump, kind, await createFileStore(env))) console.log(line);
} catch (error) {
  exitOnRefusal(error);
}
