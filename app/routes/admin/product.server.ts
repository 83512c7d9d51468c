/**
 * Prodotto at `/{ADMIN_PATH}/prodotto` (ADR 033): the current file, its versions, and what buyers
 * see in "What's inside" (the files of the stored ZIP, folders not counted), read from the
 * store's cached ZIP directory.
 */
import { productZipDirectory } from "#app/lib/downloads/zip-directory.server.ts";
import { listEntries } from "#app/lib/downloads/zip-entries.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import { versionHistory } from "#app/lib/products/version-history.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { uploadRefusalFrom } from "#app/routes/admin/upload.server.ts";

export async function loadProductPage(services: Services, query: URLSearchParams) {
  const db = services.database.db;
  const [product, versions] = await Promise.all([getCurrentProduct(db), versionHistory(db)]);
  let files: ReturnType<typeof listEntries> | null = null;
  if (product) {
    try {
      files = listEntries((await productZipDirectory(services, product)).entries);
    } catch (error) {
      logger.error({ err: error, productId: product.id }, "could not read the product's ZIP directory");
    }
  }
  return {
    adminPath: services.settings.adminPath,
    maxUploadBytes: services.env.MAX_UPLOAD_BYTES,
    /** An upload refused while the page ran without JavaScript (its form was posted as a document). */
    uploadRefusal: uploadRefusalFrom(query, services.env.MAX_UPLOAD_BYTES),
    product: product && {
      fileName: product.fileName,
      size: product.size,
      uploadedAt: product.uploadedAt.toISOString(),
      sha256: product.sha256,
      version: product.version,
    },
    files,
    versions: { items: versions, perMinute: services.env.UPDATE_EMAILS_PER_MINUTE },
  };
}

export type ProductPageData = Awaited<ReturnType<typeof loadProductPage>>;
