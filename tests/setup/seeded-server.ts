import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { licenceIssuer } from "#app/lib/downloads/licence-pdf.server.ts";
import { createDownloadToken } from "#app/lib/downloads/prepare-download.server.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import { fulfilOrder, hashAccessToken } from "#app/lib/orders/fulfil-order.server.ts";
import { createServices, type Services } from "#app/lib/services.server.ts";
import { accessLinks, orders } from "#db/schema.ts";
import { databaseTemplate, type TestBackend } from "./databases.ts";
import { SAMPLE_ZIP, seedProduct } from "./seed-product.ts";
import { TEST_SELLER } from "./seller.ts";
import { type RunningServer, startServer } from "./server.ts";
import { expectedCopy } from "./zip-fixtures.ts";

const SEEDED_SECRET = "k".repeat(40);

/**
 * Seeds a product and one paid order through the store's own code, then starts the built server
 * on the same data. Returns the server, a download token for the order, and a way to reopen the
 * data (PGlite allows one process at a time, so only after the server has stopped).
 */
export async function startSeededServer(
  backend: TestBackend,
  env: Record<string, string> = {},
  productFile = SAMPLE_ZIP,
  options: { dev?: boolean } = {},
) {
  const dataDir = await mkdtemp(join(tmpdir(), "store-seeded-"));
  const url = backend.freshUrl ? await backend.freshUrl() : undefined;
  const fullEnv = {
    DATA_DIR: dataDir,
    TOKEN_SECRET: SEEDED_SECRET,
    ADMIN_PASSWORD: "seeded-admin-password",
    ...TEST_SELLER,
    ...(url ? { DATABASE_URL: url } : {}),
    ...env,
  };
  const open = () => createServices(parseEnv(fullEnv), { databaseTemplate: databaseTemplate() });
  const services = await open();
  const { bytes, product } = await seedProduct(services, productFile);
  const [order] = await services.database.db
    .insert(orders)
    .values({
      email: "buyer@example.com",
      amountCents: 4700,
      provider: "test",
      providerSessionId: "test_cs_seeded",
    })
    .returning();
  await fulfilOrder(services.database.db, services.links, { orderId: order!.id });
  const [paid] = await services.database.db.select().from(orders).where(eq(orders.id, order!.id));
  const accessToken = randomBytes(32).toString("base64url");
  await services.database.db
    .insert(accessLinks)
    .values({ tokenHash: hashAccessToken(accessToken), orderId: order!.id });
  const copy = await expectedCopy(bytes, { ...paid!, paidAt: paid!.paidAt! }, licenceIssuer(services.env));
  const source = await services.files.downloadSource(product.fileKey, { expiresIn: 60, fileName: "t.zip" });
  const filePath = "path" in source ? source.path : null;
  await services.close();
  return {
    server: await startServer(fullEnv, options),
    /** Where the product file lies, with the local file store (null on S3). */
    filePath,
    /** Starts the server again on the same data (after `server.stop()`). */
    restart: (): Promise<RunningServer> => startServer(fullEnv, options),
    bytes,
    /** The order's reference (what buyers see) and a success-page access token (`?t=`) for it. */
    reference: paid!.reference,
    accessToken,
    /** The buyer's personal copy of the product (ADR 019): what their download sends. */
    copy,
    product,
    orderId: order!.id,
    token: (now = Date.now()) =>
      createDownloadToken([SEEDED_SECRET], { orderId: order!.id, productId: product.id }, now),
    /** The store's data, opened by the test (with PGlite only while the server is stopped). */
    open: open as () => Promise<Services>,
  };
}
