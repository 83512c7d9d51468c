import { eq } from "drizzle-orm";
import type { Services } from "#app/lib/services.server.ts";
import { products } from "#db/schema.ts";

/**
 * How long ago a file must have been last written to be a leftover: an upload in progress, on
 * this instance or another, writes its file continuously and records it within seconds after.
 */
export const ORPHAN_AGE_MS = 15 * 60_000;

/**
 * Removes what failed or interrupted uploads left in storage (a process killed mid-upload, a
 * previous product's file that could not be deleted): temporary files, and every product file but
 * the current product's, last written over ORPHAN_AGE_MS ago. Says how many files and bytes.
 */
export async function sweepOrphanFiles(services: Services, now = new Date()) {
  const before = new Date(now.getTime() - ORPHAN_AGE_MS);
  const removed = await services.files.removeLeftovers(before);
  const current = await services.database.db
    .select({ key: products.fileKey })
    .from(products)
    .where(eq(products.current, true));
  const keep = new Set(current.map((row) => row.key));
  for (const object of await services.files.list("products/")) {
    if (keep.has(object.key) || object.lastModified >= before) continue;
    await services.files.delete(object.key);
    removed.count++;
    removed.bytes += object.size;
  }
  return removed;
}
