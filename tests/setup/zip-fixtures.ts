/**
 * Product ZIPs built in the tests instead of committed binaries: a small writer for what the
 * archivers cannot be asked to make (hostile names, 10,000 entries in a moment, large stored
 * files), and Info-ZIP's `zip` for real-world variants (ZIP64, data descriptors, a comment).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, deflateRawSync } from "node:zlib";
import type { LicenceIssuer } from "#app/lib/downloads/licence-pdf.server.ts";
import { type CopyOrder, personalCopy } from "#app/lib/downloads/personal-copy.server.ts";
import { readZipDirectory } from "#app/lib/downloads/zip-directory.server.ts";

export interface FixtureEntry {
  /** As stored: bytes (any name, hostile ones included) or a UTF-8 string. */
  name: string | Buffer;
  data: Buffer;
  deflate?: boolean;
}

/** A ZIP of `entries` (stored or deflated, UTF-8 names), with an optional archive comment. */
export function buildZip(entries: FixtureEntry[], comment = ""): Buffer {
  const parts: Buffer[] = [];
  const records: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = typeof entry.name === "string" ? Buffer.from(entry.name) : entry.name;
    const body = entry.deflate ? deflateRawSync(entry.data) : entry.data;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0800, 6);
    header.writeUInt16LE(entry.deflate ? 8 : 0, 8);
    header.writeUInt16LE(0x2821, 12); // 2000-01-01
    header.writeUInt32LE(crc32(entry.data), 14);
    header.writeUInt32LE(body.length, 18);
    header.writeUInt32LE(entry.data.length, 22);
    header.writeUInt16LE(name.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    header.copy(record, 6, 4, 30); // version needed .. name length: the same fields
    record.writeUInt32LE(offset, 42);
    parts.push(header, name, body);
    records.push(record, name);
    offset += header.length + name.length + body.length;
  }
  const directory = Buffer.concat(records);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(Buffer.byteLength(comment), 20);
  return Buffer.concat([...parts, directory, end, Buffer.from(comment)]);
}

/** Writes `bytes` to a new temporary file and returns its path. */
export async function tempFile(bytes: Buffer, name = "product.zip"): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), "zip-fixture-")), name);
  await writeFile(path, bytes);
  return path;
}

/**
 * A ZIP made by Info-ZIP's `zip` from a small folder of files: `zip64` forces ZIP64 records,
 * `streamed` writes it to a pipe, as streaming archivers do (each entry then has a data
 * descriptor after its data), `comment` sets the archive comment.
 */
export async function infoZip(options: { zip64?: boolean; comment?: string; streamed?: boolean }) {
  const cwd = await mkdtemp(join(tmpdir(), "zip-info-"));
  await writeFile(join(cwd, "Canva links.pdf"), Buffer.alloc(20_000, "%PDF-1.4 links "));
  await writeFile(join(cwd, "README.txt"), "Open the PDF for the Canva links.\n");
  const zip = join(cwd, "product.zip");
  const args = ["-q", "-X", ...(options.zip64 ? ["-fz"] : []), options.streamed ? "-" : zip];
  const made = execFileSync("zip", [...args, "Canva links.pdf", "README.txt"], { cwd });
  if (options.streamed) await writeFile(zip, made);
  if (options.comment !== undefined) execFileSync("zip", ["-q", "-z", zip], { cwd, input: options.comment });
  return zip;
}

/**
 * The personal copy of `file` (a product ZIP's bytes) for `order`, put together from its
 * segments in memory: what a buyer's download must be, byte for byte.
 */
export async function expectedCopy(file: Buffer, order: CopyOrder, issuer: LicenceIssuer) {
  const directory = await readZipDirectory(async (start, end) => file.subarray(start, end), file.length);
  const sha256 = createHash("sha256").update(file).digest("hex");
  const copy = await personalCopy({ sha256, size: file.length }, directory, order, issuer);
  const bytes = Buffer.concat(
    copy.segments.map((s) => ("bytes" in s ? s.bytes : file.subarray(s.offset, s.offset + s.length))),
  );
  return { bytes, etag: copy.etag, directory, segments: copy.segments };
}
