import { PRODUCT } from "#app/content/site.ts";
import type { Db } from "#app/lib/db/database.server.ts";

export interface CurrentPrice {
  regularCents: number;
  promotion: { id: string; percent: number; priceCents: number; startsAt: Date; endsAt: Date } | null;
  referenceCents: number | null;
}

export async function currentPrice(_db: Db, _now = new Date()): Promise<CurrentPrice> {
  return { regularCents: PRODUCT.priceCents, promotion: null, referenceCents: null };
}
