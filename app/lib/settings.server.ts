import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import type { Env } from "#app/lib/env.server.ts";
import { generatePassword, hashPassword, verifyPassword } from "#app/lib/password.server.ts";
import { settings } from "#db/schema.ts";

export interface StoreSettings {
  adminPath: string;
  successPath: string;
  /**
   * Sign download links, the admin's check link and discount offers (not admin sessions: those are
   * database rows). The first signs new tokens; all are accepted, so secrets can be rotated.
   */
  tokenSecrets: string[];
}

export interface FirstStart {
  /** Present only when this start generated the admin password. */
  generatedPassword?: string;
}

const segment = () => randomBytes(18).toString("base64url");

export async function getSetting(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return row?.value;
}

/** Stores an owner setting (a switch in the admin) or a generated value, replacing the one before. */
export async function setSetting(db: Db, key: string, value: string): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** Stores `value` unless the key already has one (another instance may win the race); returns the kept value. */
async function keepFirst(db: Db, key: string, value: string): Promise<{ value: string; created: boolean }> {
  const inserted = await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoNothing()
    .returning({ value: settings.value });
  if (inserted[0]) return { value: inserted[0].value, created: true };
  return { value: (await getSetting(db, key))!, created: false };
}

export async function setAdminPassword(db: Db, password: string): Promise<void> {
  await setSetting(db, "admin_password_hash", await hashPassword(password));
}

/**
 * The generated first-start values: made once, kept in the database, never regenerated.
 * Environment variables take precedence.
 */
export async function loadSettings(db: Db, env: Env): Promise<StoreSettings & FirstStart> {
  const adminPath = env.ADMIN_PATH ?? (await keepFirst(db, "admin_path", segment())).value;
  const successPath = env.SUCCESS_PATH ?? (await keepFirst(db, "success_path", segment())).value;

  let generatedPassword: string | undefined;
  if (env.ADMIN_PASSWORD) {
    const stored = await getSetting(db, "admin_password_hash");
    if (!stored || !(await verifyPassword(env.ADMIN_PASSWORD, stored)))
      await setAdminPassword(db, env.ADMIN_PASSWORD);
  } else {
    const candidate = generatePassword();
    const kept = await keepFirst(db, "admin_password_hash", await hashPassword(candidate));
    if (kept.created) generatedPassword = candidate;
  }

  return {
    adminPath,
    successPath,
    // In the database, like the secret paths: every instance on one database signs alike.
    tokenSecrets: env.TOKEN_SECRET ?? [
      (
        await keepFirst(
          db,
          "token_secret",
          (await legacyTokenSecret(env.DATA_DIR)) ?? randomBytes(32).toString("base64url"),
        )
      ).value,
    ],
    generatedPassword,
  };
}

/**
 * The token secret an older store kept in `DATA_DIR/token-secret` (before that, `session-secret`),
 * if there is one: adopted into the database at its next start, so its links keep working.
 */
async function legacyTokenSecret(dataDir: string): Promise<string | undefined> {
  for (const name of ["token-secret", "session-secret"]) {
    try {
      return (await readFile(join(dataDir, name), "utf8")).trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  return undefined;
}
