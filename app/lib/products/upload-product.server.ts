import { createHash } from "node:crypto";
import { PassThrough, type Readable, Transform } from "node:stream";
import { eq, sql } from "drizzle-orm";
import yauzl from "yauzl";
import { AppError } from "#app/lib/app-error.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import type { Product } from "#app/lib/products/get-current-product.server.ts";
import type { ProductDetails } from "#app/lib/products/product-details.ts";
import type { Services } from "#app/lib/services.server.ts";
import type { FileStore } from "#app/lib/storage/file-store.ts";
import { products } from "#db/schema.ts";

export const MAX_ZIP_ENTRIES = 10_000;
const PRODUCT_KEY = { prefix: "products/toolkit-", extension: ".zip" };
/** Any constant: the same for every instance, so uploads become current one at a time. */
const MAKE_CURRENT_LOCK = 4_700_4700;

/** Lets yauzl read byte ranges of a stored file, so only the ZIP's directory is fetched (from disk or S3). */
class StoreReader extends yauzl.RandomAccessReader {
  private readonly store: FileStore;
  private readonly key: string;
  constructor(store: FileStore, key: string) {
    super();
    this.store = store;
    this.key = key;
  }
  override _readStreamForRange(start: number, end: number) {
    const out = new PassThrough();
    if (end <= start) {
      out.end();
      return out;
    }
    this.store
      .get(this.key, { start, end: end - 1 })
      .then((stream) => stream.pipe(out))
      .catch((error: Error) => out.destroy(error));
    return out;
  }
}

/** Reads the ZIP's central directory: it must open, list at most 10,000 entries, none absolute, climbing (`..`) or a symlink. */
function inspectZip(store: FileStore, key: string, size: number): Promise<{ entries: number }> {
  return new Promise((resolve, reject) => {
    const reader = new StoreReader(store, key);
    yauzl.fromRandomAccessReader(reader, size, { lazyEntries: true, autoClose: true }, (openError, zip) => {
      if (openError || !zip) return reject(new AppError("ZIP_INVALID", "Not a ZIP archive"));
      if (zip.entryCount > MAX_ZIP_ENTRIES) {
        zip.close();
        return reject(new AppError("ZIP_TOO_MANY_ENTRIES", `${zip.entryCount} entries`));
      }
      let entries = 0;
      const fail = (error: AppError) => {
        zip.close();
        reject(error);
      };
      zip.on("error", (error: Error) => {
        // yauzl refuses absolute and climbing names itself, naming the entry in its message.
        const name = error.message.match(/: (.*)$/)?.[1] ?? "";
        fail(
          /absolute path|invalid relative path/.test(error.message)
            ? new AppError("ZIP_UNSAFE_ENTRY", error.message, { detail: name })
            : new AppError("ZIP_INVALID", error.message),
        );
      });
      zip.on("entry", (entry: yauzl.Entry) => {
        entries++;
        const name = entry.fileName;
        const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
        if (mode === 0o120000) return fail(new AppError("ZIP_SYMLINK", "Symlink entry", { detail: name }));
        if (/^([/\\]|[A-Za-z]:)/.test(name) || name.split(/[/\\]/).includes("..")) {
          return fail(new AppError("ZIP_UNSAFE_ENTRY", "Unsafe entry name", { detail: name }));
        }
        zip.readEntry();
      });
      zip.on("end", () => resolve({ entries }));
      zip.readEntry();
    });
  });
}

const FULL_CODES = new Set(["ENOSPC", "EDQUOT"]);
/** The store's own side failing: read-only, denied, or an object store that cannot be reached. */
const UNWRITABLE_CODES = new Set(["EROFS", "EACCES", "EPERM", "ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH"]);

/**
 * Whether a failed write is the file store's fault (full, or not writable) rather than the upload
 * arriving cut off: a disk's errno, or an S3 service error (the SDK's `$metadata`) or transport
 * failure, anywhere in the error's causes. A client that goes away shows as ECONNRESET/aborted.
 */
function storageRefusal(error: unknown, depth = 0): "STORAGE_FULL" | "STORAGE_UNWRITABLE" | null {
  if (!(error instanceof Error) || depth > 5) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && FULL_CODES.has(code)) return "STORAGE_FULL";
  if (typeof code === "string" && UNWRITABLE_CODES.has(code)) return "STORAGE_UNWRITABLE";
  if ("$metadata" in error) return "STORAGE_UNWRITABLE";
  return storageRefusal(error.cause, depth + 1);
}

