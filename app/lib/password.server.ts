import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import pLimit from "p-limit";

const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions;
const KEY_LENGTH = 32;
/** Longer input is refused before hashing, so a 1 MB "password" costs nothing. */
export const MAX_PASSWORD_LENGTH = 1024;

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, params, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  if (password.length > MAX_PASSWORD_LENGTH) throw new Error("Password too long");
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join(
    "$",
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (password.length === 0 || password.length > MAX_PASSWORD_LENGTH) return false;
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(password, Buffer.from(salt, "base64url"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * Sign-in's password checks, one at a time: each is about 100 ms of a core and 32 MB, and checks
 * run side by side on both of a small server's cores would leave buyers' requests waiting. A few
 * wait their turn (a second or so); more are refused at once, and the sign-in answers 429.
 */
const checks = pLimit(1);
export const MAX_WAITING_CHECKS = 4;

/** verifyPassword in turn with the other sign-ins' checks; "busy" when too many already wait. */
export function verifyPasswordInTurn(password: string, stored: string): Promise<boolean | "busy"> {
  if (checks.pendingCount >= MAX_WAITING_CHECKS) return Promise.resolve("busy");
  return checks(() => verifyPassword(password, stored));
}

export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}
