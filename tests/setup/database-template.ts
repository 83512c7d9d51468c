import { join } from "node:path";
import { makeFreshDatabase } from "#app/lib/db/database.server.ts";

/**
 * Vitest's global setup, after run-tmpdir.ts: one migrated embedded database for the whole run,
 * which every test's PGlite store copies as the store's first start copies the build's
 * (openDatabase's `template`). A copy opens in about a tenth of the time initdb and the migrations take.
 */
export default async function makeDatabaseTemplate(): Promise<void> {
  const dir = join(process.env.TMPDIR!, "fresh-database");
  await makeFreshDatabase(dir);
  process.env.TEST_DATABASE_TEMPLATE = dir;
}
