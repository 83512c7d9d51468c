import { randomBytes } from "node:crypto";
import { TIMING } from "#app/content/site.ts";
import { signToken, verifyToken } from "#app/lib/signed-token.server.ts";

/**
 * The checkout's discount offer (ADR 004, ADR 039): a server-signed token, so nothing is stored
 * and any instance can check it. In test mode it is the specification's 25% for 300 s from the
 * moment it is unlocked; in a live store it names the public promotion it belongs to and expires
 * at that promotion's end, and the order is discounted only while that promotion still runs.
 */
export function createDiscountOffer(
  secrets: string[],
  now = Date.now(),
  promotion: { id: string; endsAt: Date } | null = null,
) {
  const expiresAt = promotion ? promotion.endsAt.getTime() : now + TIMING.checkoutOfferSeconds * 1000;
  const data = { n: randomBytes(6).toString("base64url"), ...(promotion && { p: promotion.id }) };
  return { token: signToken(secrets, "discount-offer", data, expiresAt), expiresAt };
}

/**
 * A genuine, unexpired offer: when it ends (epoch ms) and the promotion it names (null for the
 * test-mode offer); null otherwise. A refused order shows the checkout again with the offer's
 * countdown where it was.
 */
export function readDiscountOffer(
  secrets: string[],
  token: string | undefined,
  now = Date.now(),
): { expiresAt: number; promotionId: string | null } | null {
  const verified = token ? verifyToken<{ p?: string }>(secrets, "discount-offer", token, now) : null;
  if (!verified) return null;
  return { expiresAt: verified.expiresAt, promotionId: verified.data?.p ?? null };
}
