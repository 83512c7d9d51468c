import { randomBytes } from "node:crypto";
import { TIMING } from "#app/content/site.ts";
import { signToken, verifyToken } from "#app/lib/signed-token.server.ts";

/**
 * The checkout's 25% offer (ADR 004): a server-signed token valid for 300 s. Nothing is
 * stored, so any instance can check it; the payment is created at the discounted price only
 * while the token is genuine and unexpired.
 */
export function createDiscountOffer(secrets: string[], now = Date.now()) {
  const expiresAt = now + TIMING.checkoutOfferSeconds * 1000;
  return {
    token: signToken(secrets, "discount-offer", { n: randomBytes(6).toString("base64url") }, expiresAt),
    expiresAt,
  };
}

export function isValidDiscountOffer(
  secrets: string[],
  token: string | undefined,
  now = Date.now(),
): boolean {
  return discountOfferExpiry(secrets, token, now) !== null;
}

/**
 * When a genuine, unexpired offer ends (epoch ms), or null: a refused order shows the checkout
 * again with the offer's countdown where it was.
 */
export function discountOfferExpiry(
  secrets: string[],
  token: string | undefined,
  now = Date.now(),
): number | null {
  return (token && verifyToken(secrets, "discount-offer", token, now)?.expiresAt) || null;
}
