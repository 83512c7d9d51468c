/**
 * The stored product ZIP's directory: where its central directory lies (the personal copy copies
 * it byte for byte after the licence) and its entries (what "What's inside" lists and serves).
 *
 * A small reader of our own for the end records and the directory's records: yauzl does not tell
 * where the central directory starts or how long it is, and over object storage it would ask the
 * bucket once per record (20,000 requests for 10,000 entries); here the directory is read in one
 * request. yauzl still decodes each name (CP437 or UTF-8, the Info-ZIP Unicode path field) and
 * splits the extra fields. Parsed once per product and kept (`productZipDirectory`).
 */
import { getFileNameLowLevel, parseExtraFields } from "yauzl";
import type { ProductCache } from "#app/lib/downloads/product-cache.server.ts";
import type { FileStore } from "#app/lib/storage/file-store.ts";

export interface ZipEntry {
  /** Its position in the central directory: how a URL names it (never by its path). */
  index: number;
  /** The path as stored, decoded (backslashes read as "/"); may be hostile, never used on disk. */
  name: string;
  /** 0 stored, 8 deflated; anything else cannot be served on its own. */
  method: number;
  /** Bit 0 set: encrypted. */
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
  isDirectory: boolean;
}

export interface ZipDirectory {
  /** Where the first central directory record starts, and the directory's length in bytes. */
  offset: number;
  length: number;
  /** Whether the archive has ZIP64 end records (the copy keeps them). */
  zip64: boolean;
  /** The archive comment, kept as is. */
  comment: Buffer;
  entries: ZipEntry[];
}

/** Bytes `start` (inclusive) to `end` (exclusive) of the stored file. */
type ReadBytes = (start: number, end: number) => Promise<Buffer>;

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_RECORD = 0x02014b50;
const MAX_COMMENT = 0xffff;

export class NotAZipError extends Error {
  override name = "NotAZipError";
}

const u64 = (buffer: Buffer, at: number) => {
  const value = buffer.readBigUInt64LE(at);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new NotAZipError("offset out of range");
  return Number(value);
};

/** Reads the end records and the central directory of a ZIP of `size` bytes. */
export async function readZipDirectory(read: ReadBytes, size: number): Promise<ZipDirectory> {
  const tailStart = Math.max(0, size - 22 - MAX_COMMENT - 20);
  const tail = await read(tailStart, size);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD && i + 22 + tail.readUInt16LE(i + 20) === tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new NotAZipError("no end of central directory record");
  if (tail.readUInt16LE(at + 4) !== 0 || tail.readUInt16LE(at + 6) !== 0)
    throw new NotAZipError("multi-disk archive");
  let count = tail.readUInt16LE(at + 10);
  let length = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  const comment = Buffer.from(tail.subarray(at + 22));
  let directoryEnd = tailStart + at;
  const zip64 = at >= 20 && tail.readUInt32LE(at - 20) === ZIP64_LOCATOR;
  if (zip64) {
    const recordAt = u64(tail, at - 20 + 8);
    const record = await read(recordAt, recordAt + 56);
    if (record.length < 56 || record.readUInt32LE(0) !== ZIP64_EOCD)
      throw new NotAZipError("no ZIP64 end record");
    count = u64(record, 32);
    length = u64(record, 40);
    offset = u64(record, 48);
    directoryEnd = recordAt;
  }
  if (offset + length > directoryEnd) throw new NotAZipError("central directory out of bounds");
  const directory = await read(offset, offset + length);
  return { offset, length, zip64, comment, entries: parseEntries(directory, count) };
}

/** The `count` records of a central directory. */
function parseEntries(directory: Buffer, count: number): ZipEntry[] {
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let index = 0; index < count; index++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_RECORD)
      throw new NotAZipError("bad central directory record");
    const flags = directory.readUInt16LE(at + 8);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > directory.length) throw new NotAZipError("central directory record too long");
    const nameBytes = directory.subarray(at + 46, at + 46 + nameLength);
    const extraFields = parseExtraFields(
      directory.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength),
    );
    let uncompressedSize = directory.readUInt32LE(at + 24);
    let compressedSize = directory.readUInt32LE(at + 20);
    let localHeaderOffset = directory.readUInt32LE(at + 42);
    // ZIP64: the values that did not fit are in the 0x0001 extra field, in this order.
    const zip64 = extraFields.find((field) => field.id === 0x0001)?.data;
    let z = 0;
    const wide = (value: number) => {
      if (value !== 0xffffffff || !zip64) return value;
      if (z + 8 > zip64.length) throw new NotAZipError("short ZIP64 extra field");
      const wideValue = u64(zip64, z);
      z += 8;
      return wideValue;
    };
    uncompressedSize = wide(uncompressedSize);
    compressedSize = wide(compressedSize);
    localHeaderOffset = wide(localHeaderOffset);
    const name = getFileNameLowLevel(flags, nameBytes, extraFields, false);
    entries.push({
      index,
      name,
      method: directory.readUInt16LE(at + 10),
      flags,
      compressedSize,
      uncompressedSize,
      localHeaderOffset,
      isDirectory: name.endsWith("/"),
    });
    at = next;
  }
  return entries;
}

/** Bytes `start` (inclusive) to `end` (exclusive) of a stored object, read whole. */
export function storeReader(files: FileStore, key: string): ReadBytes {
  return async (start, end) => {
    if (end <= start) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    for await (const chunk of await files.get(key, { start, end: end - 1 })) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
}

/**
 * The directory of a product's stored ZIP, read once per product and kept in the store's memory
 * for the next downloads.
 */
export function productZipDirectory(
  store: { files: FileStore; memory: { zipDirectories: ProductCache<ZipDirectory> } },
  product: { id: string; fileKey: string; size: number },
): Promise<ZipDirectory> {
  return store.memory.zipDirectories.get(product.id, () =>
    readZipDirectory(storeReader(store.files, product.fileKey), product.size),
  );
}
