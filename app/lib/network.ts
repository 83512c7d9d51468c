import { isIPv4, isIPv6 } from "node:net";

/**
 * The network an address belongs to, as sharing is counted (ADR 020): an IPv4 /24 ("203.0.113.0/24")
 * or an IPv6 /48 ("2001:db8:1::/48"); an IPv4-mapped IPv6 address counts as its IPv4 address.
 * A household, an office or a phone's carrier gateway usually stays within one of them, while
 * strangers sharing a link do not. Null for anything that is not an IP address.
 */
export function networkOf(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const address = ip.replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  const v4 = mapped ?? address;
  if (isIPv4(v4)) return `${v4.split(".").slice(0, 3).join(".")}.0/24`;
  if (!isIPv6(address)) return null;
  const groups = expandIPv6(address);
  return `${groups
    .slice(0, 3)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/48`;
}

/** The eight 16-bit groups of an IPv6 address ("::" filled in, a trailing IPv4 part as two groups). */
function expandIPv6(address: string): string[] {
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)?.[1];
  let text = address;
  if (v4Tail) {
    const [a, b, c, d] = v4Tail.split(".").map(Number) as [number, number, number, number];
    text = `${address.slice(0, -v4Tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  if (tail === undefined) return left;
  const right = tail ? tail.split(":") : [];
  return [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
}
