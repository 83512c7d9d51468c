import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDownloadToken, serveDownload } from "~/lib/downloads/serve-download.server";
import { fulfilOrder, markRefunded } from "~/lib/orders/fulfil-order.server";
import { downloads, orders } from "../../db/schema";
import { testBackends } from "../setup/databases";
import { seedProduct } from "../setup/seed-product";
import { type TestServices, testServices } from "../setup/services";

for (const backend of testBackends()) {
  describe(`download on ${backend.name}`, () => {
    let services: TestServices;
    let bytes: Buffer;
    let sha256: string;
    let orderId: string;
    let token: string;

    beforeEach(async () => {
      services = await testServices(backend);
      ({ bytes } = await seedProduct(services));
      sha256 = createHash("sha256").update(bytes).digest("hex");
      const [order] = await services.database.db
        .insert(orders)
        .values({
          email: "a@b.co",
          amountCents: 4700,
          provider: "test",
          providerSessionId: "test_cs_download",
        })
        .returning();
      orderId = order!.id;
      await fulfilOrder(services.database.db, services.links, { orderId });
      token = createDownloadToken(services.settings.sessionSecrets, orderId);
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());

    const get = (headers: Record<string, string> = {}, method = "GET", t = token) =>
      serveDownload(
        services,
        new Request(`http://shop.test/download/${t}`, { method, headers }),
        t,
        "127.0.0.1",
      );
    const body = async (response: Response) => Buffer.from(await response.arrayBuffer());
    const recorded = () =>
      services.database.db.select().from(downloads).where(eq(downloads.orderId, orderId));

    it("streams the whole ZIP with its headers and records the download", async () => {
      const response = await get();
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/zip");
      expect(response.headers.get("content-disposition")).toBe(
        'attachment; filename="life-coaching-toolkit.zip"',
      );
      expect(response.headers.get("content-length")).toBe(String(bytes.length));
      expect(response.headers.get("accept-ranges")).toBe("bytes");
      expect(response.headers.get("etag")).toBe(`"${sha256}"`);
      expect((await body(response)).equals(bytes)).toBe(true);
      await expect.poll(async () => (await recorded()).map((d) => d.bytes)).toEqual([bytes.length]);
    });

    it("answers HEAD without a body", async () => {
      const response = await get({}, "HEAD");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-length")).toBe(String(bytes.length));
      expect(response.body).toBeNull();
    });

    it("serves byte ranges for resumed downloads", async () => {
      let response = await get({ range: "bytes=100-199" });
      expect(response.status).toBe(206);
      expect(response.headers.get("content-range")).toBe(`bytes 100-199/${bytes.length}`);
      expect(response.headers.get("content-length")).toBe("100");
      expect((await body(response)).equals(bytes.subarray(100, 200))).toBe(true);
      response = await get({ range: "bytes=-10" });
      expect((await body(response)).equals(bytes.subarray(-10))).toBe(true);
      response = await get({ range: `bytes=${bytes.length - 5}-` });
      expect((await body(response)).length).toBe(5);
    });

    it("honours If-Range: a changed file is sent whole", async () => {
      const same = await get({ range: "bytes=0-9", "if-range": `"${sha256}"` });
      expect(same.status).toBe(206);
      expect((await body(same)).equals(bytes.subarray(0, 10))).toBe(true);
      const changed = await get({ range: "bytes=0-9", "if-range": '"an-older-version"' });
      expect(changed.status).toBe(200);
      expect((await body(changed)).length).toBe(bytes.length);
    });

    it.each([
      ["past the end", `bytes=${10_000_000}-${10_000_010}`, 416],
      ["malformed", "bytes=abc", 200],
      ["not bytes", "items=0-5", 200],
      ["multiple ranges", "bytes=0-1,5-6", 200],
    ])("handles a %s Range header", async (_name, range, status) => {
      const response = await get({ range });
      expect(response.status).toBe(status);
      if (status === 416) expect(response.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
      else expect((await body(response)).equals(bytes)).toBe(true);
    });

    it("refuses tampered, expired and made-up tokens", async () => {
      const expired = createDownloadToken(services.settings.sessionSecrets, orderId, Date.now() - 301_000);
      const forged = createDownloadToken(["f".repeat(40)], orderId);
      for (const t of [expired, forged, `${token}x`, "nonsense", "", "a.b.c", "x".repeat(5000)]) {
        expect((await get({}, "GET", t)).status, t.slice(0, 20)).toBe(403);
      }
      expect(await recorded()).toEqual([]);
    });

    it("refuses a refunded order", async () => {
      await markRefunded(services.database.db, { orderId });
      expect((await get()).status).toBe(403);
    });

    it("records only the bytes actually sent when the client goes away", async () => {
      const response = await get();
      const reader = response.body!.getReader();
      const first = await reader.read();
      await reader.cancel();
      await expect.poll(async () => (await recorded()).length).toBe(1);
      const [row] = await recorded();
      expect(row!.bytes).toBeGreaterThan(0);
      expect(row!.bytes).toBeLessThanOrEqual(bytes.length);
      expect(first.value?.length).toBeGreaterThan(0);
    });
  });
}
