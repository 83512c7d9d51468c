/**
 * One file of the product ZIP on its own, for "What's inside" (ADR 019): how it is listed (a name
 * safe to show, its folder, its type) and served (streamed out of the stored ZIP, inflated on the
 * fly when deflated). Entries are named by their index in the central directory; a path taken
 * from the ZIP is only ever shown or put in a download's filename, never used on a file system.
 */
import { Readable, Transform, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createInflateRaw } from "node:zlib";
import type { ZipEntry } from "#app/lib/downloads/zip-directory.server.ts";
import type { FileStore } from "#app/lib/storage/file-store.ts";

/** Longest name or folder shown (characters); the rest is elided in the middle. */
const SHOWN_LENGTH = 120;

/**
 * The types "What's inside" names, and what it serves them as; `opens`: shown in the browser (a
 * PDF, an image) rather than saved. SVG is not among the images: it can carry scripts.
 */
interface FileType {
  label: string;
  mime: string;
  opens?: true;
}

const TYPES: Record<string, FileType> = {
  pdf: { label: "PDF", mime: "application/pdf", opens: true },
  txt: { label: "Text", mime: "text/plain; charset=utf-8" },
  md: { label: "Text", mime: "text/plain; charset=utf-8" },
  csv: { label: "Spreadsheet", mime: "text/csv; charset=utf-8" },
  png: { label: "Image", mime: "image/png", opens: true },
  jpg: { label: "Image", mime: "image/jpeg", opens: true },
  jpeg: { label: "Image", mime: "image/jpeg", opens: true },
  gif: { label: "Image", mime: "image/gif", opens: true },
  webp: { label: "Image", mime: "image/webp", opens: true },
  docx: {
    label: "Word document",
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  xlsx: { label: "Spreadsheet", mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  pptx: {
    label: "Presentation",
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  },
  mp4: { label: "Video", mime: "video/mp4" },
  zip: { label: "ZIP archive", mime: "application/zip" },
};
const OTHER: FileType = { label: "File", mime: "application/octet-stream" };

/**
 * Control characters (NUL included) and bidirectional controls shown as the replacement
 * character: a right-to-left override would show "RTL\u202Egnp.exe" as "RTLexe.png".
 */
const printable = (text: string) => text.replace(/[\p{Cc}\p{Bidi_Control}]/gu, "\ufffd");

const elide = (text: string) =>
  text.length <= SHOWN_LENGTH
    ? text
    : `${text.slice(0, SHOWN_LENGTH / 2 - 1)}…${text.slice(text.length - SHOWN_LENGTH / 2)}`;

/** The path's parts without empty, "." and ".." segments: a leading "/", "C:" or "../" is dropped. */
function parts(name: string): string[] {
  return name
    .split("/")
    .filter((part) => part !== "" && part !== "." && part !== "..")
    .filter((part, i) => !(i === 0 && /^[a-zA-Z]:$/.test(part)));
}

export interface ListedEntry {
  index: number;
  /** The file's own name and its folder ("" at the root), safe to show. */
  name: string;
  folder: string;
  size: number;
  type: string;
  /** Whether the browser shows it (a PDF, an image) rather than saves it. */
  opens: boolean;
  /** Whether it can be served on its own (stored or deflated, not encrypted). */
  available: boolean;
}

const typeOf = (name: string) => TYPES[name.split(".").pop()?.toLowerCase() ?? ""] ?? OTHER;

/** Whether an entry's data can be read here: stored or deflated, not encrypted. */
export const isServable = (entry: ZipEntry) =>
  !entry.isDirectory && (entry.method === 0 || entry.method === 8) && (entry.flags & 0x01) === 0;

/**
 * The files of the ZIP as "What's inside" lists them, sorted by folder then name. A pack zipped
 * from its folder has every file under that one root folder: its name is the pack's, so folders
 * are named from inside it, and its own files are at the top level.
 */
export function listEntries(entries: ZipEntry[]): ListedEntry[] {
  const files = entries
    .filter((entry) => !entry.isDirectory)
    .map((entry) => ({ entry, path: parts(printable(entry.name)) }));
  const root = files[0]?.path[0];
  const oneRoot = files.every(({ path }) => path.length > 1 && path[0] === root);
  return files
    .map(({ entry, path }) => {
      const folders = oneRoot ? path.slice(1) : path;
      const name = folders.pop() ?? "\ufffd";
      const type = typeOf(name);
      return {
        index: entry.index,
        name: elide(name),
        folder: elide(folders.join(" / ")),
        size: entry.uncompressedSize,
        type: type.label,
        opens: type.opens === true,
        available: isServable(entry),
      };
    })
    .sort((a, b) => a.folder.localeCompare(b.folder) || a.name.localeCompare(b.name));
}

/**
 * The headers of an entry's download: PDFs and images open in the browser, anything else is saved. The
 * filename is the entry's own name: ASCII in `filename`, the exact name in `filename*`.
 */
export function entryHeaders(entry: ZipEntry): Record<string, string> {
  const name = parts(printable(entry.name)).pop()?.slice(-200) ?? "file";
  const type = typeOf(name);
  const ascii = name.replace(/[^\w .()-]/g, "_");
  const disposition = type.opens ? "inline" : "attachment";
  return {
    "Content-Type": type.mime,
    "Content-Disposition": `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  };
}

/** Passes at most `limit` bytes, then fails: a deflated entry may not inflate past its stated size. */
function capped(limit: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit ? new Error("entry larger than its stated size") : null, chunk);
    },
  });
}

/**
 * Streams the entry's content to `to`, from the stored ZIP: its local header is read first (its
 * name and extra field lengths say where the data starts), then exactly its compressed bytes,
 * inflated on the way when deflated. Resolves when all is written; rejects when the stored data
 * is broken or `to` went away.
 */
export async function pipeEntry(
  files: FileStore,
  key: string,
  entry: ZipEntry,
  to: Writable,
  onData: (bytes: number) => void,
): Promise<void> {
  const header: Buffer[] = [];
  const at = entry.localHeaderOffset;
  for await (const chunk of await files.get(key, { start: at, end: at + 29 })) header.push(chunk as Buffer);
  const local = Buffer.concat(header);
  if (local.length < 30 || local.readUInt32LE(0) !== 0x04034b50) throw new Error("bad local header");
  const start = at + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  const data =
    entry.compressedSize === 0
      ? Readable.from([])
      : await files.get(key, { start, end: start + entry.compressedSize - 1 });
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      onData(chunk.length);
      done(null, chunk);
    },
  });
  if (entry.method === 0) return pipeline(data, counting, to);
  return pipeline(data, createInflateRaw(), capped(entry.uncompressedSize), counting, to);
}
