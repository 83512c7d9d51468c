/**
 * The data directory is the store's user's alone (ADR 035): it holds the database, the
 * mail (with lifetime links) and the product files, and backups hold every buyer's address and the
 * admin password's hash. Files are written 0600 and directories 0700 (a umask for this process),
 * and what exists is checked and corrected: PGlite gives its files 0666 whatever the umask, and a
 * data directory from an older store may be open to every local user.
 */
import { chmodSync, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** Group and others get nothing. */
const PRIVATE_UMASK = 0o077;

/** Makes every file and directory this process creates from now on private to its user. */
export function writePrivately(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Writes privately from now on, and takes group and other permissions off `dataDir` and everything
 * under it, if it exists (directories 0700, files 0600; symbolic links are left alone, so nothing
 * outside is touched). Returns how many it corrected.
 */
export function keepDataPrivate(dataDir: string): number {
  writePrivately();
  let corrected = 0;
  const visit = (path: string) => {
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (!stats || stats.isSymbolicLink()) return;
    if ((stats.mode & PRIVATE_UMASK) !== 0) {
      chmodSync(path, stats.isDirectory() ? 0o700 : stats.mode & 0o700);
      corrected++;
    }
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dataDir);
  return corrected;
}
