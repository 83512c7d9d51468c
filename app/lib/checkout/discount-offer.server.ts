import { randomBytes } from "node:crypto";
import { TIMING } from "#app/content/site.ts";
import { signToken, verifyToken } from "#app/lib/signed-token.server.ts";

/**
 * The test-mode checkout's discount offer (ADR 004, ADR 039): the specification's 25% for 300 s
 * from the moment it is unlocked, as a server-signed token, so nothing is stored and any instance
 * can check it. A live store has no such offer: its public promotion is every buyer's price.
 */
export function createDiscountOffer(secrets: string[], now = Date.now()) {
  const expiresAt = now + TIMING.checkoutOfferSeconds * 1000;
  const data = { n: randomBytes(6).toString("base64url") };
  return { token: signToken(secrets, "discount-offer", data, expiresAt), expiresAt };
}

/**
 * A genuine, unexpired offer and when it ends (epoch ms); null otherwise. A refused order shows the
 * checkout again with the offer's countdown where it was.
 */
export function readDiscountOffer(
  secrets: string[],
  token: string | undefined,
  now = Date.now(),
): { expiresAt: number } | null {
  const verified = token ? verifyToken(secrets, "discount-offer", token, now) : null;
  return verified && { expiresAt: verified.expiresAt };
}
