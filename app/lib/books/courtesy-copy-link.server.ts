/**
 * The link to an invoice's or credit note's courtesy copy (PDF), the same in the buyer's e-mail and
 * on the success page: a signed token naming the document, valid for ten years (how long the law
 * keeps the invoice), so it needs no sign-in and guesses nothing.
 */
import { signToken, verifyToken } from "#app/lib/signed-token.server.ts";

const TEN_YEARS_MS = 10 * 366 * 24 * 60 * 60 * 1000;

/** The path of the courtesy copy of invoice `invoiceId` (the invoices table's id). */
export function courtesyCopyPath(tokenSecrets: string[], invoiceId: string, now = Date.now()): string {
  return `/invoice/${signToken(tokenSecrets, "invoice", { id: invoiceId }, now + TEN_YEARS_MS)}`;
}

/** The invoice id a courtesy-copy token names, or null when it is forged, for another use or expired. */
export function invoiceIdOfToken(tokenSecrets: string[], token: string, now = Date.now()): string | null {
  const verified = verifyToken<{ id: unknown }>(tokenSecrets, "invoice", token, now);
  return typeof verified?.data.id === "string" ? verified.data.id : null;
}
