import { eq, sql } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import { countFirstDownload } from "#app/lib/funnel/count-step.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { downloads } from "#db/schema.ts";

/** How often running transfers' byte counts are written: a crash loses at most this much of the record. */
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

/** A transfer whose row exists and whose bytes still flow. */
interface Running {
  id: number;
  total: number;
  written: number;
}

/**
 * The running transfers of one store and their progress writes (kept in its services): one statement every
 * PROGRESS_EVERY_MS for all of them, not one per transfer. 200 downloads at once on PGlite spent
 * 1.7 s of the main thread on a statement per transfer every 2 s (ADR 020). A count only grows
 * (`greatest`), so a progress write finishing after the transfer's last one changes nothing.
 */
export class ProgressWrites {
  readonly #running = new Set<Running>();
  #lastWriteAt = Date.now();
  #writing = false;
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  add(transfer: Running) {
    // The clock starts with the first transfer: none is written sooner than PROGRESS_EVERY_MS after it began.
    if (this.#running.size === 0 && !this.#writing) this.#lastWriteAt = Date.now();
    this.#running.add(transfer);
  }

  /** A transfer whose last write is its own (finished or closed): no longer in the progress writes. */
  remove(transfer: Running) {
    this.#running.delete(transfer);
  }

  /** Writes every running transfer's count once PROGRESS_EVERY_MS have passed since the last write. */
  due() {
    if (this.#writing || Date.now() - this.#lastWriteAt < PROGRESS_EVERY_MS) return;
    this.#lastWriteAt = Date.now();
    const counts = [...this.#running]
      .filter((t) => t.total > t.written)
      .map((t) => {
        t.written = t.total;
        return sql`(${t.id}::bigint, ${t.total}::bigint)`;
      });
    if (counts.length === 0) return;
    this.#writing = true;
    // At most one row per open response: far below the 32,767 rows a statement's parameters allow.
    this.#db
      .execute(sql`update downloads set bytes = greatest(downloads.bytes, v.bytes)
        from (values ${sql.join(counts, sql`, `)}) as v(id, bytes) where downloads.id = v.id`)
      .catch((error: unknown) =>
        logger.error({ err: error, transfers: counts.length }, "download progress not recorded"),
      )
      .finally(() => {
        this.#writing = false;
      });
  }
}

/**
 * Records one transfer as it happens (ADR 020): its row is inserted when the first byte is about
 * to go (bytes 0), its byte count is written with every running transfer's at most every
 * PROGRESS_EVERY_MS while bytes flow, and its last write sets `finishedAt` when every byte was
 * sent. A process killed mid-transfer thus leaves a row with the bytes sent up to the last write
 * and no `finishedAt`: a cut download. A failed write is logged and the transfer goes on.
 */
export function recordTransfer(db: Db, writes: ProgressWrites, row: TransferRow): TransferRecord {
  const fail = (error: unknown) =>
    logger.error({ err: error, orderId: row.orderId }, "download not recorded");
  let total = 0;
  let running: Running | null = null;
  let done = false;
  const inserted: Promise<number | null> = db
    .insert(downloads)
    .values({ ...row, at: new Date(), bytes: 0 })
    .returning({ id: downloads.id })
    .then(async ([saved]) => {
      if (!saved) return null;
      if (!done) {
        running = { id: saved.id, total, written: 0 };
        writes.add(running);
      }
      // The order's first download is the funnel's last step (ADR 023).
      await countFirstDownload(db, row.orderId, saved.id).catch(fail);
      return saved.id;
    })
    .catch((error: unknown) => {
      fail(error);
      return null;
    });
  /** The transfer's last write: its count, and `finishedAt` when every byte went. */
  const last = (finishedAt: Date | null) => {
    done = true;
    if (running) writes.remove(running);
    const bytes = total;
    if (bytes === (running?.written ?? 0) && !finishedAt) return;
    void inserted.then(async (id) => {
      if (id === null) return;
      await db
        .update(downloads)
        .set({ bytes: sql`greatest(${downloads.bytes}, ${bytes})`, ...(finishedAt ? { finishedAt } : {}) })
        .where(eq(downloads.id, id))
        .catch(fail);
    });
  };
  return {
    sent(bytes) {
      total += bytes;
      if (running) {
        running.total = total;
        writes.due();
      }
    },
    finished() {
      if (!done) last(new Date());
    },
    closed() {
      if (!done) last(null);
    },
  };
}
