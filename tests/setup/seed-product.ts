import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { Services } from "#app/lib/services.server.ts";
import { products } from "#db/schema.ts";

export const SAMPLE_ZIP = "tests/fixtures/toolkit-sample.zip";

/** Puts a ZIP in the store and makes it the current product, as an admin upload would. */
export async function seedProduct(services: Services, path = SAMPLE_ZIP) {
  const bytes = await readFile(path);
  const { key, size } = await services.files.put(createReadStream(path), {
    prefix: "products/toolkit-",
    extension: ".zip",
  });
  const db = services.database.db;
  await db.update(products).set({ current: false }).where(eq(products.current, true));
  const [product] = await db
    .insert(products)
    .values({
      fileKey: key,
      fileName: "toolkit.zip",
      size,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      entryCount: 3,
      current: true,
    })
    .returning();
  return { product: product!, bytes };
}
