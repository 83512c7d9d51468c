import { eq } from "drizzle-orm";
import { products } from "../../../db/schema.ts";
import type { Db } from "../db/database.server.ts";

export type Product = typeof products.$inferSelect;

/** The product ZIP on sale now, or null when none is uploaded (the store then sells nothing). */
export async function getCurrentProduct(db: Db): Promise<Product | null> {
  const [product] = await db.select().from(products).where(eq(products.current, true));
  return product ?? null;
}

/** Whether a product ZIP is on sale now: the landing page's offer is InStock or OutOfStock. */
export async function isProductForSale(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.current, true));
  return row !== undefined;
}
