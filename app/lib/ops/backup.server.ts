/**
 * `npm run backup` and `npm run restore` (ADR 018): a backup is a directory with the database's
 * tables as JSON Lines (`database/<table>.jsonl`), the product files the database refers to
 * (`files/<key>`), `manifest.json` (format, migrations, time, database kind, every file with its
 * size and SHA-256) and `SHA256SUMS` (the same checksums, for `sha256sum -c`). The manifest is
 * written last: a directory without one is not a backup.
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Database } from "#app/lib/db/database.server.ts";
import {
  checkRestorable,
  type DatabaseDump,
  RestoreRefusedError,
  restoreDatabase,
} from "#app/lib/ops/database-dump.server.ts";
import { keepDataPrivate, writePrivately } from "#app/lib/private-files.server.ts";
import { setSetting } from "#app/lib/settings.server.ts";
import { type FileStore, isValidKey } from "#app/lib/storage/file-store.ts";
import { STORE_VERSION } from "#app/lib/store-version.server.ts";

export const BACKUP_FORMAT = 1;

export interface BackupFile {
  /** Inside the backup directory, with "/" separators. */
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  /** The store's schema version: how many database migrations it had. */
  migrations: number;
  /** The version of the store that made it (absent in backups made before versions were named). */
  storeVersion?: string;
  createdAt: string;
  database: Database["kind"];
  files: BackupFile[];
}

const DATABASE_KIND = { pglite: "PGlite", postgres: "PostgreSQL" } as const;
const FILES_KIND = { local: "local disk", s3: "S3" } as const;

/** A product row's file, as the dump holds it (snake_case, as row_to_json names the columns). */
interface ProductFile {
  file_key: string;
  size: number;
  sha256: string;
}

const megabytes = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/** A pass-through stream that hashes and counts what goes through it. */
function hashing() {
  const hash = createHash("sha256");
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest("hex") }) };
}

function productFiles(dump: DatabaseDump): ProductFile[] {
  const rows = dump.tables.find((t) => t.name === "products")?.rows ?? [];
  return rows.map((row) => JSON.parse(row) as ProductFile);
}

const countOf = (dump: DatabaseDump, table: string) =>
  dump.tables.find((t) => t.name === table)?.rows.length ?? 0;

/** Makes `dir` for a backup, refusing one that holds anything (a backup is never mixed with another). */
export async function prepareBackupDir(dir: string): Promise<void> {
  // A backup holds every buyer's address and the admin password's hash: the store's user's alone.
  writePrivately();
  await mkdir(dir, { recursive: true });
  keepDataPrivate(dir);
  if ((await readdir(dir)).length > 0)
    throw new RestoreRefusedError(`${dir} is not empty: back up into a new directory.`);
}

/**
 * Writes `dump` and the product files it names (read from `files`, each checked against the
 * size and SHA-256 its product row records) into `dir`, made by `prepareBackupDir`.
 * Returns one line per part.
 */
