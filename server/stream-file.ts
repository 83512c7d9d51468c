import { close, open, read } from "node:fs";
import type { ServerResponse } from "node:http";

/** Bytes read from disk per step: also the whole buffer a download holds while it runs. */
export const CHUNK_BYTES = 64 * 1024;

interface StreamFileEvents {
  /** Each chunk once the socket has taken it. */
  onSent(bytes: number): void;
  /** Opening or reading the file failed; the file descriptor is already closed. */
  onError(error: NodeJS.ErrnoException): void;
  /** Every byte was written and the response ended. */
  onEnd(): void;
}

const ignore = () => {};

/**
 * Writes bytes `start` to `end` (inclusive) of the file at `path` to `res`, then ends it.
 *
 * `fs.createReadStream` allocates a fresh 64 KiB buffer for every chunk it reads; at a few hundred
 * concurrent downloads that is hundreds of MB a second of short-lived off-heap memory, which V8
 * frees only at its next GC and malloc rarely hands back to the system, so the process's RSS
 * grew by over 100 MB serving 200 downloads. Here each download reads into one buffer of its
 * own and reads the next chunk into it only after the socket has taken the previous one (the
 * write's callback), so a download holds at most CHUNK_BYTES whatever the client's speed, and
 * nothing is allocated per chunk. The buffer is never shared between downloads.
 *
 * Stops, and closes the file, when the response closes early (the client went away).
 */
export function streamFile(
  res: ServerResponse,
  path: string,
  start: number,
  end: number,
  events: StreamFileEvents,
): void {
  const buffer = Buffer.allocUnsafeSlow(Math.max(1, Math.min(CHUNK_BYTES, end - start + 1)));
  let fd = -1;
  /** An open or a read is under way: the descriptor is closed only when it returns. */
  let busy = true;
  let stopped = false;
  let position = start;
  let writing = 0;

  const release = () => {
    if (fd >= 0) close(fd, ignore);
    fd = -1;
  };
  const stop = () => {
    if (stopped) return;
    stopped = true;
    res.off("close", stop);
    if (!busy) release();
  };
  const fail = (error: NodeJS.ErrnoException) => {
    if (stopped) return;
    stop();
    events.onError(error);
  };
  const next = () => {
    if (stopped) return;
    if (position > end) {
      stop();
      res.end();
      events.onEnd();
      return;
    }
    busy = true;
    read(fd, buffer, 0, Math.min(buffer.length, end - position + 1), position, afterRead);
  };
  const afterRead = (error: NodeJS.ErrnoException | null, bytesRead: number) => {
    busy = false;
    if (stopped) return release();
    if (error) return fail(error);
    // The file is shorter than stat said (it was cut meanwhile): end here, as a read stream would.
    if (bytesRead === 0) position = end + 1;
    else {
      position += bytesRead;
      writing = bytesRead;
      return void res.write(bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead), afterWrite);
    }
    next();
  };
  // Called once the socket no longer needs the buffer: only then is it filled again.
  const afterWrite = (error?: Error | null) => {
    if (error) return stop();
    events.onSent(writing);
    next();
  };

  res.on("close", stop);
  open(path, "r", (error, opened) => {
    busy = false;
    if (error) return fail(error);
    fd = opened;
    if (stopped) return release();
    next();
  });
}
