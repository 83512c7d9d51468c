import { createHash } from "node:crypto";
import { PassThrough, Readable, Transform } from "node:stream";
import busboy from "busboy";
import { eq, sql } from "drizzle-orm";
import yauzl from "yauzl";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { formatFileSize } from "#app/lib/file-size.ts";
import type { Product } from "#app/lib/products/get-current-product.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import type { FileStore } from "#app/lib/storage/file-store.ts";
import { products } from "#db/schema.ts";

export const MAX_ZIP_ENTRIES = 10_000;
const PRODUCT_KEY = { prefix: "products/toolkit-", extension: ".zip" };
/** Any constant: the same for every instance, so uploads become current one at a time. */
const MAKE_CURRENT_LOCK = 4_700_4700;

export class UploadError extends Error {
  override name = "UploadError";
  readonly status: number;
  readonly title: string;
  constructor(status: number, message: string, title: string = ADMIN_COPY.toasts.uploadError) {
    super(message);
    this.status = status;
    this.title = title;
  }
}

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
export function inspectZip(store: FileStore, key: string, size: number): Promise<{ entries: number }> {
  return new Promise((resolve, reject) => {
    const reader = new StoreReader(store, key);
    yauzl.fromRandomAccessReader(reader, size, { lazyEntries: true, autoClose: true }, (openError, zip) => {
      if (openError || !zip) return reject(new UploadError(422, ADMIN_COPY.uploadErrors.notZip));
      if (zip.entryCount > MAX_ZIP_ENTRIES) {
        zip.close();
        return reject(new UploadError(422, ADMIN_COPY.uploadErrors.tooManyEntries(MAX_ZIP_ENTRIES)));
      }
      let entries = 0;
      const fail = (error: UploadError) => {
        zip.close();
        reject(error);
      };
      zip.on("error", (error: Error) => {
        // yauzl refuses absolute and climbing names itself, naming the entry in its message.
        const name = error.message.match(/: (.*)$/)?.[1] ?? "";
        fail(
          /absolute path|invalid relative path/.test(error.message)
            ? new UploadError(422, ADMIN_COPY.uploadErrors.unsafeEntry(name))
            : new UploadError(422, ADMIN_COPY.uploadErrors.notZip),
        );
      });
      zip.on("entry", (entry: yauzl.Entry) => {
        entries++;
        const name = entry.fileName;
        const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
        if (mode === 0o120000) return fail(new UploadError(422, ADMIN_COPY.uploadErrors.symlink(name)));
        if (/^([/\\]|[A-Za-z]:)/.test(name) || name.split(/[/\\]/).includes("..")) {
          return fail(new UploadError(422, ADMIN_COPY.uploadErrors.unsafeEntry(name)));
        }
        zip.readEntry();
      });
      zip.on("end", () => resolve({ entries }));
      zip.readEntry();
    });
  });
}

/**
 * Streams the uploaded ZIP from the request into storage (never whole in memory), checks it, and
 * only then makes it the current product and removes the previous file (DESIGN decision 3).
 * Anything wrong leaves the current product as it was and nothing behind in storage.
 */
export async function uploadProduct(services: Services, request: Request): Promise<Product> {
  const max = services.env.MAX_UPLOAD_BYTES;
  const declared = Number(request.headers.get("content-length") ?? 0);
  // Multipart framing adds a few hundred bytes to the file itself.
  if (declared > max + 64 * 1024)
    throw new UploadError(413, ADMIN_COPY.uploadErrors.tooLarge(formatFileSize(max)));
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !contentType.startsWith("multipart/form-data"))
    throw new UploadError(400, ADMIN_COPY.uploadErrors.noFile);

  const stored = await new Promise<{ key: string; size: number; sha256: string; fileName: string }>(
    (resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: { "content-type": contentType },
          limits: { files: 1, fields: 10 },
        });
      } catch {
        return reject(new UploadError(400, ADMIN_COPY.uploadErrors.noFile));
      }
      let sawFile = false;
      parser.on("file", (_field, file, info) => {
        sawFile = true;
        const fileName = info.filename ?? "";
        if (!/\.zip$/i.test(fileName)) {
          file.resume();
          return reject(
            new UploadError(
              415,
              ADMIN_COPY.toasts.invalidFormat.message,
              ADMIN_COPY.toasts.invalidFormat.title,
            ),
          );
        }
        const hash = createHash("sha256");
        let received = 0;
        // Counts and hashes on the way to storage; past the limit it fails the write at once (413).
        const hashing = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            received += chunk.length;
            if (received > max)
              return callback(new UploadError(413, ADMIN_COPY.uploadErrors.tooLarge(formatFileSize(max))));
            hash.update(chunk);
            callback(null, chunk);
          },
        });
        // If storage stops reading (an error), keep draining the request so the parser can finish.
        hashing.on("error", () => file.resume());
        file.on("error", (error) => hashing.destroy(error));
        services.store
          .put(file.pipe(hashing), PRODUCT_KEY)
          .then(({ key, size }) =>
            resolve({ key, size, sha256: hash.digest("hex"), fileName: fileName.slice(0, 255) }),
          )
          .catch((error: unknown) =>
            reject(
              error instanceof UploadError
                ? error
                : new UploadError(400, ADMIN_COPY.uploadErrors.interrupted),
            ),
          );
      });
      parser.on("error", () => reject(new UploadError(400, ADMIN_COPY.uploadErrors.interrupted)));
      parser.on("close", () => {
        if (!sawFile) reject(new UploadError(400, ADMIN_COPY.uploadErrors.noFile));
      });
      const body = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
      body.on("error", () => parser.destroy(new Error("client went away")));
      body.pipe(parser);
    },
  );

  try {
    if (stored.size === 0) throw new UploadError(422, ADMIN_COPY.uploadErrors.empty);
    const { entries } = await inspectZip(services.store, stored.key, stored.size);
    return await makeCurrent(services, { ...stored, entries });
  } catch (error) {
    await services.store.delete(stored.key);
    throw error;
  }
}

async function makeCurrent(
  services: Services,
  file: { key: string; size: number; sha256: string; fileName: string; entries: number },
): Promise<Product> {
  const db = services.database.db;
  const { product, replaced } = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MAKE_CURRENT_LOCK})`);
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
      })
      .returning();
    return { product: product!, replaced };
  });
  for (const old of replaced) await services.store.delete(old.fileKey);
  return product;
}

/** Removes the current product: the store sells nothing until a new ZIP is uploaded. */
export async function deleteCurrentProduct(services: Services): Promise<boolean> {
  const db = services.database.db;
  const removed = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MAKE_CURRENT_LOCK})`);
    return tx.update(products).set({ current: false }).where(eq(products.current, true)).returning();
  });
  for (const old of removed) await services.store.delete(old.fileKey);
  return removed.length > 0;
}
