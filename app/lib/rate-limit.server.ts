import { eq, sql } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { rateLimits } from "#db/schema.ts";

interface RateLimitResult {
  allowed: boolean;
  /** How long until the window resets (0 when allowed). */
  retryAfterMs: number;
}

/**
 * Counts one hit against `key` in a fixed window kept in the database, so every instance shares
 * it. One atomic upsert: no read-then-write race between concurrent requests.
 */
export async function hit(
  db: Db,
  key: string,
  rule: { limit: number; windowMs: number },
): Promise<RateLimitResult> {
  const resetAt = new Date(Date.now() + rule.windowMs);
  const result = await db.execute<{ count: number; reset_at: string | Date }>(sql`
    insert into ${rateLimits} (key, count, reset_at) values (${key}, 1, ${resetAt.toISOString()})
    on conflict (key) do update set
      count = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end,
      reset_at = case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end
    returning count, reset_at`);
  const row = result.rows[0]!;
  const allowed = Number(row.count) <= rule.limit;
  return { allowed, retryAfterMs: allowed ? 0 : Math.max(0, new Date(row.reset_at).getTime() - Date.now()) };
}

/** Clears `key`'s count (a sign-in that succeeded). */
export async function forget(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/**
 * Whether `key` is already over its limit, without counting a hit: lets a route refuse a
 * locked-out client before reading its request body. Null when not locked out.
 */
export async function lockedOut(
  db: Db,
  key: string,
  rule: { limit: number },
): Promise<{ retryAfterMs: number } | null> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  const retryAfterMs = row ? row.resetAt.getTime() - Date.now() : 0;
  return row && row.count >= rule.limit && retryAfterMs > 0 ? { retryAfterMs } : null;
}