/**
 * Streams one uploaded ZIP into storage as it arrives (never whole in memory), counting and hashing
 * it on the way and failing at once past MAX_UPLOAD_BYTES; checks it, waits for the rest of the
 * request (`whole`: a broken part after the file refuses the upload too), and only then makes it
 * the current product and removes the previous file (ADR 005). Anything wrong leaves the current
 * product as it was and nothing behind in storage: the stored file is deleted before this rejects.
 */
export async function uploadProduct(
  services: Services,
  upload: {
    file: Readable;
    fileName: string;
    whole: Promise<void>;
    /** The version and changelogs, read once the whole request has arrived; throws AppError when invalid. */
    details: () => ProductDetails;
    /** Who uploaded it, for the version history. */
    uploadedBy: string | null;
  },
): Promise<Product> {
  const max = services.env.MAX_UPLOAD_BYTES;
  const { file } = upload;
  const hash = createHash("sha256");
  let received = 0;
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > max) return callback(new AppError("UPLOAD_TOO_LARGE", `Over ${max} bytes`));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  // If storage stops reading (an error), keep draining the upload so the request can finish.
  hashing.on("error", () => file.resume());
  file.on("error", (error) => hashing.destroy(error));
  let stored: { key: string; size: number };
  try {
    stored = await services.files.put(file.pipe(hashing), PRODUCT_KEY);
  } catch (error) {
    if (error instanceof AppError) throw error;
    const refused = storageRefusal(error);
    if (!refused)
      throw new AppError("UPLOAD_INTERRUPTED", "The upload did not arrive whole", { cause: error });
    logger.error({ err: error }, "the file store refused the product upload");
    throw new AppError(refused, "The file store refused the write", { cause: error });
  }

  let made: { product: Product; replaced: Product[] };
  try {
    if (stored.size === 0) throw new AppError("UPLOAD_EMPTY", "The file is empty");
    const { entries } = await inspectZip(services.files, stored.key, stored.size);
    await upload.whole;
    made = await makeCurrent(services, {
      ...stored,
      sha256: hash.digest("hex"),
      fileName: upload.fileName.slice(0, 255),
      entries,
      details: upload.details(),
      uploadedBy: upload.uploadedBy,
    });
  } catch (error) {
    await services.files.delete(stored.key);
    throw error;
  }
  // The new product is on sale: a previous file that cannot be removed now is swept at the next start.
  for (const old of made.replaced) {
    await services.files.delete(old.fileKey).catch((error: unknown) => {
      logger.warn({ err: error, key: old.fileKey }, "could not remove the previous product file");
    });
  }
  return made.product;
}

async function makeCurrent(
  services: Services,
  file: {
    key: string;
    size: number;
    sha256: string;
    fileName: string;
    entries: number;
    details: ProductDetails;
    uploadedBy: string | null;
  },
): Promise<{ product: Product; replaced: Product[] }> {
  const db = services.database.db;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MAKE_CURRENT_LOCK})`);
    // Uploads take turns under the lock, so this check cannot race another upload.
    const { version } = file.details;
    if (await versionTaken(tx, version))
      throw new AppError("PRODUCT_VERSION_TAKEN", "Version exists", { detail: version! });
    const replaced = await tx
      .update(products)
      .set({ current: false })
      .where(eq(products.current, true))
      .returning();
    const [product] = await tx
      .insert(products)
      .values({
        fileKey: file.key,
        fileName: file.fileName,
        size: file.size,
        sha256: file.sha256,
        entryCount: file.entries,
        current: true,
        ...file.details,
        uploadedBy: file.uploadedBy?.slice(0, 100) ?? null,
      })
      .returning();
    return { product: product!, replaced };
  });
}

/** Whether an upload already carries `version` (a second one is refused). */
export async function versionTaken(db: Pick<Db, "select">, version: string | null): Promise<boolean> {
  if (!version) return false;
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.version, version));
  return row !== undefined;
}

/** Removes the current product: the store sells nothing until a new ZIP is uploaded. */
export async function deleteCurrentProduct(services: Services): Promise<boolean> {
  const db = services.database.db;
  const removed = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MAKE_CURRENT_LOCK})`);
    return tx.update(products).set({ current: false }).where(eq(products.current, true)).returning();
  });
  for (const old of removed) await services.files.delete(old.fileKey);
  return removed.length > 0;
}
