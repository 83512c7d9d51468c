import { addressLimitKey } from "#app/lib/checkout/address-limit-key.server.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { normalizeEmail } from "#app/lib/email-address.ts";
import { logger, maskEmail } from "#app/lib/logger.server.ts";
import { hitBoth, networkLimitKey } from "#app/lib/rate-limit.server.ts";

/**
 * How many orders may be started, in one place. A real buyer starts one or two; a script that
 * opened a Checkout Session per request (40 in 0.6 s from one address) stops here. The network's
 * limit leaves room for several buyers behind one network (an office, a workshop's Wi-Fi, a
 * carrier's NAT).
 */
export const CHECKOUT_LIMITS = {
  perNetwork: { limit: 20, windowMs: 10 * 60_000 },
  perAddress: { limit: 5, windowMs: 60 * 60_000 },
  /** Discount codes tried from one network: a buyer types one or two; guessing stops here. */
  codesPerNetwork: { limit: 10, windowMs: 60 * 60_000 },
  /**
   * Discount codes tried in the whole store: what many networks together may guess in an hour,
   * far above what a store's buyers type (a code is shared with an audience, not guessed).
   */
  codesInStore: { limit: 300, windowMs: 60 * 60_000 },
} as const;

/**
 * Counts one checkout for the client's IP and, if that is within its limit, for the e-mail
 * address from the client's network (one statement). The address is counted only for requests the
 * IP limit lets through, and per network, so a stranger who uses a buyer's address locks out only
 * that address from the stranger's own network, never the buyer.
 */
export async function allowCheckout(db: Db, ip: string | null, address: string): Promise<boolean> {
  const email = normalizeEmail(address);
  const { second: byAddress } = await hitBoth(
    db,
    { key: networkLimitKey("checkout", ip), rule: CHECKOUT_LIMITS.perNetwork },
    { key: addressLimitKey("checkout", ip, email), rule: CHECKOUT_LIMITS.perAddress },
  );
  if (!byAddress) {
    logger.warn({ limit: "network" }, "checkout rate-limited");
    return false;
  }
  if (!byAddress.allowed) logger.warn({ limit: "address", email: maskEmail(email) }, "checkout rate-limited");
  return byAddress.allowed;
}

/**
 * Counts one discount-code attempt from the client's network and, when that is within its limit,
 * in the whole store; false once either hour's tries are spent.
 */
export async function allowCodeAttempt(db: Db, ip: string | null): Promise<boolean> {
  const { first, second } = await hitBoth(
    db,
    { key: networkLimitKey("discount-code", ip), rule: CHECKOUT_LIMITS.codesPerNetwork },
    { key: "discount-code:store", rule: CHECKOUT_LIMITS.codesInStore },
  );
  const allowed = first.allowed && second?.allowed === true;
  if (!allowed)
    logger.warn(
      { limit: first.allowed ? "discount-code:store" : "discount-code:network" },
      "discount code attempts rate-limited",
    );
  return allowed;
}
