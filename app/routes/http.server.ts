/**
 * What the routes share at the HTTP edge: the one table from AppError codes to HTTP status, the
 * 404 answer, and reading a form (copy for people is chosen by each route from app/content).
 */
import { data } from "react-router";
import { CONTROL_CHARACTERS_REFUSED, DATABASE_UNAVAILABLE } from "#app/content/site.ts";
import type { AppError, AppErrorCode } from "#app/lib/app-error.ts";
import { isDatabaseUnavailable } from "#app/lib/db/database.server.ts";
import { loggableUrl, logger } from "#app/lib/logger.server.ts";

const STATUS: Record<AppErrorCode, number> = {
  PRODUCT_UNAVAILABLE: 503,
  DISCOUNT_CODE_INVALID: 400,
  PAYMENT_PROVIDER: 502,
  NO_CHECKOUT_URL: 502,
  BAD_SIGNATURE: 400,
  UPLOAD_NO_FILE: 400,
  UPLOAD_NOT_ZIP_NAME: 415,
  UPLOAD_TOO_LARGE: 413,
  UPLOAD_INTERRUPTED: 400,
  UPLOAD_EMPTY: 422,
  STORAGE_FULL: 507,
  STORAGE_UNWRITABLE: 503,
  ZIP_INVALID: 422,
  ZIP_TOO_MANY_ENTRIES: 422,
  ZIP_UNSAFE_ENTRY: 422,
  ZIP_SYMLINK: 422,
  PRODUCT_VERSION_INVALID: 422,
  PRODUCT_VERSION_TAKEN: 409,
  PRODUCT_CHANGELOG_TOO_LONG: 422,
};

/** The HTTP status an AppError is answered with. */
export const httpStatus = (error: AppError): number => STATUS[error.code];

/** Logs the requested path and answers 404; the root error boundary shows the not-found page. */
export function notFound(request: Request): never {
  logger.warn({ path: loggableUrl(new URL(request.url).pathname) }, "not found");
  throw data(null, { status: 404, statusText: "Not Found" });
}

/** A form field as a string ("" when absent or a file). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * A loader or action that needs the database. While the database cannot be reached it answers
 * 503 with the error page saying to try again in a minute (never a stack trace); any other error
 * stays an error.
 */
export function needsDatabase<Args, Result>(handler: (args: Args) => Promise<Result>) {
  return async (args: Args): Promise<Result> => {
    try {
      return await handler(args);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      logger.error(
        { reason: error instanceof Error ? error.message : String(error) },
        "database unavailable",
      );
      throw data(null, { status: 503, statusText: DATABASE_UNAVAILABLE });
    }
  };
}

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * Control characters no one types (NUL, the other C0 codes but tab and line breaks, DEL, the C1
 * codes): PostgreSQL refuses a NUL in text, and the others corrupt what the owner reads.
 */
const CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}/u;

/**
 * The request's form, read once by every form action. A body that is not a form (JSON, text, a
 * broken multipart) or a field with a control character is a client's mistake: answered 415 or
 * 400 (with a sentence for the latter) and one warn line that names the field, never a 500 with a
 * stack trace or the text itself in the log.
 */
export async function readForm(request: Request): Promise<FormData> {
  const path = loggableUrl(new URL(request.url).pathname);
  const contentType = request.headers.get("content-type") ?? "";
  if (!FORM_TYPES.test(contentType)) {
    logger.warn(
      { path, contentType: contentType.slice(0, 100) },
      "form route refused a body that is not a form",
    );
    throw data(null, { status: 415, statusText: "Unsupported Media Type" });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    logger.warn(
      { path, reason: error instanceof Error ? error.message : String(error) },
      "malformed form body",
    );
    throw data(null, { status: 400, statusText: "Bad Request" });
  }
  for (const [name, value] of form) {
    if (typeof value === "string" && CONTROL_CHARACTERS.test(value)) {
      logger.warn({ path, field: name.slice(0, 40) }, "form field with a control character refused");
      throw data(null, { status: 400, statusText: CONTROL_CHARACTERS_REFUSED });
    }
  }
  return form;
}
