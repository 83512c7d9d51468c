/**
 * Prepares the store of the product-updates journey before its server starts: the sample product
 * (v2.0) and a seeded set of buyers: paid ones (one of them twice), a refunded and a pending one.
 * Run as `node --import tsx tests/e2e/seed-buyers.ts` with DATA_DIR and PAID_BUYERS (comma-separated
 * addresses, the first of which buys twice) set.
 */
import { eq } from "drizzle-orm";
import { parseEnv } from "#app/lib/env.server.ts";
import { createServices } from "#app/lib/services.server.ts";
import { orders, products } from "#db/schema.ts";
import { seedProduct } from "../setup/seed-product.ts";

const paidBuyers = (process.env.PAID_BUYERS ?? "").split(",").filter(Boolean);
if (paidBuyers.length === 0) throw new Error("PAID_BUYERS must be set");

const services = await createServices(parseEnv());
const db = services.database.db;
const { product } = await seedProduct(services);
await db.update(products).set({ version: "v2.0" }).where(eq(products.id, product.id));
const order = (email: string, status: "paid" | "refunded" | "pending") => ({
  email,
  amountCents: 4700,
  provider: "test",
  status,
  paidAt: status === "pending" ? null : new Date(),
});
await db
  .insert(orders)
  .values([
    ...paidBuyers.map((email) => order(email, "paid")),
    order(paidBuyers[0]!, "paid"),
    order("refunded@example.com", "refunded"),
    order("pending@example.com", "pending"),
  ]);
await services.close();
