import { createHash, randomBytes } from "node:crypto";
import { eq, lt, or } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { adminSessions } from "#db/schema.ts";

/**
 * Admin sessions are database rows keyed by the hash of a random token (the cookie holds the
 * token: see app/routes/admin/guard.server.ts), so every instance sees every session and
 * signing out ends it everywhere.
 */

const IDLE_TIMEOUT_MS = 30 * 60_000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60_000;
/** Longer is not a token this store made. */
const MAX_TOKEN_LENGTH = 200;

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new session (a new token at every sign-in); returns its token. */
export async function createAdminSession(db: Db, userAgent: string | null): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  await db.insert(adminSessions).values({
    idHash: hash(token),
    expiresAt: new Date(now + ABSOLUTE_TIMEOUT_MS),
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  // Expired sessions of anyone are cleaned up on the way.
  await db
    .delete(adminSessions)
    .where(
      or(
        lt(adminSessions.expiresAt, new Date(now)),
        lt(adminSessions.lastSeenAt, new Date(now - IDLE_TIMEOUT_MS)),
      ),
    );
  return token;
}

/** Whether `token` is a live session (idle < 30 min, age < 12 h); refreshes its idle clock. */
export async function isLiveAdminSession(db: Db, token: string | null): Promise<boolean> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return false;
  const [session] = await db
    .select()
    .from(adminSessions)
    .where(eq(adminSessions.idHash, hash(token)));
  const now = Date.now();
  if (!session) return false;
  if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() <= now - IDLE_TIMEOUT_MS) {
    await db.delete(adminSessions).where(eq(adminSessions.idHash, session.idHash));
    return false;
  }
  await db
    .update(adminSessions)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(adminSessions.idHash, session.idHash));
  return true;
}

/** Ends the session `token` names, if any. */
export async function endAdminSession(db: Db, token: string | null): Promise<void> {
  if (token && token.length <= MAX_TOKEN_LENGTH)
    await db.delete(adminSessions).where(eq(adminSessions.idHash, hash(token)));
}
