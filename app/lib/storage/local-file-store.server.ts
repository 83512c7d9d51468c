import { createReadStream, createWriteStream } from "node:fs";
import { access, constants, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { isProcessRunning } from "#app/lib/db/database.server.ts";
import {
  assertValidKey,
  type ByteRange,
  type DownloadSource,
  type FileStore,
  keyFor,
  type ObjectName,
  type StoredObject,
} from "#app/lib/storage/file-store.ts";

/** Files on local disk under `root`. Writes land in a temporary file and are renamed into place. */
export class LocalFileStore implements FileStore {
  readonly kind = "local" as const;
  private readonly root: string;
  private readonly tmpDir: string;

  constructor(root: string) {
    this.root = resolve(root);
    this.tmpDir = join(this.root, ".tmp");
  }

  /** Absolute path of a key, checked to stay inside the root. */
  private pathOf(key: string): string {
    assertValidKey(key);
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error("Key escapes the storage root");
    return path;
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  async put(body: Readable, name: ObjectName) {
    const key = keyFor(name);
    const target = this.pathOf(key);
    await mkdir(this.tmpDir, { recursive: true });
    await mkdir(dirname(target), { recursive: true });
    // Named after the writing process, so a start can tell a dead writer's leftover at once.
    const tmp = join(this.tmpDir, `${process.pid}-${crypto.randomUUID()}.part`);
    let size = 0;
    body.on("data", (chunk: Buffer) => {
      size += chunk.length;
    });
    try {
      await pipeline(body, createWriteStream(tmp, { flags: "wx" }));
      await rename(tmp, target);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    return { key, size };
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(key);
    // Open first so a missing file rejects here rather than as a stream error later.
    await stat(path);
    return createReadStream(path, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { key, size: s.size, lastModified: s.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /**
   * The temporary files of writes that were cut off before their rename (`.tmp/<pid>-<uuid>.part`):
   * last written before `before`, or written by a process that no longer runs (a killed store), or
   * by this very process in an earlier life (called at start, before this one writes anything).
   */
  async removeLeftovers(before: Date) {
    let names: string[];
    try {
      names = await readdir(this.tmpDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return { count: 0, bytes: 0 };
      throw error;
    }
    let count = 0;
    let bytes = 0;
    for (const name of names) {
      const path = join(this.tmpDir, name);
      const s = await stat(path).catch(() => null);
      const writer = Number(name.match(/^(\d+)-[0-9a-f]{8}-/)?.[1] ?? Number.NaN);
      const writerGone = Number.isInteger(writer) && (writer === process.pid || !isProcessRunning(writer));
      if (!s?.isFile() || (s.mtime >= before && !writerGone)) continue;
      await rm(path, { force: true });
      count++;
      bytes += s.size;
    }
    return { count, bytes };
  }

  /** The file itself: the server streams it (send + streamFile). */
  async downloadSource(key: string): Promise<DownloadSource> {
    return { path: this.pathOf(key) };
  }

  async list(prefix = ""): Promise<StoredObject[]> {
    let names: string[];
    try {
      names = await readdir(this.root, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    const objects: StoredObject[] = [];
    for (const name of names) {
      const key = relative(this.root, join(this.root, name)).split(sep).join("/");
      if (key.startsWith(".tmp") || !key.startsWith(prefix)) continue;
      const s = await this.stat(key).catch(() => null);
      if (s) objects.push(s);
    }
    return objects.sort((a, b) => b.lastModified.getTime() - a.lastModified.getTime());
  }
}
