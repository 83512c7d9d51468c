import { describe, expect, it } from "vitest";
import { networkOf } from "#app/lib/network.ts";

describe("the network a download comes from", () => {
  it("is the IPv4 /24, also for an IPv4-mapped IPv6 address", () => {
    expect(networkOf("203.0.113.57")).toBe("203.0.113.0/24");
    expect(networkOf("203.0.113.200")).toBe("203.0.113.0/24");
    expect(networkOf("::ffff:203.0.113.57")).toBe("203.0.113.0/24");
    expect(networkOf("203.0.114.1")).not.toBe(networkOf("203.0.113.1"));
  });

  it("is the IPv6 /48, however the address is written", () => {
    expect(networkOf("2001:db8:1234:5678::1")).toBe("2001:db8:1234::/48");
    expect(networkOf("2001:0db8:1234:ffff:0:0:0:1")).toBe("2001:db8:1234::/48");
    expect(networkOf("2001:DB8:1234::")).toBe("2001:db8:1234::/48");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(networkOf("::1")).toBe("0:0:0::/48");
    expect(networkOf("fe80::1%eth0")).toBe("fe80:0:0::/48");
    expect(networkOf("64:ff9b::192.0.2.33")).toBe("64:ff9b:0::/48");
  });

  it("is null for anything that is not an address", () => {
    for (const value of [
      null,
      undefined,
      "",
      "localhost",
      "1.2.3",
      "1.2.3.4.5",
      "2001:db8:::1",
      "::ffff:1.2.3",
    ])
      expect(networkOf(value)).toBeNull();
  });
});
