import { createHash } from "node:crypto";
import { and, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { PRODUCT, TIMING } from "#app/content/site.ts";
import { askBuyerToConfirm } from "#app/lib/downloads/download-confirmation.server.ts";
import {
  recordTransfer,
  type TransferRecord,
  type TransferRow,
} from "#app/lib/downloads/download-record.server.ts";
import { continuesSentBytes, usedFromAnotherNetwork } from "#app/lib/downloads/link-use.server.ts";
import { type CopyOrder, copyEtag } from "#app/lib/downloads/personal-copy.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { enqueueEmail } from "#app/lib/mail/outbox.server.ts";
import { networkOf } from "#app/lib/network.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { signToken, verifyToken } from "#app/lib/signed-token.server.ts";
import { downloads, orders } from "#db/schema.ts";

/** A download that started while its link was valid may be resumed (Range) with that link this long after it started. */
export const RESUME_MS = 24 * 60 * 60_000;

/** More distinct networks than this downloading one order within `windowMs` is taken for a shared link (ADR 020). */
export const SHARING = { networks: 5, windowMs: 24 * 60 * 60_000 } as const;

/** What a download link carries: the order, the product it was made for, and whether the buyer confirmed it. */
interface LinkData {
  o: string;
  p: string | null;
  /** Made by a confirmation the buyer opened from their inbox (ADR 020): allowed after sharing was noticed. */
  c?: 1;
}

/**
 * A link to the file for one paid order: it may be started for 300 s, and a download started in
 * time may be resumed for RESUME_MS, for the same file (`productId`, the product on sale when the
 * link was made).
 */
export function createDownloadToken(
  secrets: string[],
  link: { orderId: string; productId: string | null; confirmed?: boolean },
  now = Date.now(),
) {
  const data: LinkData = { o: link.orderId, p: link.productId, ...(link.confirmed ? { c: 1 as const } : {}) };
  return signToken(secrets, "download", data, now + TIMING.downloadLinkSeconds * 1000);
}

/** The admin's link to check the current product, valid 60 s. */
export function createAdminDownloadToken(secrets: string[], now = Date.now()) {
  return signToken(secrets, "admin-download", {}, now + TIMING.adminLinkSeconds * 1000);
}

type DownloadPlan =
  /** The link is forged or expired, the order is not paid (or refunded), or no product is on sale. */
  | { kind: "refuse"; reason: "invalid-link" | "not-paid" | "unavailable" }
  /** Sharing was noticed on the order: the buyer must confirm their address (a link was e-mailed). */
  | { kind: "confirm" }
  /** The admin's check with the files in object storage: a presigned URL. */
  | { kind: "redirect"; url: string }
  /** A buyer's download: their personal copy of the product (app/lib/downloads/personal-copy.server.ts). */
  | {
      kind: "copy";
      product: { id: string; fileKey: string; sha256: string; size: number };
      order: CopyOrder;
      fileName: string;
      lastModified: Date;
      /**
       * Called when the bytes start to flow (not for HEAD or a 304/412/416): records the transfer,
       * of the whole copy from `startByte` or, with `entry`, of one file of the ZIP ("What's inside").
       */
      startRecord(transfer?: { entry?: string; startByte?: number }): TransferRecord;
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

/** The request headers the decision reads besides the link. */
export interface DownloadRequest {
  range?: string | undefined;
  ifRange?: string | undefined;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const hashIp = (ip: string | null) => (ip ? sha256(ip).slice(0, 32) : null);

/** Whether `ifRange` (an ETag or a date) still names the file `etag`/`lastModified`. */
function ifRangeHolds(ifRange: string, etag: string, lastModified: Date) {
  if (ifRange.includes('"')) return ifRange === etag;
  const date = Date.parse(ifRange);
  return !Number.isNaN(date) && Math.floor(lastModified.getTime() / 1000) * 1000 <= date;
}

/**
 * Decides what `/download/{token}` answers: for a paid, unrefunded order the buyer's personal
 * copy of the current product (the Node server streams it with Range support, from disk or from
 * object storage); for the admin's check the file itself (a presigned URL when the files are in
 * object storage); a request to confirm the buyer's address once the order's link looks shared;
 * or a refusal. ADR 020: a link is started within its 300 s; a download started in time is
 * resumed with Range requests for RESUME_MS, for the same file only, and only from where one of
 * the link's transfers left off (ADR 035). Every buyer's transfer is recorded as it goes
 * (download-record.server.ts).
 */
export async function prepareDownload(
  services: Services,
  token: string,
  ip: string | null,
  request: DownloadRequest = {},
): Promise<DownloadPlan> {
  const secrets = services.settings.tokenSecrets;
  const db = services.database.db;
  const now = Date.now();
  const forAdmin = verifyToken(secrets, "admin-download", token) !== null;
  // Genuine and not expired more than RESUME_MS ago; whether it may still be used is decided below.
  const link = forAdmin ? null : verifyToken<LinkData>(secrets, "download", token, now - RESUME_MS);
  if (!forAdmin && !link) return { kind: "refuse", reason: "invalid-link" };
  const linkHash = sha256(token);
  const resuming = link !== null && link.expiresAt <= now;
  if (
    resuming &&
    !(await continuesSentBytes(
      db,
      { orderId: link.data.o, linkHash, expiresAt: link.expiresAt },
      request.range,
      now,
      RESUME_MS,
    ))
  ) {
    return { kind: "refuse", reason: "invalid-link" };
  }
  const network = networkOf(ip);
  let buyer: CopyOrder | null = null;
  if (link) {
    const [order] = await db
      .select({
        id: orders.id,
        status: orders.status,
        email: orders.email,
        reference: orders.reference,
        paidAt: orders.paidAt,
        createdAt: orders.createdAt,
        sharingFlaggedAt: orders.sharingFlaggedAt,
        erasedAt: orders.erasedAt,
      })
      .from(orders)
      .where(eq(orders.id, link.data.o));
    if (order?.status !== "paid") return { kind: "refuse", reason: "not-paid" };
    // The buyer's data was erased on request: a link issued before stops too (its 300 s, its resume).
    if (order.erasedAt) return { kind: "refuse", reason: "invalid-link" };
    // A confirmed link passes the order's flag but not the network check: it serves one network.
    const askToConfirm = link.data.c
      ? await usedFromAnotherNetwork(db, linkHash, network)
      : order.sharingFlaggedAt !== null || (await sharingNoticed(services, order, network, now));
    if (askToConfirm) {
      await askBuyerToConfirm(services, order);
      return { kind: "confirm" };
    }
    buyer = {
      id: order.id,
      reference: order.reference,
      email: order.email,
      paidAt: order.paidAt ?? order.createdAt,
    };
  }
  const product = await getCurrentProduct(db);
  const stat = product && (await services.files.stat(product.fileKey));
  if (!product || !stat) {
    return { kind: "refuse", reason: "unavailable" };
  }
  if (buyer) {
    // An expired link resumes only the copy it was made for, and only while If-Range still names it.
    const etag = copyEtag(product.sha256, buyer.id);
    if (
      resuming &&
      (link.data.p !== product.id ||
        (request.ifRange !== undefined && !ifRangeHolds(request.ifRange, etag, product.uploadedAt)))
    ) {
      return { kind: "refuse", reason: "invalid-link" };
    }
    // The address as given is kept for dispute evidence until the retention job clears it
    // (app/lib/maintenance.server.ts).
    const row: TransferRow = { orderId: buyer.id, ipHash: hashIp(ip), ip, network, linkHash };
    return {
      kind: "copy",
      product,
      order: buyer,
      fileName: PRODUCT.downloadFileName,
      lastModified: product.uploadedAt,
      startRecord: ({ entry, startByte = 0 } = {}) =>
        recordTransfer(db, services.memory.progressWrites, { ...row, entry: entry ?? null, startByte }),
    };
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

/**
 * Whether this request makes the order's downloads come from more than SHARING.networks networks
 * within SHARING.windowMs. The first time, the order is flagged and the owner alerted, once
 * (the flag is set only where it is not yet, and the alert's dedupe key is the order).
 */
async function sharingNoticed(
  services: Services,
  order: { id: string; email: string; reference: string },
  network: string | null,
  now: number,
) {
  if (!network) return false;
  const db = services.database.db;
  const seen = await db
    .selectDistinct({ network: downloads.network })
    .from(downloads)
    .where(
      and(
        eq(downloads.orderId, order.id),
        isNotNull(downloads.network),
        gt(downloads.at, new Date(now - SHARING.windowMs)),
      ),
    );
  const networks = new Set([...seen.map((row) => row.network!), network]);
  if (networks.size <= SHARING.networks) return false;
  await db.transaction(async (tx) => {
    const [flagged] = await tx
      .update(orders)
      .set({ sharingFlaggedAt: new Date(now) })
      .where(and(eq(orders.id, order.id), isNull(orders.sharingFlaggedAt)))
      .returning({ number: orders.number });
    if (!flagged) return;
    await enqueueEmail(tx, {
      to: services.env.SUPPORT_EMAIL,
      template: "sharing-alert",
      dedupeKey: `sharing:${order.id}`,
      orderId: order.id,
      payload: {
        orderNumber: flagged.number,
        reference: order.reference,
        networks: networks.size,
        windowHours: SHARING.windowMs / 3_600_000,
      },
    });
  });
  logger.warn({ orderId: order.id, networks: networks.size }, "download link looks shared: order flagged");
  services.kickOutbox();
  return true;
}
