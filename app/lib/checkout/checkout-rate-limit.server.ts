import { addressLimitKey } from "#app/lib/checkout/address-limit-key.server.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { normalizeEmail } from "#app/lib/email-address.ts";
import { logger, maskEmail } from "#app/lib/logger.server.ts";
import { hit, hitBoth } from "#app/lib/rate-limit.server.ts";

/**
 * How many orders may be started, in one place. A real buyer starts one or two; a script that
 * opened a Checkout Session per request (40 in 0.6 s from one address) stops here. The IP limit
 * leaves room for several buyers behind one address (an office, a workshop's Wi-Fi, a carrier's NAT).
 */
export const CHECKOUT_LIMITS = {
  perIp: { limit: 20, windowMs: 10 * 60_000 },
  perAddress: { limit: 5, windowMs: 60 * 60_000 },
  /** Discount codes tried from one network: a buyer types one or two; guessing stops here. */
  codesPerIp: { limit: 10, windowMs: 60 * 60_000 },
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
    { key: `checkout:ip:${ip ?? "unknown"}`, rule: CHECKOUT_LIMITS.perIp },
    { key: addressLimitKey("checkout", ip, email), rule: CHECKOUT_LIMITS.perAddress },
  );
  if (!byAddress) {
    logger.warn({ limit: "ip" }, "checkout rate-limited");
    return false;
  }
  if (!byAddress.allowed) logger.warn({ limit: "address", email: maskEmail(email) }, "checkout rate-limited");
  return byAddress.allowed;
}

/** Counts one discount-code attempt from the client's IP; false once its hour's tries are spent. */
export async function allowCodeAttempt(db: Db, ip: string | null): Promise<boolean> {
  const state = await hit(db, `discount-code:ip:${ip ?? "unknown"}`, CHECKOUT_LIMITS.codesPerIp);
  if (!state.allowed) logger.warn({ limit: "discount-code" }, "discount code attempts rate-limited");
  return state.allowed;
}
