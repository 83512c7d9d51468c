/**
 * What the owner may say about an upload (ADR 022): an optional version label ("v2.1")
 * and a short changelog in Italian (the admin's) and English (the buyers'). Plain text, bounded,
 * emoji welcome; HTML is kept as typed and always shown as text.
 */
import { AppError } from "#app/lib/app-error.ts";

export interface ProductDetails {
  version: string | null;
  changelogIt: string | null;
  changelogEn: string | null;
}

/** The form fields that carry the details, before the file part of the upload. */
export const DETAIL_FIELDS = ["version", "changelogIt", "changelogEn"] as const;

export const MAX_VERSION_LENGTH = 32;
/** Characters (code points: an emoji counts as one). */
export const MAX_CHANGELOG_LENGTH = 2000;
/** What the multipart parser keeps of one field: more than any valid changelog (4 bytes a character). */
export const MAX_DETAIL_FIELD_BYTES = MAX_CHANGELOG_LENGTH * 4 + 1024;

/** `v2.1`, `2.1.3`, `v3`, `v2.1-beta`: digits and dots with an optional `v` and a short suffix. */
const VERSION_PATTERN = /^v?\d{1,6}(\.\d{1,6}){0,3}(-[0-9a-z]{1,12})?$/i;

/** Control characters other than tab and newline: PostgreSQL text refuses NUL, and none belongs in a changelog. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

function changelog(value: string | undefined): string | null {
  const text = (value ?? "").replace(/\r\n?/g, "\n").replace(CONTROL, "").trim();
  if (!text) return null;
  if ([...text].length > MAX_CHANGELOG_LENGTH)
    throw new AppError("PRODUCT_CHANGELOG_TOO_LONG", `Over ${MAX_CHANGELOG_LENGTH} characters`);
  return text;
}

/** The details from the upload's fields; throws AppError for a malformed version or a changelog too long. */
export function parseProductDetails(fields: Partial<Record<(typeof DETAIL_FIELDS)[number], string>>) {
  const version = (fields.version ?? "").trim();
  if (version && (version.length > MAX_VERSION_LENGTH || !VERSION_PATTERN.test(version)))
    throw new AppError("PRODUCT_VERSION_INVALID", "Malformed version", { detail: version.slice(0, 40) });
  return {
    version: version || null,
    changelogIt: changelog(fields.changelogIt),
    changelogEn: changelog(fields.changelogEn),
  } satisfies ProductDetails;
}
