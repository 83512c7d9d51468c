import { createHash } from "node:crypto";
import { Readable, Transform } from "node:stream";
import { eq } from "drizzle-orm";
import parseRange from "range-parser";
import { PRODUCT, TIMING } from "~/content/site";
import { downloads, orders } from "../../../db/schema.ts";
import { logger } from "../logger.server.ts";
import { getCurrentProduct } from "../products/get-current-product.server.ts";
import type { Services } from "../services.server.ts";
import { signToken, verifyToken } from "../signed-token.server.ts";

/** A link to the file for one paid order, valid 300 s (spec section 9). */
export function createDownloadToken(secrets: string[], orderId: string, now = Date.now()) {
  return signToken(secrets, "download", { o: orderId }, now + TIMING.downloadLinkSeconds * 1000);
}

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

const hashIp = (ip: string | null) =>
  ip ? createHash("sha256").update(ip).digest("hex").slice(0, 32) : null;

/**
 * `/download/{token}`: the product ZIP for a paid, unrefunded order. Streams from local disk
 * with Range, If-Range, HEAD and an ETag (the file's SHA-256); with object storage, a 302 to a
 * presigned URL. Every download is recorded with the bytes actually sent.
 */
export async function serveDownload(services: Services, request: Request, token: string, ip: string | null) {
  const verified = verifyToken<{ o: string }>(services.settings.sessionSecrets, "download", token);
  if (!verified)
    return text(
      403,
      "This download link is invalid or has expired. Open your download page again to get a new one.",
    );
  const db = services.database.db;
  const [order] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.id, verified.data.o));
  if (order?.status !== "paid") return text(403, "This order has no active download.");
  const product = await getCurrentProduct(db);
  const stat = product && (await services.store.stat(product.fileKey));
  if (!product || !stat) return text(404, "The toolkit is temporarily unavailable. Please contact support.");

  const store = services.store as typeof services.store & {
    presignedGetUrl?: (key: string, opts: { expiresIn: number; fileName: string }) => Promise<string>;
  };
  if (store.presignedGetUrl) {
    await db.insert(downloads).values({ orderId: order.id, ipHash: hashIp(ip), bytes: stat.size });
    const url = await store.presignedGetUrl(product.fileKey, {
      expiresIn: TIMING.downloadLinkSeconds,
      fileName: PRODUCT.downloadFileName,
    });
    return new Response(null, { status: 302, headers: { Location: url, "Cache-Control": "no-store" } });
  }

  const size = stat.size;
  const etag = `"${product.sha256}"`;
  const headers: Record<string, string> = {
    "Content-Type": "application/zip",
    "Content-Disposition": `attachment; filename="${PRODUCT.downloadFileName}"`,
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Last-Modified": product.uploadedAt.toUTCString(),
    "Cache-Control": "private, no-store",
  };
  let status = 200;
  let range: { start: number; end: number } | undefined;
  const rangeHeader = request.headers.get("range");
  const ifRange = request.headers.get("if-range");
  // If-Range: resume only if the file is still the one the client started with.
  const rangeApplies = rangeHeader && (!ifRange || ifRange === etag || ifRange === headers["Last-Modified"]);
  if (rangeApplies) {
    const ranges = parseRange(size, rangeHeader, { combine: true });
    if (ranges === -1)
      return text(416, "Requested range not satisfiable", { "Content-Range": `bytes */${size}` });
    // -2 (malformed) is ignored as RFC 9110 allows; several ranges are answered with the whole file.
    if (ranges !== -2 && ranges.type === "bytes" && ranges.length === 1 && ranges[0]) {
      range = { start: ranges[0].start, end: ranges[0].end };
      status = 206;
      headers["Content-Range"] = `bytes ${range.start}-${range.end}/${size}`;
    }
  }
  const length = range ? range.end - range.start + 1 : size;
  headers["Content-Length"] = String(length);
  if (request.method === "HEAD") return new Response(null, { status, headers });

  const source = await services.store.get(product.fileKey, range);
  let sent = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sent += chunk.length;
      callback(null, chunk);
    },
  });
  const record = () => {
    db.insert(downloads)
      .values({ orderId: order.id, ipHash: hashIp(ip), bytes: sent })
      .catch((error: unknown) => logger.error({ err: error, orderId: order.id }, "download not recorded"));
  };
  counter.once("close", record);
  source.once("error", (error) => counter.destroy(error));
  const body = Readable.toWeb(source.pipe(counter)) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}
