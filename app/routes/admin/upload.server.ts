/**
 * The admin's ZIP upload at the HTTP edge: reads the multipart body with busboy and hands the one
 * file to uploadProduct as it arrives (never whole in memory), with the version and changelogs
 * sent as fields (before the file, so a bad one is refused before the file is read; ones after it
 * are read too); says what went wrong in Italian.
 */
import { Readable } from "node:stream";
import type { ReadableStream } from "node:stream/web";
import busboy from "busboy";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { AppError, type AppErrorCode } from "#app/lib/app-error.ts";
import { formatFileSize } from "#app/lib/file-size.ts";
import type { Product } from "#app/lib/products/get-current-product.server.ts";
import {
  DETAIL_FIELDS,
  MAX_CHANGELOG_LENGTH,
  MAX_DETAIL_FIELD_BYTES,
  parseProductDetails,
} from "#app/lib/products/product-details.ts";
import { MAX_ZIP_ENTRIES, uploadProduct, versionTaken } from "#app/lib/products/upload-product.server.ts";
import type { Services } from "#app/lib/services.server.ts";

/** What multipart framing may add to the file itself (the server's limit on the whole body). */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Uploads the request's one `.zip` file part as the new product; throws AppError when refused.
 * The server has already bounded the body (server/body-limit.ts); the file itself is held to
 * MAX_UPLOAD_BYTES by uploadProduct. The upload becomes the product only once the whole body has
 * been read without error, and settles only once a refused upload's file is gone.
 */
export async function uploadFromRequest(
  services: Services,
  request: Request,
  uploadedBy: string | null = null,
): Promise<Product> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !contentType.startsWith("multipart/form-data"))
    throw new AppError("UPLOAD_NO_FILE", "Not a multipart form");
  const body = request.body;

  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        limits: { files: 1, fields: 10, fieldSize: MAX_DETAIL_FIELD_BYTES },
      });
    } catch {
      return reject(new AppError("UPLOAD_NO_FILE", "Malformed multipart header"));
    }
    // The whole multipart body, read to its end (or not).
    const whole = new Promise<void>((done, fail) => {
      parser.on("close", done);
      parser.on("error", () => fail(new AppError("UPLOAD_INTERRUPTED", "The multipart body is cut off")));
    });
    const fields: Record<string, string> = {};
    parser.on("field", (name, value, info) => {
      if (!(DETAIL_FIELDS as readonly string[]).includes(name)) return;
      // Cut by the parser's limit: far over any valid changelog, so refused as too long.
      fields[name] = info.valueTruncated ? "x".repeat(MAX_CHANGELOG_LENGTH + 1) : value;
    });
    let sawFile = false;
    parser.on("file", (_field, file, info) => {
      sawFile = true;
      // A body cut off (the client gone, or the server's limiter closing a refused upload) fails
      // the file part too; that failure reaches the answer through `whole` and uploadProduct, so
      // a file that is refused, or waits for the version check, must not make it an uncaught event.
      file.on("error", () => {});
      const fileName = info.filename ?? "";
      const refuse = (error: unknown) => {
        file.resume();
        reject(error);
      };
      if (!/\.zip$/i.test(fileName))
        return refuse(new AppError("UPLOAD_NOT_ZIP_NAME", "The file name does not end in .zip"));
      let early: ReturnType<typeof parseProductDetails>;
      try {
        early = parseProductDetails(fields);
      } catch (error) {
        return refuse(error);
      }
      versionTaken(services.database.db, early.version).then((taken) => {
        if (taken)
          return refuse(new AppError("PRODUCT_VERSION_TAKEN", "Version exists", { detail: early.version! }));
        const details = () => parseProductDetails(fields);
        uploadProduct(services, { file, fileName, whole, details, uploadedBy }).then(resolve, reject);
      }, refuse);
    });
    // Without a file part, the body's end or its error is the answer; with one, uploadProduct's.
    whole.then(
      () => sawFile || reject(new AppError("UPLOAD_NO_FILE", "No file part")),
      (error: AppError) => sawFile || reject(error),
    );
    const stream = Readable.fromWeb(body as ReadableStream<Uint8Array>);
    stream.on("error", () => parser.destroy(new Error("client went away")));
    stream.pipe(parser);
  });
}

