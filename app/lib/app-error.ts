/**
 * The one error type the domain throws on purpose: a code to branch on, and for the log a message
 * in English. What a person reads is chosen at the edge from app/content by code, and the HTTP
 * status comes from one table there (app/routes/http.server.ts).
 */
export type AppErrorCode =
  /** No product ZIP is on sale. */
  | "PRODUCT_UNAVAILABLE"
  /** The payment provider failed or answered without a checkout page. */
  | "PAYMENT_PROVIDER"
  | "NO_CHECKOUT_URL"
  /** Checkout: a discount code that no running code promotion has. */
  | "DISCOUNT_CODE_INVALID"
  /** A webhook delivery whose signature is missing, wrong or too old. */
  | "BAD_SIGNATURE"
  /** Upload: no file part, a name that is not .zip, over MAX_UPLOAD_BYTES, cut off, or empty. */
  | "UPLOAD_NO_FILE"
  | "UPLOAD_NOT_ZIP_NAME"
  | "UPLOAD_TOO_LARGE"
  | "UPLOAD_INTERRUPTED"
  | "UPLOAD_EMPTY"
  /** Upload: the file store refused the write, full (ENOSPC) or not writable (read-only, denied, unreachable). */
  | "STORAGE_FULL"
  | "STORAGE_UNWRITABLE"
  /** Upload: the ZIP does not open, lists too many entries, or holds an unsafe entry (`detail` names it). */
  | "ZIP_INVALID"
  | "ZIP_TOO_MANY_ENTRIES"
  | "ZIP_UNSAFE_ENTRY"
  | "ZIP_SYMLINK"
  /** Upload details: a malformed version, one another upload already has, or a changelog too long. */
  | "PRODUCT_VERSION_INVALID"
  | "PRODUCT_VERSION_TAKEN"
  | "PRODUCT_CHANGELOG_TOO_LONG";

export class AppError extends Error {
  override name = "AppError";
  readonly code: AppErrorCode;
  /** The one value the copy names, when it names one (a ZIP entry's name). */
  readonly detail: string | undefined;

  constructor(code: AppErrorCode, message: string, options?: ErrorOptions & { detail?: string }) {
    super(message, options);
    this.code = code;
    this.detail = options?.detail;
  }
}
