import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { inflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it, vi } from "vitest";
import { LICENSE, PRODUCT } from "#app/content/site.ts";
import { licencePdf } from "#app/lib/downloads/licence-pdf.server.ts";
import { licenceEntryName } from "#app/lib/downloads/personal-copy.server.ts";
import { readZipDirectory } from "#app/lib/downloads/zip-directory.server.ts";
import { buildZip, expectedCopy, infoZip, tempFile } from "../setup/zip-fixtures.ts";

const ORDER = {
  id: "7d7c7f1e-0c55-4b0e-9a53-0d1b0c6f8a11",
  reference: "LCT-0A1B2C3D4E",
  email: "buyer@example.com",
  paidAt: new Date("2026-11-20T10:00:00Z"),
};

const ISSUER = {
  seller: "Coaching Shop Srl, Via Roma 1, 20121 Milano, Italy · VAT ID IT12345678903",
  supportEmail: "help@shop.test",
};

/** The copy of the ZIP at `path`, put together from its segments as the server streams them. */
const copyOf = async (path: string, order = ORDER) => expectedCopy(await readFile(path), order, ISSUER);

/** `unzip -t`, `7z t` and `unzip -l` on the copy: both pass and the licence is listed at the root. */
async function expectValidCopy(bytes: Buffer, entries: number) {
  const path = await tempFile(bytes, "copy.zip");
  const unzipTest = execFileSync("unzip", ["-t", path], { maxBuffer: 64 * 1024 * 1024 }).toString();
  expect(unzipTest).toContain("No errors detected");
  const sevenZip = execFileSync("7z", ["t", path], { maxBuffer: 64 * 1024 * 1024 }).toString();
  expect(sevenZip).toContain("Everything is Ok");
  expect(sevenZip).toContain(`Files: ${entries + 1}`);
  const list = execFileSync("unzip", ["-Z1", path], { maxBuffer: 64 * 1024 * 1024 })
    .toString()
    .split("\n");
  expect(list).toContain(licenceEntryName(ORDER.reference));
  const pdf = execFileSync("unzip", ["-p", path, licenceEntryName(ORDER.reference)]);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  return path;
}

/** The text a PDF's pages draw (pdf-lib writes each line as a hex string in a deflated stream). */
function pdfText(pdf: Buffer): string {
  const text: string[] = [];
  for (const [, body] of pdf.toString("latin1").matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const raw = Buffer.from(body!, "latin1");
    let content: string;
    try {
      content = inflateSync(raw).toString("latin1");
    } catch {
      content = raw.toString("latin1");
    }
    for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g))
      text.push(Buffer.from(hex!, "hex").toString("latin1"));
  }
  return text.join("\n");
}

