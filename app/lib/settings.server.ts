import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
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
 * The generated first-start values: made once, kept in the database (the token secret in
 * `DATA_DIR`), never regenerated. Environment variables take precedence.
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
    tokenSecrets: env.TOKEN_SECRET ?? [await tokenSecretFile(env.DATA_DIR)],
    generatedPassword,
  };
}

/** `DATA_DIR/token-secret`, made at first start (stores from before the rename kept it in `session-secret`). */
async function tokenSecretFile(dataDir: string): Promise<string> {
  const path = join(dataDir, "token-secret");
  const read = async () => (await readFile(path, "utf8")).trim();
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  try {
    await rename(join(dataDir, "session-secret"), path);
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    await writeFile(path, secret, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (raced) {
    if ((raced as NodeJS.ErrnoException).code === "EEXIST") return read();
    throw raced;
  }
}
