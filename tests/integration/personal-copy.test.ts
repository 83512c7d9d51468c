import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { licenceEntryName } from "#app/lib/downloads/personal-copy.server.ts";
import { downloads } from "#db/schema.ts";
import { startS3 } from "../mocks/s3.ts";
import { testBackends } from "../setup/databases.ts";
import { startSeededServer } from "../setup/seeded-server.ts";
import { tempFile } from "../setup/zip-fixtures.ts";

const storages = [
  { name: "local disk", start: async () => ({ env: {}, close: async () => {} }) },
  { name: "S3", start: () => startS3() },
];

for (const backend of testBackends()) {
  for (const storage of storages) {
    describe(`the buyer's personal copy on ${backend.name}, ${storage.name}`, () => {
      let seeded: Awaited<ReturnType<typeof startSeededServer>>;
      let bucket: { env: Record<string, string>; close(): Promise<void> };

      beforeAll(async () => {
        bucket = await storage.start();
        seeded = await startSeededServer(backend, bucket.env);
      }, 120_000);
      afterAll(async () => {
        await seeded.server.stop();
        await bucket.close();
        await backend.cleanup();
      });

      const get = (headers: Record<string, string> = {}, method = "GET") =>
        fetch(`${seeded.server.url}/download/${seeded.token()}`, { method, headers, redirect: "manual" });
      const body = async (response: Response) => Buffer.from(await response.arrayBuffer());

      it("streams the ZIP with the licence PDF: unzip -t and 7z t pass, unzip -l lists it", async () => {
        const response = await get();
        expect(response.status).toBe(200);
        expect(response.headers.get("content-length")).toBe(String(seeded.copy.bytes.length));
        const bytes = await body(response);
        expect(bytes.equals(seeded.copy.bytes)).toBe(true);
        const path = await tempFile(bytes, "copy.zip");
        expect(execFileSync("unzip", ["-t", path]).toString()).toContain("No errors detected");
        expect(execFileSync("7z", ["t", path]).toString()).toContain("Everything is Ok");
        const listing = execFileSync("unzip", ["-l", path]).toString();
        expect(listing).toContain(`LICENSE - ${seeded.reference}.pdf`);
        expect(listing).toContain("Life Coaching Toolkit/Canva links.pdf");
        const pdf = execFileSync("unzip", ["-p", path, licenceEntryName(seeded.reference)]).toString(
          "latin1",
        );
        expect(pdf.startsWith("%PDF-")).toBe(true);
      });

      it("sends the same bytes and ETag for the same order every time", async () => {
        const first = await get();
        const second = await get();
        expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
        expect(first.headers.get("etag")).toBe(seeded.copy.etag);
        expect((await body(second)).equals(await body(first))).toBe(true);
      });

      it("answers ranges across every boundary with the same bytes as the full download", async () => {
        const size = seeded.copy.bytes.length;
        // Where each segment starts: the licence after the product's entries, the old directory,
        // the licence's new record and the end records; and the last end record.
        const boundaries = [size - 22];
        let at = 0;
        for (const segment of seeded.copy.segments) {
          if (at > 0) boundaries.push(at);
          at += "bytes" in segment ? segment.bytes.length : segment.length;
        }
        const ranges: [number, number][] = [[boundaries[1]! - 3, size - 2]];
        for (const b of boundaries) ranges.push([b - 1, b], [b - 5, b + 5], [0, b], [b, size - 1], [b, b]);
        for (const [from, to] of ranges) {
          const response = await get({ range: `bytes=${from}-${to}` });
          expect(response.status, `${from}-${to}`).toBe(206);
          expect(response.headers.get("content-range")).toBe(`bytes ${from}-${to}/${size}`);
          expect(
            (await body(response)).equals(seeded.copy.bytes.subarray(from, to + 1)),
            `${from}-${to}`,
          ).toBe(true);
        }
      });

      it("resumes only on the same copy (If-Range), and answers HEAD", async () => {
        const same = await get({ range: "bytes=10-19", "if-range": seeded.copy.etag });
        expect(same.status).toBe(206);
        const sha256 = createHash("sha256").update(seeded.bytes).digest("hex");
        const changed = await get({ range: "bytes=10-19", "if-range": `"${sha256}"` });
        expect(changed.status).toBe(200);
        expect((await body(changed)).length).toBe(seeded.copy.bytes.length);
        const head = await get({}, "HEAD");
        expect(head.status).toBe(200);
        expect(head.headers.get("content-length")).toBe(String(seeded.copy.bytes.length));
        expect((await body(head)).length).toBe(0);
      });

      it("records each download with the bytes sent", async () => {
        await seeded.server.stop();
        const services = await seeded.open();
        const recorded = await services.database.db
          .select()
          .from(downloads)
          .where(eq(downloads.orderId, seeded.orderId));
        await services.close();
        seeded.server = await seeded.restart();
        expect(recorded.filter((d) => d.bytes === seeded.copy.bytes.length).length).toBeGreaterThanOrEqual(3);
        expect(recorded.every((d) => d.entry === null)).toBe(true);
      });
    });
  }
}