/** Why an upload was refused, as the product page's address carries it when the form was posted without JavaScript. */
const REFUSAL_CODES: readonly AppErrorCode[] = [
  "UPLOAD_NO_FILE",
  "UPLOAD_NOT_ZIP_NAME",
  "UPLOAD_TOO_LARGE",
  "UPLOAD_EMPTY",
  "UPLOAD_INTERRUPTED",
  "STORAGE_FULL",
  "STORAGE_UNWRITABLE",
  "ZIP_TOO_MANY_ENTRIES",
  "ZIP_UNSAFE_ENTRY",
  "ZIP_SYMLINK",
  "ZIP_INVALID",
  "PRODUCT_VERSION_INVALID",
  "PRODUCT_VERSION_TAKEN",
  "PRODUCT_CHANGELOG_TOO_LONG",
];
/** The longest detail (a ZIP entry's name, a version label) the address carries. */
const MAX_REFUSAL_DETAIL = 200;

/** The product page's query naming a refused upload: the page shows it (uploadRefusalFrom). */
export function uploadRefusalQuery(error: AppError): string {
  const query = new URLSearchParams({ errore: error.code });
  if (error.detail) query.set("dettaglio", error.detail.slice(0, MAX_REFUSAL_DETAIL));
  return query.toString();
}

/** The refused upload the product page's query names, in the owner's words; null for none or a made-up one. */
export function uploadRefusalFrom(
  query: URLSearchParams,
  maxUploadBytes: number,
): { title: string; message: string } | null {
  const code = REFUSAL_CODES.find((known) => known === query.get("errore"));
  if (!code) return null;
  const detail = query.get("dettaglio")?.slice(0, MAX_REFUSAL_DETAIL);
  return uploadErrorCopy(new AppError(code, code, { detail }), maxUploadBytes);
}

/** The admin's message for a refused upload. */
export function uploadErrorCopy(error: AppError, maxUploadBytes: number): { title: string; message: string } {
  const title = ADMIN_COPY.toasts.uploadError;
  const copy = ADMIN_COPY.uploadErrors;
  switch (error.code) {
    case "UPLOAD_NOT_ZIP_NAME":
      return ADMIN_COPY.toasts.invalidFormat;
    case "UPLOAD_TOO_LARGE":
      return { title, message: copy.tooLarge(formatFileSize(maxUploadBytes)) };
    case "UPLOAD_EMPTY":
      return { title, message: copy.empty };
    case "UPLOAD_INTERRUPTED":
      return { title, message: copy.interrupted };
    case "STORAGE_FULL":
      return { title, message: copy.storageFull };
    case "STORAGE_UNWRITABLE":
      return { title, message: copy.storageUnwritable };
    case "ZIP_TOO_MANY_ENTRIES":
      return { title, message: copy.tooManyEntries(MAX_ZIP_ENTRIES) };
    case "ZIP_UNSAFE_ENTRY":
      return { title, message: copy.unsafeEntry(error.detail ?? "") };
    case "ZIP_SYMLINK":
      return { title, message: copy.symlink(error.detail ?? "") };
    case "ZIP_INVALID":
      return { title, message: copy.notZip };
    case "PRODUCT_VERSION_INVALID":
      return { title, message: ADMIN_COPY.versions.errors.versionInvalid };
    case "PRODUCT_VERSION_TAKEN":
      return { title, message: ADMIN_COPY.versions.errors.versionTaken(error.detail ?? "") };
    case "PRODUCT_CHANGELOG_TOO_LONG":
      return { title, message: ADMIN_COPY.versions.errors.changelogTooLong(MAX_CHANGELOG_LENGTH) };
    default:
      return { title, message: copy.noFile };
  }
}
