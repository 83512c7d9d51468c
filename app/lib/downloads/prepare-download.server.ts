import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { PRODUCT, TIMING } from "#app/content/site.ts";
import { countFirstDownload } from "#app/lib/funnel/count-step.server.ts";
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
  | { kind: "redirect"; url: string }
  | {
      kind: "file";
      path: string;
      fileName: string;
      /** The file's SHA-256, quoted: a resumed download (If-Range) continues only on the same file. */
      etag: string;
      lastModified: Date;
      /** Records the download with the bytes actually sent. */
      record(bytes: number): void;
    };

const hashIp = (ip: string | null) =>
  ip ? createHash("sha256").update(ip).digest("hex").slice(0, 32) : null;

/**
 * Decides what `/download/{token}` answers: the file of the current product for a paid,
 * unrefunded order (the Node server streams it with Range support), a presigned URL when the
 * files are in object storage, or a refusal. Every download is recorded.
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
  let orderId: string | null = null;
  if (verified) {
    const [order] = await db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.id, verified.data.o));
    if (order?.status !== "paid") return { kind: "refuse", reason: "not-paid" };
    orderId = order.id;
  }
  const product = await getCurrentProduct(db);
  const stat = product && (await services.files.stat(product.fileKey));
  if (!product || !stat) {
    return { kind: "refuse", reason: "unavailable" };
  }
  const fileName = forAdmin ? PRODUCT.adminDownloadFileName : PRODUCT.downloadFileName;
  // The admin checking the file is not a buyer's download. The address as given is kept for
  // dispute evidence until the retention job clears it (app/lib/maintenance.server.ts).
  const record = (bytes: number) => {
    const buyerOrder = orderId;
    if (!buyerOrder) return;
    db.insert(downloads)
      .values({ orderId: buyerOrder, ipHash: hashIp(ip), ip, bytes })
      .returning({ id: downloads.id })
      // The order's first download is the funnel's last step (ADR 023).
      .then(([row]) => row && countFirstDownload(db, buyerOrder, row.id))
      .catch((error: unknown) => logger.error({ err: error, orderId }, "download not recorded"));
  };

  const source = await services.files.downloadSource(product.fileKey, {
    expiresIn: forAdmin ? TIMING.adminLinkSeconds : TIMING.downloadLinkSeconds,
    fileName,
  });
  if ("url" in source) {
    record(stat.size);
    return { kind: "redirect", url: source.url };
  }
  return {
    kind: "file",
    path: source.path,
    fileName,
    etag: `"${product.sha256}"`,
    lastModified: product.uploadedAt,
    record,
  };
}