export async function writeBackup(
  dir: string,
  dump: DatabaseDump,
  kind: Database["kind"],
  files: FileStore,
): Promise<string[]> {
  const written: BackupFile[] = [];
  const write = async (path: string, text: string) => {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
    written.push({
      path,
      size: Buffer.byteLength(text),
      sha256: createHash("sha256").update(text).digest("hex"),
    });
  };
  let rows = 0;
  for (const table of dump.tables) {
    await write(`database/${table.name}.jsonl`, table.rows.map((row) => `${row}\n`).join(""));
    rows += table.rows.length;
  }
  let bytes = 0;
  let copied = 0;
  // The store keeps only the current product's file (older uploads' files are swept): a row
  // whose file is gone is history, not damage.
  const products = productFiles(dump);
  for (const product of products) {
    if (!(await files.stat(product.file_key))) continue;
    const path = `files/${product.file_key}`;
    await mkdir(dirname(join(dir, path)), { recursive: true });
    const hashed = hashing();
    await pipeline(await files.get(product.file_key), hashed.stream, createWriteStream(join(dir, path)));
    const { size, sha256 } = hashed.result();
    if (size !== Number(product.size) || sha256 !== product.sha256) {
      throw new Error(
        `The product file ${product.file_key} does not match its checksum in the database (${size} bytes, sha256 ${sha256}): the file store holds a damaged copy.`,
      );
    }
    written.push({ path, size, sha256 });
    bytes += size;
    copied++;
  }
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    migrations: dump.migrations,
    storeVersion: STORE_VERSION,
    createdAt: new Date().toISOString(),
    database: kind,
    files: written,
  };
  await writeFile(join(dir, "SHA256SUMS"), written.map((f) => `${f.sha256}  ${f.path}\n`).join(""));
  await writeFile(join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return [
    `Database (${DATABASE_KIND[kind]}): ${dump.tables.length} tables, ${rows} rows (${countOf(dump, "orders")} orders), one consistent moment.`,
    `Files (${FILES_KIND[files.kind]}): ${copied} product files, ${megabytes(bytes)}, checksums verified${copied < products.length ? ` (${products.length - copied} earlier uploads' files are no longer kept by the store)` : ""}.`,
    `Backup written to ${dir} (manifest.json, SHA256SUMS).`,
  ];
}

/**
 * Reads the backup in `dir` after checking every file against the manifest (nothing is restored
 * from a backup with a missing, extra or damaged file). Returns the manifest and the dump.
 */
export async function readBackup(dir: string): Promise<{ manifest: Manifest; dump: DatabaseDump }> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8")) as Manifest;
    if (!Array.isArray(manifest.files)) throw new Error("no list of files");
  } catch {
    throw new RestoreRefusedError(`${dir} has no readable manifest.json: it is not a finished backup.`);
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new RestoreRefusedError(
      `${dir} has backup format ${manifest.format}; this store reads ${BACKUP_FORMAT}.`,
    );
  // Every path stays inside the backup: a table's rows or a product file under a key the file
  // stores accept. Nothing outside the directory is read, let alone restored.
  const outside = manifest.files.map((f) => f.path).filter((path) => !isBackupPath(path));
  if (outside.length > 0)
    throw new RestoreRefusedError(
      `The manifest of ${dir} names files that are not a backup's: ${outside.map((path) => JSON.stringify(path)).join(", ")}.`,
    );
  const listed = new Set(manifest.files.map((f) => f.path));
  const present = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((path) => path !== "manifest.json" && path !== "SHA256SUMS");
  const extra = present.filter((path) => !listed.has(path));
  if (extra.length > 0)
    throw new RestoreRefusedError(`${dir} holds files the manifest does not list: ${extra.join(", ")}.`);
  for (const file of manifest.files) {
    const hashed = hashing();
    try {
      await pipeline(createReadStream(join(dir, file.path)), hashed.stream.resume());
    } catch {
      throw new RestoreRefusedError(`${file.path} is missing from the backup.`);
    }
    const { size, sha256 } = hashed.result();
    if (size !== file.size || sha256 !== file.sha256)
      throw new RestoreRefusedError(
        `${file.path} does not match its checksum in the manifest: the backup is damaged.`,
      );
  }
  const tables: DatabaseDump["tables"] = [];
  for (const file of manifest.files.filter((f) => f.path.startsWith("database/"))) {
    const text = await readFile(join(dir, file.path), "utf8");
    tables.push({
      name: file.path.slice("database/".length, -".jsonl".length),
      rows: text.split("\n").filter((line) => line !== ""),
    });
  }
  const dump = { migrations: manifest.migrations, storeVersion: manifest.storeVersion, tables };
  // A product whose file key the file stores refuse would restore, then fail every download.
  const badKeys = productFiles(dump)
    .map((product) => product.file_key)
    .filter((key) => typeof key !== "string" || !isValidKey(key));
  if (badKeys.length > 0)
    throw new RestoreRefusedError(
      `The backup's products name files no store can hold: ${badKeys.map((key) => JSON.stringify(key)).join(", ")}.`,
    );
  return { manifest, dump };
}

/** A path a backup writes: `database/<table>.jsonl` or `files/<key>`. */
const isBackupPath = (path: unknown) =>
  typeof path === "string" &&
  (/^database\/[a-z_]+\.jsonl$/.test(path) ||
    (path.startsWith("files/") && isValidKey(path.slice("files/".length))));

