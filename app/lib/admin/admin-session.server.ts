import { createHash, randomBytes } from "node:crypto";
import { eq, lt, or } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { adminSessions } from "#db/schema.ts";

export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60_000;

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/** `__Host-` binds the cookie to this exact origin over https; plain http (local use) cannot use it. */
export function cookieName(publicUrl: string) {
  return publicUrl.startsWith("https:") ? "__Host-admin_session" : "admin_session";
}

function cookie(publicUrl: string, value: string, maxAgeSeconds: number) {
  const secure = publicUrl.startsWith("https:") ? "; Secure" : "";
  return `${cookieName(publicUrl)}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}

function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=") || null;
  }
  return null;
}

/** A new session (a new id at every sign-in); returns the Set-Cookie header. */
export async function createAdminSession(db: Db, publicUrl: string, userAgent: string | null) {
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
  return cookie(publicUrl, token, ABSOLUTE_TIMEOUT_MS / 1000);
}

/** Whether the request carries a live session (idle < 30 min, age < 12 h); refreshes its idle clock. */
export async function hasAdminSession(db: Db, publicUrl: string, request: Request): Promise<boolean> {
  const token = readCookie(request, cookieName(publicUrl));
  if (!token || token.length > 200) return false;
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

/** Ends the request's session; returns the Set-Cookie header that clears the cookie. */
export async function destroyAdminSession(db: Db, publicUrl: string, request: Request) {
  const token = readCookie(request, cookieName(publicUrl));
  if (token) await db.delete(adminSessions).where(eq(adminSessions.idHash, hash(token)));
  return cookie(publicUrl, "", 0);
}
