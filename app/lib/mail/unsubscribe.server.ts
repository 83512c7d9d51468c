/**
 * The one-click unsubscribe of update and review e-mails (RFC 8058). The link carries a signed
 * token naming one address, so it unsubscribes that address only and cannot be forged or turned
 * on another buyer; using it again changes nothing. Delivery and payment e-mails are not affected.
 */
import type { Db } from "#app/lib/db/database.server.ts";
import { normalizeEmail } from "#app/lib/email-address.ts";
import { signToken, verifyToken } from "#app/lib/signed-token.server.ts";
import { unsubscribes } from "#db/schema.ts";

/** Links in old e-mails keep working this long (a token must expire; this one outlives the e-mail). */
const LINK_LIFETIME_MS = 20 * 365 * 24 * 3600_000;

/** `/unsubscribe/{token}` for `email`, absolute. */
export function unsubscribeUrl(
  links: { publicUrl: string },
  secrets: string[],
  email: string,
  now = Date.now(),
): string {
  const token = signToken(secrets, "unsubscribe", { e: normalizeEmail(email) }, now + LINK_LIFETIME_MS);
  return `${links.publicUrl}/unsubscribe/${token}`;
}

/** The address a genuine unsubscribe token names, or null (forged, altered, made for another use). */
export function unsubscribeAddress(secrets: string[], token: string): string | null {
  const verified = verifyToken<{ e?: unknown }>(secrets, "unsubscribe", token);
  return typeof verified?.data.e === "string" ? verified.data.e : null;
}

/** Records the address as unsubscribed; a second time is a no-op. */
export async function unsubscribe(db: Db, email: string): Promise<void> {
  await db.insert(unsubscribes).values({ email }).onConflictDoNothing();
}