/**
 * Restores a checked backup: the product files into `files` first (an unreferenced file is
 * harmless: the store sweeps it), then the database in one transaction. A file store or database
 * that already holds data is refused, before anything is written, unless `force`. Returns one
 * line per part.
 */
/** Whether the dump holds the generated token secret (backups made before version 1.0.0 may not). */
function carriesTokenSecret(dump: DatabaseDump): boolean {
  const settings = dump.tables.find((table) => table.name === "settings");
  return settings?.rows.some((row) => (JSON.parse(row) as { key: string }).key === "token_secret") ?? false;
}

/**
 * The old store's token secret from `path` (its `DATA_DIR/token-secret`), for a backup that does not
 * carry one; refused for a backup that does, which would then sign with two.
 */
async function tokenSecretFrom(path: string, dump: DatabaseDump): Promise<string> {
  if (carriesTokenSecret(dump))
    throw new RestoreRefusedError(
      "The backup carries its own token secret: --token-secret-file is only for backups made without one.",
    );
  const secret = await readFile(path, "utf8").then(
    (text) => text.trim(),
    (error: NodeJS.ErrnoException) => {
      throw new RestoreRefusedError(`Cannot read the token secret file ${path} (${error.code}).`);
    },
  );
  if (secret.length < 16 || /\s/.test(secret))
    throw new RestoreRefusedError(
      `${path} does not hold a token secret (one line of at least 16 characters).`,
    );
  return secret;
}

export async function restoreBackup(
  dir: string,
  backup: { manifest: Manifest; dump: DatabaseDump },
  database: Database,
  files: FileStore,
  options: {
    force: boolean;
    tokenSecretFile?: string;
    /** TOKEN_SECRET is set where the store is restored: it signs, whatever the backup carries. */
    tokenSecretSet?: boolean;
  },
): Promise<string[]> {
  const tokenSecret =
    options.tokenSecretFile === undefined
      ? null
      : await tokenSecretFrom(options.tokenSecretFile, backup.dump);
  await checkRestorable(database.db, backup.dump, options);
  const held = await files.list();
  if (held.length > 0 && !options.force) {
    throw new RestoreRefusedError(
      `The file store (${FILES_KIND[files.kind]}) is not empty (${held.length} files): restore into an empty one, or add --force to replace what it holds.`,
    );
  }
  const stored = backup.manifest.files.filter((f) => f.path.startsWith("files/"));
  for (const file of stored) {
    await files.put(createReadStream(join(dir, file.path)), { key: file.path.slice("files/".length) });
  }
  const bytes = stored.reduce((sum, f) => sum + f.size, 0);
  const { written, keptSent } = await restoreDatabase(database.db, backup.dump, options);
  if (tokenSecret) await setSetting(database.db, "token_secret", tokenSecret);
  const rows = Object.values(written).reduce((a, b) => a + b, 0);
  return [
    `Checked ${backup.manifest.files.length} files of the backup made ${backup.manifest.createdAt} (${DATABASE_KIND[backup.manifest.database]}): all match their checksums.`,
    `Files (${FILES_KIND[files.kind]}): ${stored.length} product files restored, ${megabytes(bytes)}.`,
    `Database (${DATABASE_KIND[database.kind]}): ${rows} rows restored into ${Object.keys(written).length} tables (${written.orders ?? 0} orders).`,
    ...(keptSent > 0
      ? [`E-mails: ${keptSent} queued in the backup and sent since are kept as sent, not sent again.`]
      : []),
    ...(tokenSecret
      ? [`Token secret: taken from ${options.tokenSecretFile}; the links the store sent keep working.`]
      : carriesTokenSecret(backup.dump) || options.tokenSecretSet
        ? []
        : [
            "Warning: the backup carries no token secret (it was made before version 1.0.0). Unless DATA_DIR holds the old store's token-secret file, the links in the e-mails the store sent (download, unsubscribe, review) will not work: restore again with --force --token-secret-file <the old DATA_DIR>/token-secret.",
          ]),
  ];
}
