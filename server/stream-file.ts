import { type FileHandle, open } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import type { Readable } from "node:stream";
import type { ByteRange, Segment } from "#app/lib/storage/file-store.ts";

/** Bytes read from disk per step: also the whole buffer a download holds while it runs. */
export const CHUNK_BYTES = 64 * 1024;

/**
 * Where the stored file's ranges come from: a file on this machine (read with one reused buffer)
 * or object storage (`open` asks the bucket for exactly that range, a GetObject with Range).
 */
export type SegmentSource = { path: string } | { open(range: ByteRange): Promise<Readable> };

interface StreamEvents {
  /** Each chunk once the socket has taken it. */
  onSent(bytes: number): void;
  /** Opening or reading the stored file failed; everything is already closed. */
  onError(error: NodeJS.ErrnoException): void;
  /** Every byte was written and the response ended. */
  onEnd(): void;
}

/** The total length of a list of segments: the download's Content-Length. */
export const segmentsLength = (segments: Segment[]) =>
  segments.reduce((sum, segment) => sum + ("bytes" in segment ? segment.bytes.length : segment.length), 0);

/**
 * Writes bytes `start` to `end` (inclusive) of the concatenation of `segments` to `res`, then ends
 * it. A range may begin and end in any segment (a resumed download of the personal copy starts
 * anywhere: in the product's bytes, in the appended licence, in the new directory).
 *
 * `fs.createReadStream` allocates a fresh 64 KiB buffer for every chunk it reads; at a few hundred
 * concurrent downloads that is hundreds of MB a second of short-lived off-heap memory, which V8
 * frees only at its next GC and malloc rarely hands back to the system, so the process's RSS
 * grew by over 100 MB serving 200 downloads. Here each download from disk reads into one buffer
 * of its own and reads the next chunk into it only after the socket has taken the previous one
 * (the write's callback), so a download holds at most CHUNK_BYTES whatever the client's speed,
 * and nothing is allocated per chunk. The buffer is never shared between downloads. From object
 * storage the bucket's response is read at the socket's pace (the next chunk is asked for only
 * once the previous one was written).
 *
 * Stops, and closes the file or the bucket's response, when the response closes early.
 */
export function streamSegments(
  res: ServerResponse,
  source: SegmentSource,
  segments: Segment[],
  start: number,
  end: number,
  events: StreamEvents,
): void {
  let stopped = false;
  /** Resolves the write under way when the response closes first (its callback may never come). */
  let abandon: (() => void) | null = null;
  const stop = () => {
    stopped = true;
    abandon?.();
  };
  res.on("close", stop);

  /** Writes `chunk`; true once the socket has taken it, false when the response is gone. */
  const write = (chunk: Buffer) =>
    new Promise<boolean>((resolve) => {
      abandon = () => resolve(false);
      res.write(chunk, (error) => resolve(!error && !stopped));
    }).then((written) => {
      abandon = null;
      if (written) events.onSent(chunk.length);
      return written;
    });

  let handle: FileHandle | null = null;
  let buffer: Buffer | null = null;

  /** Bytes `from` to `to` (inclusive) of the stored file; false when the response went away. */
  const writeFileRange = async (from: number, to: number): Promise<boolean> => {
    if ("open" in source) {
      const body = await source.open({ start: from, end: to });
      try {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          if (stopped || !(await write(chunk))) return false;
        }
      } finally {
        body.destroy();
      }
      return true;
    }
    handle ??= await open(source.path, "r");
    buffer ??= Buffer.allocUnsafeSlow(Math.max(1, Math.min(CHUNK_BYTES, end - start + 1)));
    for (let position = from; position <= to; ) {
      if (stopped) return false;
      const { bytesRead } = await handle.read(
        buffer,
        0,
        Math.min(buffer.length, to - position + 1),
        position,
      );
      // The file is shorter than stat said (it was cut meanwhile): end here, as a read stream would.
      if (bytesRead === 0) return true;
      position += bytesRead;
      if (!(await write(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead)))) return false;
    }
    return true;
  };

  const run = async () => {
    let at = 0;
    for (const segment of segments) {
      const length = "bytes" in segment ? segment.bytes.length : segment.length;
      const from = Math.max(start, at);
      const to = Math.min(end, at + length - 1);
      at += length;
      if (from > to) continue;
      const written =
        "bytes" in segment
          ? await write(segment.bytes.subarray(from - (at - length), to - (at - length) + 1))
          : await writeFileRange(segment.offset + from - (at - length), segment.offset + to - (at - length));
      if (!written || stopped) return;
    }
    res.end();
    events.onEnd();
  };

  run()
    .catch((error: NodeJS.ErrnoException) => {
      if (!stopped) events.onError(error);
    })
    .finally(() => {
      res.off("close", stop);
      void handle?.close().catch(() => {});
    });
}
