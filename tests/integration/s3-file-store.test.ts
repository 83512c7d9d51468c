import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "#app/lib/app-error.ts";
import { createAdminDownloadToken, prepareDownload } from "#app/lib/downloads/prepare-download.server.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import { S3FileStore } from "#app/lib/storage/s3-file-store.server.ts";
import { uploadFromRequest } from "#app/routes/admin/upload.server.ts";
import { startS3 } from "../mocks/s3.ts";
import { testBackends } from "../setup/databases.ts";
import { type TestServices, testServices } from "../setup/services.ts";

describe("S3 file store (s3rver)", () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let services: TestServices;
  const backend = testBackends()[0]!;

  beforeAll(async () => {
    s3 = await startS3();
    services = await testServices(backend, s3.env);
  });
  afterAll(async () => {
    await services.dispose();
    await s3.close();
  });

  const zipName = { prefix: "products/toolkit-", extension: ".zip" };

  it("is chosen by S3_BUCKET and stores, reads ranges, stats, lists and deletes", async () => {
    const store = services.files as S3FileStore;
    expect(store).toBeInstanceOf(S3FileStore);
    const { key, size } = await store.put(
      Readable.from([Buffer.from("hello "), Buffer.from("world")]),
      zipName,
    );
    expect(key).toMatch(/^products\/toolkit-\d{13}-[0-9a-f]{8}\.zip$/);
    expect(size).toBe(11);
    expect(await text(await store.get(key))).toBe("hello world");
    expect(await text(await store.get(key, { start: 6, end: 10 }))).toBe("world");
    expect(await store.stat(key)).toMatchObject({ key, size: 11 });
    expect((await store.list("products/")).map((o) => o.key)).toContain(key);
    await store.delete(key);
    expect(await store.stat(key)).toBeNull();
  });

  it("leaves no object behind when the incoming stream fails", async () => {
    const store = services.files as S3FileStore;
    const before = await store.list("products/");
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error("client went away"));
      },
    });
    await expect(store.put(failing, zipName)).rejects.toThrow();
    expect(await store.list("products/")).toEqual(before);
  });

  it("takes a product upload, checks the ZIP through ranged reads, and hands out presigned downloads", async () => {
    const bytes = await readFile("tests/fixtures/toolkit-sample.zip");
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(bytes)]), "toolkit.zip");
    const product = await uploadFromRequest(
      services,
      new Request("http://x/", { method: "POST", body: form }),
    );
    expect(product).toMatchObject({ entryCount: 3, size: bytes.length });
    expect((await getCurrentProduct(services.database.db))?.id).toBe(product.id);

    const plan = await prepareDownload(
      services,
      createAdminDownloadToken(services.settings.tokenSecrets),
      null,
    );
    expect(plan.kind).toBe("redirect");
    const url = (plan as { url: string }).url;
    expect(url).toContain("X-Amz-Expires=60");
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);

    const evil = new FormData();
    evil.append(
      "file",
      new Blob([new Uint8Array(await readFile("tests/fixtures/evil-traversal.zip"))]),
      "evil.zip",
    );
    const error = await uploadFromRequest(
      services,
      new Request("http://x/", { method: "POST", body: evil }),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((await services.files.list("products/")).map((o) => o.key)).toEqual([product.fileKey]);
  });
});
