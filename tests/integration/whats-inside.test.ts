import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDownloadToken } from "#app/lib/downloads/prepare-download.server.ts";
import { downloads, orders } from "#db/schema.ts";
import { startS3 } from "../mocks/s3.ts";
import { testBackends } from "../setup/databases.ts";
import { startSeededServer } from "../setup/seeded-server.ts";
import { buildZip, tempFile } from "../setup/zip-fixtures.ts";

const SUCCESS_PATH = "thank-you-inside-0123456789";
const PDF = Buffer.concat([
  Buffer.from("%PDF-1.4\n"),
  Buffer.alloc(50_000, "Canva link https://canva.com/x\n"),
]);
const README = Buffer.from("Open Canva links.pdf on your phone.\n");
const LONG = `${"very-long-name-".repeat(30)}.txt`;

/** The product: a folder with a deflated PDF, a stored text file, and entries with hostile paths. */
const PRODUCT = buildZip([
  { name: "Toolkit/", data: Buffer.alloc(0) },
  { name: "Toolkit/Canva links.pdf", data: PDF, deflate: true },
  { name: "Toolkit/README.txt", data: README },
  { name: "../../etc/passwd", data: Buffer.from("root:x:0:0") },
  { name: "/etc/shadow", data: Buffer.from("absolute") },
  { name: "C:\\Windows\\evil.txt", data: Buffer.from("backslashes"), deflate: true },
  { name: Buffer.from("nul\u0000name.txt"), data: Buffer.from("nul") },
  { name: LONG, data: Buffer.from("long") },
]);

const storages = [
  { name: "local disk", start: async () => ({ env: {}, close: async () => {} }) },
  { name: "S3", start: () => startS3() },
];

for (const backend of testBackends()) {
  for (const storage of storages) {
    describe(`What's inside on ${backend.name}, ${storage.name}`, () => {
      let seeded: Awaited<ReturnType<typeof startSeededServer>>;
      let bucket: { env: Record<string, string>; close(): Promise<void> };

      beforeAll(async () => {
        bucket = await storage.start();
        seeded = await startSeededServer(backend, { ...bucket.env, SUCCESS_PATH }, await tempFile(PRODUCT));
      }, 120_000);
      afterAll(async () => {
        await seeded.server.stop();
        await bucket.close();
        await backend.cleanup();
      });

      const page = (query = `t=${seeded.accessToken}`) =>
        fetch(`${seeded.server.url}/${SUCCESS_PATH}/inside?${query}`, { redirect: "manual" });
      /** The file at `index` as the page's link gets it: a redirect to a fresh link, then the file. */
      const entry = async (index: number) => {
        const link = await page(`t=${seeded.accessToken}&entry=${index}`);
        expect(link.status).toBe(303);
        const location = link.headers.get("location")!;
        expect(location).toMatch(new RegExp(`^/download/[^/]+/entries/${index}$`));
        return fetch(`${seeded.server.url}${location}`);
      };

      it("is linked from the success page", async () => {
        const html = await (
          await fetch(`${seeded.server.url}/${SUCCESS_PATH}?t=${seeded.accessToken}`)
        ).text();
        expect(html).toContain(`href="/${SUCCESS_PATH}/inside?t=${seeded.accessToken}"`);
        expect(html).toContain("What&#x27;s inside");
      });

      it("lists the folders and files with sizes and types, hostile paths shown safely", async () => {
        const response = await page();
        expect(response.status).toBe(200);
        expect(response.headers.get("cache-control")).toBe("no-store");
        const html = await response.text();
        expect(html).toContain("Canva links.pdf");
        expect(html).toContain("README.txt");
        expect(html).toContain("PDF · ");
        expect(html).toMatch(/Text · 1 KB/);
        // Shown by their names, without "..", a leading "/", a drive or backslashes; NUL replaced.
        expect(html).toMatch(/>etc<\/span>/);
        expect(html).toContain("passwd");
        expect(html).not.toContain("../");
        expect(html).toContain("Windows");
        expect(html).not.toContain("C:/Windows");
        expect(html).not.toContain("Windows\\evil");
        expect(html).toContain("nul\ufffdname.txt");
        expect(html).not.toContain(LONG);
        expect(html).toContain("…");
        // Every link names a file by its index, never by its path.
        const links = [...html.matchAll(/href="\?t=[^"&]+&amp;entry=(\d+)"/g)].map((m) => Number(m[1]));
        expect(links.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
      });

      it("opens a deflated PDF in the browser, inflated on the fly", async () => {
        const response = await entry(1);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("application/pdf");
        expect(response.headers.get("content-disposition")).toMatch(/^inline; filename="Canva links.pdf"/);
        expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
      });

      it("downloads other files as attachments with a safe name, stored entries as they are", async () => {
        const readme = await entry(2);
        expect(readme.headers.get("content-type")).toBe("text/plain; charset=utf-8");
        expect(readme.headers.get("content-disposition")).toMatch(/^attachment; filename="README.txt"/);
        expect(readme.headers.get("content-length")).toBe(String(README.length));
        expect(Buffer.from(await readme.arrayBuffer()).equals(README)).toBe(true);
        const traversal = await entry(3);
        expect(traversal.headers.get("content-disposition")).toMatch(/^attachment; filename="passwd"/);
        expect(await traversal.text()).toBe("root:x:0:0");
        const windows = await entry(5);
        expect(windows.headers.get("content-disposition")).toMatch(/^attachment; filename="evil.txt"/);
        expect(await windows.text()).toBe("backslashes");
        const nul = await entry(6);
        expect(nul.headers.get("content-disposition")).not.toContain("\u0000");
        expect(await nul.text()).toBe("nul");
      });

      it("refuses a folder, an index out of range and a forged link", async () => {
        for (const index of ["0", "8", "99999", "-1", "1.5", "..%2f1"]) {
          const response = await fetch(`${seeded.server.url}/download/${seeded.token()}/entries/${index}`);
          expect(response.status, index).toBe(404);
        }
        const forged = createDownloadToken(["f".repeat(40)], { orderId: seeded.orderId, productId: null });
        const response = await fetch(`${seeded.server.url}/download/${forged}/entries/1`);
        expect(response.status).toBe(403);
        expect((await page("t=not-a-token")).status).toBe(403);
        expect((await page("")).status).toBe(403);
      });

      it("records each file taken with its path, and refuses all once the order is refunded", async () => {
        await seeded.server.stop();
        const services = await seeded.open();
        const recorded = await services.database.db
          .select()
          .from(downloads)
          .where(eq(downloads.orderId, seeded.orderId));
        expect(recorded.map((d) => d.entry)).toEqual(
          expect.arrayContaining(["Toolkit/Canva links.pdf", "Toolkit/README.txt", "../../etc/passwd"]),
        );
        expect(recorded.find((d) => d.entry === "Toolkit/Canva links.pdf")?.bytes).toBe(PDF.length);
        await services.database.db
          .update(orders)
          .set({ status: "refunded" })
          .where(eq(orders.id, seeded.orderId));
        await services.close();
        seeded.server = await seeded.restart();
        expect((await page()).status).toBe(403);
        const direct = await fetch(`${seeded.server.url}/download/${seeded.token()}/entries/1`);
        expect(direct.status).toBe(403);
      });
    });
  }
}
