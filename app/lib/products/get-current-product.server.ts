import { eq } from "drizzle-orm";
import { products } from "../../../db/schema.ts";
import type { Db } from "../db/database.server.ts";

export type Product = typeof products.$inferSelect;

/** The product ZIP on sale now, or null when none is uploaded (the store then sells nothing). */
export async function getCurrentProduct(db: Db): Promise<Product | null> {
  const [product] = await db.select().from(products).where(eq(products.current, true));
  return product ?? null;
}