describe("the licence PDF", () => {
  it("names the product, the seller, the buyer, the reference, the date and the support address", async () => {
    const text = pdfText(await licencePdf({ ...ORDER, ...ISSUER })).replaceAll("\n", " ");
    expect(text).toContain(PRODUCT.name);
    // The standard fonts print WinAnsi: the seller's "·" is one of its characters.
    expect(text).toContain(`Licensed by: ${ISSUER.seller}`);
    expect(text).toContain("Licensed to: buyer@example.com");
    expect(text).toContain(`Order reference: ${ORDER.reference}`);
    expect(text).toContain("Date: 2026-11-20");
    expect(text).toContain("help@shop.test");
  });

  it("states what the license grants, in US spelling, not the FAQ's answer", async () => {
    const text = pdfText(await licencePdf({ ...ORDER, ...ISSUER })).replaceAll("\n", " ");
    expect(text).toMatch(/^License /);
    expect(text).toContain("What this license grants Personal and client use");
    expect(text).toContain(
      "Personal and client use: you may use the templates yourself and with the clients you coach",
    );
    expect(text).toContain("Commercial use in your coaching business:");
    expect(text).toContain(
      "No resale or redistribution: you may not resell, share, give away or redistribute the templates themselves",
    );
    for (const grant of LICENSE.grants) expect(text).toContain(grant);
    expect(text).not.toContain("Yes.");
    expect(text).not.toMatch(/licence/i);
  });

  it("makes two at a time however many buyers ask at once, and each buyer gets their own", async () => {
    // A document is in the making from PDFDocument.create until its save resolves.
    let making = 0;
    let most = 0;
    const create = PDFDocument.create.bind(PDFDocument);
    const spy = vi.spyOn(PDFDocument, "create").mockImplementation(async (options) => {
      const pdf = await create(options);
      making++;
      most = Math.max(most, making);
      const save = pdf.save.bind(pdf);
      pdf.save = async (saveOptions) => save(saveOptions).finally(() => making--);
      return pdf;
    });
    try {
      const references = Array.from({ length: 12 }, (_, i) => `LCT-${String(i).padStart(10, "0")}`);
      const pdfs = await Promise.all(
        references.map((reference) => licencePdf({ ...ORDER, reference, ...ISSUER })),
      );
      expect(most).toBe(2);
      for (const [i, pdf] of pdfs.entries())
        expect(pdfText(pdf)).toContain(`Order reference: ${references[i]}`);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("the personal copy", () => {
  it("adds the licence to the sample pack, every original entry intact, without recompressing", async () => {
    const { bytes, directory } = await copyOf("tests/fixtures/toolkit-sample.zip");
    const original = await readFile("tests/fixtures/toolkit-sample.zip");
    // The stored entries are the first bytes of the copy, as they are.
    expect(bytes.subarray(0, directory.offset).equals(original.subarray(0, directory.offset))).toBe(true);
    const path = await expectValidCopy(bytes, 3);
    const listing = execFileSync("unzip", ["-l", path]).toString();
    expect(listing).toContain(`LICENSE - ${ORDER.reference}.pdf`);
    expect(listing).toContain("Life Coaching Toolkit/Client forms/intake.pdf");
  });

  it("is the same bytes for the same order every time, and different for another order", async () => {
    const first = await copyOf("tests/fixtures/toolkit-sample.zip");
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await copyOf("tests/fixtures/toolkit-sample.zip");
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.etag).toBe(first.etag);
    const other = await copyOf("tests/fixtures/toolkit-sample.zip", {
      ...ORDER,
      id: "2b0a3c5e-1111-4222-8333-944455556666",
    });
    expect(other.etag).not.toBe(first.etag);
  });

  it("keeps a ZIP64 archive ZIP64", async () => {
    const { bytes, directory } = await copyOf(await infoZip({ zip64: true }));
    expect(directory.zip64).toBe(true);
    await expectValidCopy(bytes, 2);
    const reread = await readZipDirectory(async (s, e) => bytes.subarray(s, e), bytes.length);
    expect(reread.zip64).toBe(true);
    expect(reread.entries.map((e) => e.name)).toContain(licenceEntryName(ORDER.reference));
  });

  it("copies entries written with data descriptors (a streamed archive)", async () => {
    const path = await infoZip({ streamed: true });
    const { bytes, directory } = await copyOf(path);
    expect(directory.entries.every((entry) => (entry.flags & 0x08) !== 0)).toBe(true);
    await expectValidCopy(bytes, 2);
  });

  it("keeps the archive comment", async () => {
    const { bytes, directory } = await copyOf(await infoZip({ comment: "Thank you for your purchase" }));
    expect(directory.comment.toString()).toBe("Thank you for your purchase");
    const path = await expectValidCopy(bytes, 2);
    expect(execFileSync("unzip", ["-z", path]).toString()).toContain("Thank you for your purchase");
  });

  it("handles 10,000 entries", async () => {
    const entries = Array.from({ length: 10_000 }, (_, i) => ({
      name: `Templates/${String(i).padStart(5, "0")}.txt`,
      data: Buffer.from(`template ${i}\n`),
      deflate: i % 2 === 0,
    }));
    const { bytes, directory } = await copyOf(await tempFile(buildZip(entries)));
    expect(directory.entries).toHaveLength(10_000);
    await expectValidCopy(bytes, 10_000);
  });

  it("writes ZIP64 end records when the entry count no longer fits in 16 bits", async () => {
    const entries = Array.from({ length: 0xffff }, (_, i) => ({ name: `f${i}`, data: Buffer.alloc(0) }));
    const { bytes, directory } = await copyOf(await tempFile(buildZip(entries)));
    expect(directory.zip64).toBe(false);
    const reread = await readZipDirectory(async (s, e) => bytes.subarray(s, e), bytes.length);
    expect(reread.zip64).toBe(true);
    expect(reread.entries).toHaveLength(0x10000);
    await expectValidCopy(bytes, 0xffff);
  });
});
