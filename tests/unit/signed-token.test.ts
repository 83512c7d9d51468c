import { describe, expect, it } from "vitest";
import { createDiscountOffer, readDiscountOffer } from "#app/lib/checkout/discount-offer.server.ts";
import { signToken, verifyToken } from "#app/lib/signed-token.server.ts";

const current = "c".repeat(40);
const previous = "p".repeat(40);

describe("signed tokens", () => {
  it("round-trips data until it expires", () => {
    const token = signToken([current], "download", { o: "order-1" }, 2_000);
    expect(verifyToken([current], "download", token, 1_999)).toEqual({
      data: { o: "order-1" },
      expiresAt: 2_000,
    });
    expect(verifyToken([current], "download", token, 2_000)).toBeNull();
  });

  it("accepts tokens signed with an older secret during rotation, not with an unknown one", () => {
    const token = signToken([previous], "download", { o: "x" }, Date.now() + 1000);
    expect(verifyToken([current, previous], "download", token)).not.toBeNull();
    expect(verifyToken([current], "download", token)).toBeNull();
  });

  it("is bound to its purpose", () => {
    const offer = signToken([current], "discount-offer", {}, Date.now() + 1000);
    expect(verifyToken([current], "download", offer)).toBeNull();
  });

  it.each(["", ".", "a.b.c", "not-a-token", "e30.", `${"a".repeat(3000)}.b`])(
    "rejects malformed input %j",
    (token) => {
      expect(verifyToken([current], "download", token)).toBeNull();
    },
  );

  it.each(["!", "=", "==", "%20", " ", "~", "\n", "A", ".x", "*"])(
    "rejects a genuine token with %j after its signature",
    (junk) => {
      const token = signToken([current], "download", { o: "mine" }, Date.now() + 1000);
      expect(verifyToken([current], "download", token)).not.toBeNull();
      expect(verifyToken([current], "download", `${token}${junk}`)).toBeNull();
    },
  );

  it("accepts only the spelling it wrote, not the three others whose spare bits decode alike", () => {
    const token = signToken([current], "download", { o: "mine" }, Date.now() + 1000);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(token.at(-1)!);
    const spellings = [0, 1, 2, 3].map((spare) => `${token.slice(0, -1)}${alphabet[(last & ~3) | spare]}`);
    for (const spelling of spellings) {
      expect(Buffer.from(spelling.split(".")[1]!, "base64url")).toEqual(
        Buffer.from(token.split(".")[1]!, "base64url"),
      );
      expect(verifyToken([current], "download", spelling) !== null).toBe(spelling === token);
    }
  });

  it("rejects a token whose data was changed", () => {
    const token = signToken([current], "download", { o: "mine" }, Date.now() + 1000);
    const [, signature] = token.split(".");
    const forgedBody = Buffer.from(
      JSON.stringify({ p: "download", exp: Date.now() + 1000, d: { o: "yours" } }),
    ).toString("base64url");
    expect(verifyToken([current], "download", `${forgedBody}.${signature}`)).toBeNull();
  });
});

describe("discount offer", () => {
  it("lasts exactly 300 seconds", () => {
    const now = 1_000_000;
    const offer = createDiscountOffer([current], now);
    expect(offer.expiresAt).toBe(now + 300_000);
    expect(readDiscountOffer([current], offer.token, now + 299_999)).not.toBeNull();
    expect(readDiscountOffer([current], offer.token, now + 300_000)).toBeNull();
    expect(readDiscountOffer([current], undefined, now)).toBeNull();
  });
});
