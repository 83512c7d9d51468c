import { networkLimitKey } from "#app/lib/rate-limit.server.ts";

/**
 * The rate-limit key of requests naming `address` (already normalised) from the network of `ip`
 * (ADR 036): a stranger who uses a buyer's address spends the limit of the stranger's network,
 * not the buyer's. The key ends with `:email:` and the address, which is how the buyer-data
 * export and erasure find it.
 */
export function addressLimitKey(
  action: "checkout" | "lost-link",
  ip: string | null,
  address: string,
): string {
  return `${networkLimitKey(action, ip)}:email:${address}`;
}
