/**
 * `/download/{token}/entries/{index}`: one file of the pack, for "What's inside" (ADR 019). The
 * token is checked by the same prepareDownload as the whole pack's (paid, not refunded or
 * disputed, a valid link); the file is named by its index in the ZIP's central directory and
 * streamed out of the stored ZIP, and the download is recorded with the entry's path.
 */
import type { RequestHandler } from "express";
import { prepareDownload } from "#app/lib/downloads/prepare-download.server.ts";
import { productZipDirectory } from "#app/lib/downloads/zip-directory.server.ts";
import { entryHeaders, isServable, pipeEntry } from "#app/lib/downloads/zip-entries.server.ts";
import { confirmDownloadPath } from "#app/lib/links.ts";
import type { Services } from "#app/lib/services.server.ts";
import { refuseDownload } from "./download-response.ts";

/** The handler, for this process's services. */
export function downloadEntry(services: Services): RequestHandler {
  return async (req, res, next) => {
    try {
      res.setHeader("Cache-Control", "private, no-store");
      const plan = await prepareDownload(services, String(req.params.token), req.ip ?? null);
      if (plan.kind === "refuse") return refuseDownload(res, plan.reason);
      if (plan.kind === "confirm") return void res.redirect(303, confirmDownloadPath());
      const index = /^\d{1,7}$/.test(String(req.params.index)) ? Number(req.params.index) : -1;
      const directory = plan.kind === "copy" ? await productZipDirectory(services, plan.product) : null;
      const entry = directory?.entries[index];
      if (plan.kind !== "copy" || !entry || !isServable(entry)) {
        return void res.status(404).type("text/plain").send("Not Found");
      }
      for (const [name, value] of Object.entries(entryHeaders(entry))) res.setHeader(name, value);
      if (entry.method === 0) res.setHeader("Content-Length", entry.uncompressedSize);
      if (req.method === "HEAD") return void res.end();
      const record = plan.startRecord({ entry: entry.name });
      res.once("close", () => record.closed());
      await pipeEntry(services.files, plan.product.fileKey, entry, res, (bytes) => record.sent(bytes))
        .then(() => record.finished())
        .catch((error: NodeJS.ErrnoException) => {
          // The response can only be cut now; a client going away is not an error.
          if (error.code !== "ERR_STREAM_PREMATURE_CLOSE")
            req.log.error({ err: error }, "entry download failed");
          res.destroy();
        });
    } catch (error) {
      next(error);
    }
  };
}
