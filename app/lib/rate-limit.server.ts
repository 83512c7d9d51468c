import { eq, sql } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { networkOf } from "#app/lib/network.ts";
import { rateLimits } from "#db/schema.ts";

/**
 * The key that counts `name`'s hits from the network `ip` belongs to (an IPv4 /24, an IPv6 /48:
 * networkOf), never from the one address: a client holding many addresses of one network (any
 * server has a whole IPv6 /64) gets the allowance of one.
 */
export function networkLimitKey(name: string, ip: string | null): string {
  return `${name}:net:${networkOf(ip) ?? "unknown"}`;
}

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
  return verdict(row.count, row.reset_at, rule.limit);
}

/**
 * Counts one hit against `first` and, only when that is within its limit, one against `second`,
 * in one statement (one round trip on the checkout's path). `second` is null when not counted.
 * The two keys must differ.
 */
export async function hitBoth(
  db: Db,
  first: { key: string; rule: { limit: number; windowMs: number } },
  second: { key: string; rule: { limit: number; windowMs: number } },
): Promise<{ first: RateLimitResult; second: RateLimitResult | null }> {
  const now = Date.now();
  const resetAt = (rule: { windowMs: number }) => new Date(now + rule.windowMs).toISOString();
  const counted = sql`on conflict (key) do update set
      count = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end,
      reset_at = case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end
    returning count, reset_at`;
  const result = await db.execute<{
    first_count: number;
    first_reset_at: string | Date;
    second_count: number | null;
    second_reset_at: string | Date | null;
  }>(sql`
    with first_hit as (
      insert into ${rateLimits} (key, count, reset_at) values (${first.key}, 1, ${resetAt(first.rule)})
      ${counted}
    ), second_hit as (
      insert into ${rateLimits} (key, count, reset_at)
      select ${second.key}, 1, ${resetAt(second.rule)}::timestamptz from first_hit
      where first_hit.count <= ${first.rule.limit}
      ${counted}
    )
    select first_hit.count as first_count, first_hit.reset_at as first_reset_at,
      second_hit.count as second_count, second_hit.reset_at as second_reset_at
    from first_hit left join second_hit on true`);
  const row = result.rows[0]!;
  return {
    first: verdict(row.first_count, row.first_reset_at, first.rule.limit),
    second:
      row.second_count === null ? null : verdict(row.second_count, row.second_reset_at!, second.rule.limit),
  };
}

function verdict(count: number, resetAt: string | Date, limit: number): RateLimitResult {
  const allowed = Number(count) <= limit;
  return { allowed, retryAfterMs: allowed ? 0 : Math.max(0, new Date(resetAt).getTime() - Date.now()) };
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
