import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { PRODUCT, TIMING } from "#app/content/site.ts";
import type { CopyOrder } from "#app/lib/downloads/personal-copy.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { signToken, verifyToken } from "#app/lib/signed-token.server.ts";
import { downloads, orders } from "#db/schema.ts";

/** A link to the file for one paid order, valid 300 s. */
export function createDownloadToken(secrets: string[], orderId: string, now = Date.now()) {
  return signToken(secrets, "download", { o: orderId }, now + TIMING.downloadLinkSeconds * 1000);
}

/** The admin's link to check the current product, valid 60 s. */
export function createAdminDownloadToken(secrets: string[], now = Date.now()) {
  return signToken(secrets, "admin-download", {}, now + TIMING.adminLinkSeconds * 1000);
}

type DownloadPlan =
  /** The link is forged or expired, the order is not paid (or refunded), or no product is on sale. */
  | { kind: "refuse"; reason: "invalid-link" | "not-paid" | "unavailable" }
  /** The admin's check with the files in object storage: a presigned URL. */
  | { kind: "redirect"; url: string }
  /** A buyer's download: their personal copy of the product (app/lib/downloads/personal-copy.server.ts). */
  | {
      kind: "copy";
      product: { id: string; fileKey: string; sha256: string; size: number };
      order: CopyOrder;
      fileName: string;
      lastModified: Date;
      /** Records the download with the bytes actually sent; `entry` for one file of the ZIP. */
      record(bytes: number, entry?: string): void;
    }
  /** The admin's check with the files on this machine: the stored file itself. */
  | {
      kind: "file";
      path: string;
      size: number;
      fileName: string;
      /** The file's SHA-256, quoted: a resumed download (If-Range) continues only on the same file. */
      etag: string;
      lastModified: Date;
    };

const hashIp = (ip: string | null) =>
  ip ? createHash("sha256").update(ip).digest("hex").slice(0, 32) : null;

/**
 * Decides what `/download/{token}` answers: for a paid, unrefunded order the buyer's personal
 * copy of the current product (the Node server streams it with Range support, from disk or from
 * object storage); for the admin's check the file itself (a presigned URL when the files are in
 * object storage); or a refusal. Every buyer's download is recorded.
 */
export async function prepareDownload(
  services: Services,
  token: string,
  ip: string | null,
): Promise<DownloadPlan> {
  const secrets = services.settings.tokenSecrets;
  const db = services.database.db;
  const forAdmin = verifyToken(secrets, "admin-download", token) !== null;
  const verified = forAdmin ? null : verifyToken<{ o: string }>(secrets, "download", token);
  if (!forAdmin && !verified) {
    return { kind: "refuse", reason: "invalid-link" };
  }
  let buyer: CopyOrder | null = null;
  if (verified) {
    const [found] = await db
      .select({
        id: orders.id,
        status: orders.status,
        reference: orders.reference,
        email: orders.email,
        paidAt: orders.paidAt,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.id, verified.data.o));
    if (found?.status !== "paid") return { kind: "refuse", reason: "not-paid" };
    buyer = {
      id: found.id,
      reference: found.reference,
      email: found.email,
      paidAt: found.paidAt ?? found.createdAt,
    };
  }
  const product = await getCurrentProduct(db);
  const stat = product && (await services.files.stat(product.fileKey));
  if (!product || !stat) {
    return { kind: "refuse", reason: "unavailable" };
  }
  if (buyer) {
    const orderId = buyer.id;
    // The address as given is kept for dispute evidence until the retention job clears it
    // (app/lib/maintenance.server.ts).
    const record = (bytes: number, entry?: string) => {
      db.insert(downloads)
        .values({ orderId, ipHash: hashIp(ip), ip, bytes, entry: entry ?? null })
        .catch((error: unknown) => logger.error({ err: error, orderId }, "download not recorded"));
    };
    const fileName = PRODUCT.downloadFileName;
    return { kind: "copy", product, order: buyer, fileName, lastModified: product.uploadedAt, record };
  }
  // The admin checking the file is not a buyer's download: it is the stored file, not recorded.
  const fileName = PRODUCT.adminDownloadFileName;
  const source = await services.files.downloadSource(product.fileKey, {
    expiresIn: TIMING.adminLinkSeconds,
    fileName,
  });
  if ("url" in source) return { kind: "redirect", url: source.url };
  return {
    kind: "file",
    path: source.path,
    size: stat.size,
    fileName,
    etag: `"${product.sha256}"`,
    lastModified: product.uploadedAt,
  };
}
