import { eq } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { products } from "#db/schema.ts";

export type Product = typeof products.$inferSelect;

/** The product ZIP on sale now, or null when none is uploaded (the store then sells nothing). */
export async function getCurrentProduct(db: Db): Promise<Product | null> {
  const [product] = await db.select().from(products).where(eq(products.current, true));
  return product ?? null;
}
