/**
 * The body of `/download/{token}`: a list of segments (server/stream-file.ts) answered with
 * `send`'s HTTP semantics (Range, If-Range, HEAD, conditional requests, 416), whether it is the
 * stored file itself (the admin's check) or a buyer's personal copy, which exists only as those
 * segments and never as a file.
 */
import { STATUS_CODES } from "node:http";
import type { Request, Response } from "express";
import send from "send";
import { DOWNLOAD_REFUSALS } from "#app/content/checkout.ts";
import { NOT_RECORDED, type TransferRecord } from "#app/lib/downloads/download-record.server.ts";
import { licenceIssuer } from "#app/lib/downloads/licence-pdf.server.ts";
import { personalCopy } from "#app/lib/downloads/personal-copy.server.ts";
import type { prepareDownload } from "#app/lib/downloads/prepare-download.server.ts";
import { productZipDirectory } from "#app/lib/downloads/zip-directory.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import type { FileStore, Segment } from "#app/lib/storage/file-store.ts";
import { type SegmentSource, segmentsLength, streamSegments } from "./stream-file.ts";

type Plan = Awaited<ReturnType<typeof prepareDownload>>;

const REFUSAL_STATUS = { "invalid-link": 403, "not-paid": 403, unavailable: 404 } as const;

/** Answers a refused download: the status and the buyer-facing sentence for the reason. */
export function refuseDownload(res: Response, reason: Extract<Plan, { kind: "refuse" }>["reason"]): void {
  res.status(REFUSAL_STATUS[reason]).type("text/plain").send(DOWNLOAD_REFUSALS[reason]);
}

export interface DownloadBody {
  fileName: string;
  /** Quoted: a resumed download (If-Range) continues only on the same bytes. */
  etag: string;
  lastModified: Date;
  source: SegmentSource;
  segments: Segment[];
  /** Called when the bytes start to flow, from `startByte`: a buyer's transfer is recorded as it goes. */
  startRecord?(startByte: number): TransferRecord;
}

/** Where a stored object's ranges are read: from disk with the local store, from the bucket with S3. */
export async function storedSource(files: FileStore, key: string): Promise<SegmentSource> {
  if (files.kind === "s3") return { open: (range) => files.get(key, range) };
  return (await files.downloadSource(key, { expiresIn: 0, fileName: "" })) as { path: string };
}

/** What a plan that serves bytes sends: the admin's stored file, or the buyer's personal copy. */
export async function downloadBody(
  services: Services,
  plan: Extract<Plan, { kind: "copy" | "file" }>,
): Promise<DownloadBody> {
  if (plan.kind === "file") {
    return { ...plan, source: { path: plan.path }, segments: [{ offset: 0, length: plan.size }] };
  }
  const directory = await productZipDirectory(services, plan.product);
  const copy = await personalCopy(plan.product, directory, plan.order, licenceIssuer(services.env));
  return {
    fileName: plan.fileName,
    etag: copy.etag,
    lastModified: plan.lastModified,
    source: await storedSource(services.files, plan.product.fileKey),
    segments: copy.segments,
    startRecord: (startByte) => plan.startRecord({ startByte }),
  };
}

/**
 * Answers `req` with `body`. send decides the status, the range and the headers from the size and
 * the dates given here (its own file lookup is replaced), then streamSegments writes the bytes.
 */
export function sendDownload(req: Request, res: Response, body: DownloadBody): void {
  res.setHeader("Content-Disposition", `attachment; filename="${body.fileName}"`);
  res.setHeader("ETag", body.etag);
  res.setHeader("Last-Modified", body.lastModified.toUTCString());
  const file = send(req, `/${body.fileName}`, {
    etag: false,
    lastModified: false,
    cacheControl: false,
    acceptRanges: true,
  });
  const size = segmentsLength(body.segments);
  file.sendFile = (path: string) => file.send(path, { size, mtime: body.lastModified } as never);
  // send calls stream() with the byte range it settled on, after the status and headers are set
  // (not for HEAD, 304, 412 or 416): the transfer is recorded from its first byte
  // (app/lib/downloads/download-record.server.ts).
  file.stream = (_path: string, range: { start?: number; end?: number } = {}) => {
    const record = body.startRecord?.(range.start ?? 0) ?? NOT_RECORDED;
    res.once("close", () => record.closed());
    streamSegments(res, body.source, body.segments, range.start ?? 0, range.end ?? 0, {
      onSent: (bytes) => record.sent(bytes),
      // Before the first byte send answers (404 for a vanished file); after it, cut the response.
      onError: (error) => (res.headersSent ? res.destroy(error) : file.onStatError(error)),
      onEnd: () => {
        record.finished();
        file.emit("end");
      },
    });
  };
  file.on("error", (error: { status?: number; headers?: Record<string, string> }) => {
    for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
    res
      .status(error.status ?? 500)
      .type("text/plain")
      .send(STATUS_CODES[error.status ?? 500]);
  });
  file.pipe(res);
}
