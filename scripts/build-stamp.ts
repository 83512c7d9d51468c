/**
 * The build's stamp: a SHA-256 of everything the build reads (the sources, the lockfile, the build
 * configuration and the Node version), kept in build/sources.sha256. `npm run build` takes the
 * fingerprint before it builds and writes it after (a file edited during the build leaves the
 * build stale); `npm start` rebuilds only when `check` says the sources changed, so a restart
 * serves in seconds instead of rebuilding for minutes.
 *
 *   node scripts/build-stamp.ts fingerprint      prints the sources' fingerprint
 *   node scripts/build-stamp.ts write <digest>   after a build, the fingerprint taken before it
 *   node scripts/build-stamp.ts check            exit 0 when the build is current, 1 when it must be made
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

/** What the build reads, relative to the project's root: folders walked whole, and single files. */
const BUILD_INPUTS = [
  "app",
  "server",
  "scripts",
  "db",
  "public",
  "package.json",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
];

export const STAMP_FILE = join("build", "sources.sha256");

/** `input` itself when it is a file, every file under it when it is a folder, none when it is absent. */
function filesOf(root: string, input: string): string[] {
  const full = join(root, input);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [input];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** The fingerprint of the build's inputs under `root`: file names and contents, in a stable order. */
export function sourcesFingerprint(root: string): string {
  const hash = createHash("sha256").update(`node ${process.version}\n`);
  const files = BUILD_INPUTS.flatMap((input) => filesOf(root, input)).sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** True when `root`'s build was made from the sources as they are now. */
export function buildIsCurrent(root: string): boolean {
  const stamp = join(root, STAMP_FILE);
  if (!existsSync(stamp) || !existsSync(join(root, "build", "server", "start.js"))) return false;
  return readFileSync(stamp, "utf8").trim() === sourcesFingerprint(root);
}

if (import.meta.main) {
  const root = process.cwd();
  const command = process.argv[2];
  const digest = process.argv[3];
  if (command === "fingerprint") {
    console.log(sourcesFingerprint(root));
  } else if (command === "write" && digest && /^[0-9a-f]{64}$/.test(digest)) {
    writeFileSync(join(root, STAMP_FILE), `${digest}\n`);
  } else if (command === "check") {
    const current = buildIsCurrent(root);
    console.log(
      current
        ? "The build is current (no source changed since it was made): starting it."
        : "Building the store (the sources changed since the last build, or there is none yet; about 2 minutes the first time)…",
    );
    process.exit(current ? 0 : 1);
  } else {
    console.error("usage: node scripts/build-stamp.ts fingerprint | write <digest> | check");
    process.exit(2);
  }
}
