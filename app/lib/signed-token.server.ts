import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Small signed, expiring tokens (`payload.signature`, both base64url): the discount offer and the
 * short-lived download link, the unsubscribe link, the review link, the invoice's courtesy copy. The purpose is part of the signature, so a token made for one use is
 * worthless for another. The first secret signs; every secret verifies (rotation).
 */
type TokenPurpose = "discount-offer" | "download" | "admin-download" | "unsubscribe" | "review" | "invoice";

interface Envelope<T> {
  p: TokenPurpose;
  exp: number;
  d: T;
}

const MAX_TOKEN_LENGTH = 2048;
/**
 * `body.signature` exactly: base64url without padding, and a signature of exactly 32 bytes (43
 * characters). Node's base64 decoder skips characters it does not know, so without this a
 * signature with junk after it (`…sig!`, `…sig%20`, `…sig=`) would still verify.
 */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/;

function mac(secret: string, body: string): Buffer {
  return createHmac("sha256", secret).update(body).digest();
}

export function signToken<T>(secrets: string[], purpose: TokenPurpose, data: T, expiresAt: number): string {
  const body = Buffer.from(
    JSON.stringify({ p: purpose, exp: expiresAt, d: data } satisfies Envelope<T>),
  ).toString("base64url");
  return `${body}.${mac(secrets[0]!, body).toString("base64url")}`;
}

/** The token's data when it is genuine, meant for `purpose` and not expired at `now`; otherwise null. */
export function verifyToken<T>(secrets: string[], purpose: TokenPurpose, token: string, now = Date.now()) {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH || !TOKEN_SHAPE.test(token)) return null;
  const [body, signature] = token.split(".") as [string, string];
  const given = Buffer.from(signature, "base64url");
  // 43 characters carry 258 bits for a 256-bit signature: the last character's two spare bits are
  // ignored by the decoder, so three other spellings would decode alike. Only the one the store
  // wrote is accepted, since a link is also known by its spelling (a confirmed download's hash).
  if (given.toString("base64url") !== signature) return null;
  const genuine = secrets.some((secret) => {
    const expected = mac(secret, body);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!genuine) return null;
  try {
    const envelope = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Envelope<T>;
    if (envelope.p !== purpose || typeof envelope.exp !== "number" || envelope.exp <= now) return null;
    return { data: envelope.d, expiresAt: envelope.exp };
  } catch {
    return null;
  }
}
