/**
 * A buyer's personal copy of the pack: the stored ZIP with one more entry at its root,
 * `LICENSE - <order reference>.pdf`, added without recompressing anything. The copy is the stored
 * file's bytes up to its central directory as they are, the licence's local header and data
 * (stored, so no compressor's version can change a byte), the old central directory records
 * byte for byte, the licence's record, and new end records (ZIP64 when the original has them or
 * an offset or a count no longer fits in 32/16 bits). Nothing is written to disk: the download is
 * a list of segments (ranges of the stored file, bytes in memory) that server/stream-file.ts
 * streams, any byte range of it. The same order always gives the same bytes. ADR 019.
 */
import { createHash } from "node:crypto";
import { crc32 } from "node:zlib";
import { type LicenceIssuer, licencePdf } from "#app/lib/downloads/licence-pdf.server.ts";
import type { ZipDirectory } from "#app/lib/downloads/zip-directory.server.ts";
import type { Segment } from "#app/lib/storage/file-store.ts";

/**
 * Bumped whenever the copy's bytes for an order would change (the licence's layout, pdf-lib's
 * output): the ETag changes with it, so a resume never stitches two versions together.
 */
const COPY_FORMAT = 2;

const U16 = 0xffff;
const U32 = 0xffffffff;

export interface CopyOrder {
  id: string;
  reference: string;
  email: string;
  paidAt: Date;
}

export interface PersonalCopy {
  /** The pieces of the download, in order; their lengths add up to the Content-Length. */
  segments: Segment[];
  /** Quoted; from the product's SHA-256, the order and the copy's format. */
  etag: string;
}

/** The licence entry's name inside the ZIP. */
export const licenceEntryName = (reference: string) => `LICENSE - ${reference}.pdf`;

/** MS-DOS date and time (UTC: the order's date as the licence states it). */
function dosDateTime(date: Date) {
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1);
  const day = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return { time, day };
}

/** The copy of `product` (its stored ZIP's `directory`) for `order`, with the license `issuer` grants. */
export async function personalCopy(
  product: { sha256: string; size: number },
  directory: ZipDirectory,
  order: CopyOrder,
  issuer: LicenceIssuer,
): Promise<PersonalCopy> {
  const pdf = await licencePdf({ ...order, ...issuer });
  const name = Buffer.from(licenceEntryName(order.reference), "utf8");
  const { time, day } = dosDateTime(order.paidAt);
  const crc = crc32(pdf);
  const localOffset = directory.offset;
  const needs64Offset = localOffset >= U32;

  const local = Buffer.alloc(30 + name.length);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4); // version needed: 2.0
  local.writeUInt16LE(0x0800, 6); // the name is UTF-8
  local.writeUInt16LE(0, 8); // stored
  local.writeUInt16LE(time, 10);
  local.writeUInt16LE(day, 12);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(pdf.length, 18);
  local.writeUInt32LE(pdf.length, 22);
  local.writeUInt16LE(name.length, 26);
  local.writeUInt16LE(0, 28);
  name.copy(local, 30);

  const extra = Buffer.alloc(needs64Offset ? 12 : 0);
  if (needs64Offset) {
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(8, 2);
    extra.writeBigUInt64LE(BigInt(localOffset), 4);
  }
  const record = Buffer.alloc(46 + name.length + extra.length);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(needs64Offset ? 45 : 20, 4); // made by: MS-DOS, 2.0 (4.5 with ZIP64)
  record.writeUInt16LE(needs64Offset ? 45 : 20, 6);
  record.writeUInt16LE(0x0800, 8);
  record.writeUInt16LE(0, 10);
  record.writeUInt16LE(time, 12);
  record.writeUInt16LE(day, 14);
  record.writeUInt32LE(crc, 16);
  record.writeUInt32LE(pdf.length, 20);
  record.writeUInt32LE(pdf.length, 24);
  record.writeUInt16LE(name.length, 28);
  record.writeUInt16LE(extra.length, 30);
  record.writeUInt32LE(needs64Offset ? U32 : localOffset, 42);
  name.copy(record, 46);
  extra.copy(record, 46 + name.length);

  const count = directory.entries.length + 1;
  const offset = localOffset + local.length + pdf.length;
  const length = directory.length + record.length;
  const zip64 = directory.zip64 || count >= U16 || offset >= U32 || length >= U32;
  const end: Buffer[] = [];
  if (zip64) {
    const record64 = Buffer.alloc(56);
    record64.writeUInt32LE(0x06064b50, 0);
    record64.writeBigUInt64LE(44n, 4); // the record's size after this field
    record64.writeUInt16LE(45, 12);
    record64.writeUInt16LE(45, 14);
    record64.writeBigUInt64LE(BigInt(count), 24);
    record64.writeBigUInt64LE(BigInt(count), 32);
    record64.writeBigUInt64LE(BigInt(length), 40);
    record64.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + length), 8);
    locator.writeUInt32LE(1, 16);
    end.push(record64, locator);
  }
  const eocd = Buffer.alloc(22 + directory.comment.length);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(Math.min(count, U16), 8);
  eocd.writeUInt16LE(Math.min(count, U16), 10);
  eocd.writeUInt32LE(Math.min(length, U32), 12);
  eocd.writeUInt32LE(Math.min(offset, U32), 16);
  eocd.writeUInt16LE(directory.comment.length, 20);
  directory.comment.copy(eocd, 22);
  end.push(eocd);

  return {
    segments: [
      { offset: 0, length: localOffset },
      { bytes: Buffer.concat([local, pdf]) },
      { offset: directory.offset, length: directory.length },
      { bytes: Buffer.concat([record, ...end]) },
    ],
    etag: copyEtag(product.sha256, order.id),
  };
}

/** The copy's ETag, quoted: from the product's SHA-256, the order and the copy's format. */
export function copyEtag(productSha256: string, orderId: string): string {
  const tag = createHash("sha256").update(`${productSha256}:${orderId}:${COPY_FORMAT}`).digest("base64url");
  return `"${tag.slice(0, 32)}"`;
}
