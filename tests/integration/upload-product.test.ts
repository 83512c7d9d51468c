import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "#app/lib/app-error.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import { deleteCurrentProduct } from "#app/lib/products/upload-product.server.ts";
import { uploadErrorCopy, uploadFromRequest } from "#app/routes/admin/upload.server.ts";
import { httpStatus } from "#app/routes/http.server.ts";
import { products } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const fixture = (name: string) => readFile(`tests/fixtures/${name}`);

function multipart(name: string, content: Uint8Array) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(content)]), name);
  return new Request("http://shop.test/admin/upload", { method: "POST", body: form });
}

for (const backend of testBackends()) {
  describe(`product upload on ${backend.name}`, () => {
    let services: TestServices;
    beforeEach(async () => {
      services = await testServices(backend, { MAX_UPLOAD_BYTES: String(200 * 1024) });
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());

    const stored = () => services.files.list("products/");
    const rejects = async (request: Request, status: number, message: RegExp) => {
      const error = await uploadFromRequest(services, request).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(httpStatus(error as AppError)).toBe(status);
      expect(uploadErrorCopy(error as AppError, services.env.MAX_UPLOAD_BYTES).message).toMatch(message);
    };

    it("stores a valid ZIP, records its size, hash and entries, and makes it current", async () => {
      const bytes = await fixture("toolkit-sample.zip");
      const product = await uploadFromRequest(services, multipart("Toolkit.ZIP", bytes));
      expect(product).toMatchObject({
        fileName: "Toolkit.ZIP",
        size: bytes.length,
        entryCount: 3,
        current: true,
      });
      expect(product.fileKey).toMatch(/^products\/toolkit-\d{13}-[0-9a-f]{8}\.zip$/);
      expect(product.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect((await stored()).map((o) => o.key)).toEqual([product.fileKey]);
    });

    it("replaces the previous product and removes its file only after the new one is in place", async () => {
      const first = await uploadFromRequest(
        services,
        multipart("a.zip", await fixture("toolkit-sample.zip")),
      );
      const second = await uploadFromRequest(services, multipart("b.zip", await fixture("toolkit-v2.zip")));
      expect((await getCurrentProduct(services.database.db))?.id).toBe(second.id);
      expect((await stored()).map((o) => o.key)).toEqual([second.fileKey]);
      const [old] = await services.database.db.select().from(products).where(eq(products.id, first.id));
      expect(old?.current).toBe(false);
    });

    it.each([
      ["a PDF", "toolkit.pdf", "toolkit-sample.zip", 415, /Puoi caricare solo file ZIP/],
      ["an empty file", "empty.zip", null, 422, /Il file è vuoto/],
      ["text named .zip", "fake.zip", "not-a-zip.zip", 422, /non è un archivio ZIP valido/],
      ["a truncated ZIP", "cut.zip", "truncated.zip", 422, /non è un archivio ZIP valido/],
      ["a ZIP with ../ entries", "evil.zip", "evil-traversal.zip", 422, /percorso non sicuro/],
      ["a ZIP with a symlink", "link.zip", "evil-symlink.zip", 422, /collegamento simbolico: link-to-etc/],
    ])("refuses %s and keeps the current product", async (_what, name, source, status, message) => {
      const current = await uploadFromRequest(
        services,
        multipart("good.zip", await fixture("toolkit-sample.zip")),
      );
      const content = source ? await fixture(source) : new Uint8Array();
      await rejects(multipart(name, content), status, message);
      expect((await getCurrentProduct(services.database.db))?.id).toBe(current.id);
      expect((await stored()).map((o) => o.key)).toEqual([current.fileKey]);
    });

    it("refuses a file over MAX_UPLOAD_BYTES with 413 and leaves nothing behind", async () => {
      const big = new Uint8Array(300 * 1024);
      await rejects(multipart("big.zip", big), 413, /dimensione massima/);
      // Without a Content-Length the limit is enforced while streaming.
      const form = new FormData();
      form.append("file", new Blob([big]), "big.zip");
      const encoded = new Request("http://x/", { method: "POST", body: form });
      const streamed = new Request("http://x/", {
        method: "POST",
        body: encoded.body,
        headers: { "content-type": encoded.headers.get("content-type")! },
        duplex: "half",
      } as RequestInit);
      await rejects(streamed, 413, /dimensione massima/);
      expect(await stored()).toEqual([]);
    });

    it("leaves nothing behind when the client drops the connection mid-upload", async () => {
      const boundary = "----dropped";
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.zip"\r\nContent-Type: application/zip\r\n\r\n`;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(head));
          controller.enqueue(new Uint8Array(50_000));
          controller.error(new Error("connection reset"));
        },
      });
      const request = new Request("http://x/", {
        method: "POST",
        body,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        duplex: "half",
      } as RequestInit);
      await rejects(request, 400, /interrotto/);
      expect(await stored()).toEqual([]);
    });

    for (const [code, status, copy] of [
      ["ENOSPC", 507, /Lo spazio di archiviazione è pieno/],
      ["EROFS", 503, /non accetta scritture/],
      ["EACCES", 503, /non accetta scritture/],
    ] as const) {
      it(`says the storage is full or not writable (${code}), logs it as an error, keeps the product and leaves nothing`, async () => {
        const current = await uploadFromRequest(
          services,
          multipart("a.zip", await fixture("toolkit-sample.zip")),
        );
        // The disk fails part-way through the write, as a full or read-only file system does.
        const disk = services.files;
        const put = disk.put.bind(disk);
        disk.put = (body, name) => {
          let written = 0;
          const failing = new Transform({
            transform(chunk: Buffer, _encoding, callback) {
              written += chunk.length;
              if (written < 1000) return callback(null, chunk);
              callback(Object.assign(new Error(`${code}: write failed`), { code, syscall: "write" }));
            },
          });
          pipeline(body, failing).catch(() => {});
          return put(failing, name);
        };
        const errors = vi.spyOn(logger, "error");
        try {
          await rejects(multipart("b.zip", await fixture("toolkit-v2.zip")), status, copy);
          expect(errors).toHaveBeenCalledWith(expect.anything(), "the file store refused the product upload");
        } finally {
          errors.mockRestore();
          disk.put = put;
        }
        expect((await getCurrentProduct(services.database.db))?.id).toBe(current.id);
        expect((await stored()).map((o) => o.key)).toEqual([current.fileKey]);
        expect(await readdir(join(services.env.DATA_DIR, "files", ".tmp"))).toEqual([]);
      });
    }

    it("a whole ZIP part followed by a broken part is refused and leaves no file and no product", async () => {
      const current = await uploadFromRequest(
        services,
        multipart("good.zip", await fixture("toolkit-sample.zip")),
      );
      const boundary = "----broken";
      const part = (name: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.zip"\r\nContent-Type: application/zip\r\n\r\n`;
      const zip = await fixture("toolkit-v2.zip");
      // The whole ZIP, its closing boundary line, then a second part cut off without its end.
      const body = Buffer.concat([
        Buffer.from(part("file")),
        zip,
        Buffer.from(`\r\n${part("more")}`),
        Buffer.alloc(1000, 7),
      ]);
      const request = new Request("http://x/", {
        method: "POST",
        body,
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      });
      await rejects(request, 400, /interrotto/);
      // Whatever the upload started must be over and undone by the time the answer is given.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await getCurrentProduct(services.database.db))?.id).toBe(current.id);
      expect((await stored()).map((o) => o.key)).toEqual([current.fileKey]);
      expect(await services.database.db.select().from(products)).toHaveLength(1);
    });

    it("two uploads at once leave exactly one current product and no orphan file", async () => {
      const [a, b] = await Promise.all([
        uploadFromRequest(services, multipart("a.zip", await fixture("toolkit-sample.zip"))),
        uploadFromRequest(services, multipart("b.zip", await fixture("toolkit-v2.zip"))),
      ]);
      const current = await services.database.db.select().from(products).where(eq(products.current, true));
      expect(current).toHaveLength(1);
      expect([a.id, b.id]).toContain(current[0]!.id);
      expect((await stored()).map((o) => o.key)).toEqual([current[0]!.fileKey]);
    });

    it("deletes the current product and its file", async () => {
      await uploadFromRequest(services, multipart("a.zip", await fixture("toolkit-sample.zip")));
      expect(await deleteCurrentProduct(services)).toBe(true);
      expect(await getCurrentProduct(services.database.db)).toBeNull();
      expect(await stored()).toEqual([]);
      expect(await deleteCurrentProduct(services)).toBe(false);
    });
  });
}
