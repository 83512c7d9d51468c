import { eq } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { countFirstDownload } from "#app/lib/funnel/count-step.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { downloads } from "#db/schema.ts";

/** How often a running transfer's byte count is written: a crash loses at most this much of the record. */
export const PROGRESS_EVERY_MS = 2_000;

/** What one transfer's row holds besides its bytes (see `downloads` in db/schema.ts). */
export type TransferRow = Omit<typeof downloads.$inferInsert, "id" | "at" | "bytes" | "finishedAt">;

/** The hooks a streamed response calls as it goes; each is cheap and never throws. */
export interface TransferRecord {
  /** `bytes` more were handed to the socket. */
  sent(bytes: number): void;
  /** The last byte was sent. */
  finished(): void;
  /** The response closed, finished or cut: the final count is written. */
  closed(): void;
}

/** For a transfer nobody records (the admin checking the file). */
export const NOT_RECORDED: TransferRecord = { sent() {}, finished() {}, closed() {} };

/**
 * Records one transfer as it happens (issue 16): its row is inserted when the first byte is about
 * to go (bytes 0), its byte count is written at most every PROGRESS_EVERY_MS while bytes flow, and
 * the last write sets `finishedAt` when every byte was sent. A process killed mid-transfer thus
 * leaves a row with the bytes sent up to its last write and no `finishedAt`: a cut download.
 * Writes run one after another; a failed one is logged and the transfer goes on.
 */
export function recordTransfer(db: Db, row: TransferRow): TransferRecord {
  let total = 0;
  let written = 0;
  let lastWriteAt = Date.now();
  let done = false;
  const fail = (error: unknown) =>
    logger.error({ err: error, orderId: row.orderId }, "download not recorded");
  let chain: Promise<number | null> = db
    .insert(downloads)
    .values({ ...row, at: new Date(lastWriteAt), bytes: 0 })
    .returning({ id: downloads.id })
    .then(async ([inserted]) => {
      if (!inserted) return null;
      // The order's first download is the funnel's last step (ADR 023).
      await countFirstDownload(db, row.orderId, inserted.id).catch(fail);
      return inserted.id;
    })
    .catch((error: unknown) => {
      fail(error);
      return null;
    });
  const write = (finishedAt: Date | null) => {
    const bytes = total;
    written = bytes;
    lastWriteAt = Date.now();
    chain = chain.then(async (id) => {
      if (id === null) return id;
      await db
        .update(downloads)
        .set(finishedAt ? { bytes, finishedAt } : { bytes })
        .where(eq(downloads.id, id))
        .catch(fail);
      return id;
    });
  };
  return {
    sent(bytes) {
      total += bytes;
      if (!done && Date.now() - lastWriteAt >= PROGRESS_EVERY_MS) write(null);
    },
    finished() {
      if (done) return;
      done = true;
      write(new Date());
    },
    closed() {
      if (done) return;
      done = true;
      if (total !== written) write(null);
    },
  };
}
