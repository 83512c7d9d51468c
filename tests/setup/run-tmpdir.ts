import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The global setup of Vitest and Playwright, also called by `npm run bench`: the run's temporary
 * files (data directories, ZIP fixtures, PostgreSQL clusters, Chromium profiles, the files of a
 * store killed mid-test) all go under one directory, removed when the run ends. The test processes
 * and every process they start are created after this and inherit TMPDIR, which `os.tmpdir()` and
 * Chromium follow. Returns the function that removes the directory (the global teardown).
 */
export default function makeRunTmpdir(): () => void {
  const dir = mkdtempSync(join(tmpdir(), "store-test-run-"));
  // PostgreSQL runs as its own user and makes its clusters under it (own-postgres.ts).
  chmodSync(dir, 0o755);
  process.env.TMPDIR = dir;
  return () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
