import { describe, expect, it } from "vitest";
import {
  generatePassword,
  hashPassword,
  MAX_PASSWORD_LENGTH,
  verifyPassword,
} from "#app/lib/password.server.ts";

describe("password hashing", () => {
  it("verifies the right password and rejects others", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("refuses over-long input without hashing it", async () => {
    const huge = "x".repeat(1024 * 1024);
    expect(await verifyPassword(huge, await hashPassword("short"))).toBe(false);
    await expect(hashPassword("y".repeat(MAX_PASSWORD_LENGTH + 1))).rejects.toThrow(/too long/);
  });

  it("rejects malformed stored hashes", async () => {
    expect(await verifyPassword("a", "")).toBe(false);
    expect(await verifyPassword("a", "bcrypt$x$y")).toBe(false);
  });

  it("generates long random passwords", () => {
    const a = generatePassword();
    expect(a).toMatch(/^[\w-]{24}$/);
    expect(generatePassword()).not.toBe(a);
  });
});
