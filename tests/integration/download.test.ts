import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readlink, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDownloadToken } from "#app/lib/downloads/prepare-download.server.ts";
import { downloads, orders } from "#db/schema.ts";
import { CHUNK_BYTES } from "../../server/stream-file.ts";
import { type TestBackend, testBackends } from "../setup/databases.ts";
import { startSeededServer } from "../setup/seeded-server.ts";
import { buildZip } from "../setup/zip-fixtures.ts";

/** Larger than loopback socket buffers, so the server's writes must wait, and hundreds of chunks. */
const LARGE = 24 * 1024 * 1024 + 12_345;

/** startSeededServer with a large product (a stored file of random bytes) instead of the small sample. */
async function startLargeFileServer(backend: TestBackend) {
  const file = join(await mkdtemp(join(tmpdir(), "store-large-")), "large.zip");
  await writeFile(file, buildZip([{ name: "large.bin", data: randomBytes(LARGE) }]));
  return startSeededServer(backend, {}, file);
}

/** A download that stops reading for a while every 4 MB, so the server's socket fills up. */
function slowDownload(url: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, (res) => {
      const chunks: Buffer[] = [];
      let received = 0;
      let pauseAt = 0;
      res.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (received < pauseAt) return;
        pauseAt += 4 * 1024 * 1024;
        res.pause();
        setTimeout(() => res.resume(), 100);
      });
      res.on("end", () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

/** The server's open file descriptors that point at `path` (Linux). */
async function openDescriptors(pid: number, path: string) {
  const fds = await readdir(`/proc/${pid}/fd`);
  const targets = await Promise.all(fds.map((fd) => readlink(`/proc/${pid}/fd/${fd}`).catch(() => "")));
  return targets.filter((target) => target === path).length;
}

for (const backend of testBackends()) {
  describe(`download on ${backend.name}`, () => {
    let seeded: Awaited<ReturnType<typeof startSeededServer>>;

    beforeAll(async () => {
      seeded = await startSeededServer(backend);
    });
    afterAll(async () => {
      await seeded.server.stop();
      await backend.cleanup();
    });

    const get = (headers: Record<string, string> = {}, method = "GET", token = seeded.token()) =>
      fetch(`${seeded.server.url}/download/${token}`, { method, headers });
    const body = async (response: Response) => Buffer.from(await response.arrayBuffer());

    it("streams the buyer's copy of the ZIP with its headers", async () => {
      const response = await get();
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/zip");
      expect(response.headers.get("content-disposition")).toBe(
        'attachment; filename="life-coaching-toolkit.zip"',
      );
      expect(response.headers.get("content-length")).toBe(String(seeded.copy.bytes.length));
      expect(response.headers.get("accept-ranges")).toBe("bytes");
      expect(response.headers.get("etag")).toBe(seeded.copy.etag);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect((await body(response)).equals(seeded.copy.bytes)).toBe(true);
    });

    it("answers HEAD with the headers only", async () => {
      const response = await get({}, "HEAD");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-length")).toBe(String(seeded.copy.bytes.length));
      expect((await body(response)).length).toBe(0);
    });

    it("serves byte ranges for resumed downloads", async () => {
      let response = await get({ range: "bytes=100-199" });
      expect(response.status).toBe(206);
      expect(response.headers.get("content-range")).toBe(`bytes 100-199/${seeded.copy.bytes.length}`);
      expect((await body(response)).equals(seeded.copy.bytes.subarray(100, 200))).toBe(true);
      response = await get({ range: "bytes=-10" });
      expect((await body(response)).equals(seeded.copy.bytes.subarray(-10))).toBe(true);
    });

    it("honours If-Range: a changed file is sent whole", async () => {
      const same = await get({ range: "bytes=0-9", "if-range": seeded.copy.etag });
      expect(same.status).toBe(206);
      expect((await body(same)).equals(seeded.copy.bytes.subarray(0, 10))).toBe(true);
      const changed = await get({ range: "bytes=0-9", "if-range": '"an-older-version"' });
      expect(changed.status).toBe(200);
      expect((await body(changed)).length).toBe(seeded.copy.bytes.length);
    });

    it.each([
      ["past the end", "bytes=10000000-10000010", 416],
      ["malformed", "bytes=abc", 200],
      ["not bytes", "items=0-5", 200],
      ["multiple ranges", "bytes=0-1,5-6", 200],
    ])("handles a %s Range header", async (_name, range, status) => {
      const response = await get({ range });
      expect(response.status).toBe(status);
      if (status === 416)
        expect(response.headers.get("content-range")).toBe(`bytes */${seeded.copy.bytes.length}`);
      else expect((await body(response)).equals(seeded.copy.bytes)).toBe(true);
    });

    it("refuses tampered, expired and made-up tokens", async () => {
      const expired = seeded.token(Date.now() - 301_000);
      const forged = createDownloadToken(["f".repeat(40)], {
        orderId: seeded.orderId,
        productId: seeded.product.id,
      });
      for (const token of [
        expired,
        forged,
        `${seeded.token()}x`,
        "nonsense",
        "a.b.c",
        "x".repeat(3000),
        "..%2f..%2fetc",
      ]) {
        const response = await get({}, "GET", token);
        expect(response.status, token.slice(0, 20)).toBe(403);
        expect(await response.text()).toMatch(/invalid or has expired/);
      }
    });

    it("records downloads with the bytes actually sent, also when the client goes away", async () => {
      await new Promise<void>((resolve, reject) => {
        const url = new URL(`${seeded.server.url}/download/${seeded.token()}`);
        const req = request(url, (res) => {
          res.once("data", () => {
            req.destroy();
            resolve();
          });
        });
        req.on("error", (error) => (error.message.includes("socket hang up") ? resolve() : reject(error)));
        req.end();
      });
      // The server is still healthy after the client went away mid-download.
      expect((await fetch(`${seeded.server.url}/healthz`)).status).toBe(200);
    });

    it("records every download and refuses the file once the order is refunded", async () => {
      await seeded.server.stop();
      const services = await seeded.open();
      const recorded = await services.database.db
        .select()
        .from(downloads)
        .where(eq(downloads.orderId, seeded.orderId));
      expect(recorded.some((d) => d.bytes === seeded.copy.bytes.length)).toBe(true);
      expect(recorded.some((d) => d.bytes > 0 && d.bytes < seeded.copy.bytes.length)).toBe(true);
      expect(recorded.every((d) => d.ipHash && /^[0-9a-f]{32}$/.test(d.ipHash))).toBe(true);
      await services.database.db
        .update(orders)
        .set({ status: "refunded" })
        .where(eq(orders.id, seeded.orderId));
      await services.close();
      seeded.server = await seeded.restart();
      const response = await get();
      expect(response.status).toBe(403);
      expect(await response.text()).toBe("This order has no active download.");
    });
  });

  describe(`large download on ${backend.name}`, () => {
    let large: Awaited<ReturnType<typeof startLargeFileServer>>;
    /** The length of the buyer's copy of the large product. */
    const size = () => large.copy.bytes.length;

    beforeAll(async () => {
      large = await startLargeFileServer(backend);
    });
    afterAll(async () => {
      await large.server.stop();
      await backend.cleanup();
    });

    it("sends every byte to several slow readers at once", async () => {
      const results = await Promise.all(
        [1, 2, 3].map(() => slowDownload(`${large.server.url}/download/${large.token()}`)),
      );
      for (const { status, body } of results) {
        expect(status).toBe(200);
        expect(body.length).toBe(large.copy.bytes.length);
        expect(body.equals(large.copy.bytes)).toBe(true);
      }
    });

    it("serves ranges that span read chunks", async () => {
      for (const [range, from, to] of [
        [`bytes=${CHUNK_BYTES - 1}-${3 * CHUNK_BYTES + 7}`, CHUNK_BYTES - 1, 3 * CHUNK_BYTES + 8],
        [`bytes=${size() - 70_000}-`, size() - 70_000, size()],
        ["bytes=-1", size() - 1, size()],
      ] as const) {
        const response = await fetch(`${large.server.url}/download/${large.token()}`, { headers: { range } });
        expect(response.status, range).toBe(206);
        expect(response.headers.get("content-range")).toBe(`bytes ${from}-${to - 1}/${size()}`);
        const body = Buffer.from(await response.arrayBuffer());
        expect(body.equals(large.copy.bytes.subarray(from, to)), range).toBe(true);
      }
    });

    it("closes the file when clients go away mid-download", async () => {
      await Promise.all(
        [1, 2, 3].map(
          () =>
            new Promise<void>((resolve, reject) => {
              const req = request(`${large.server.url}/download/${large.token()}`, (res) => {
                let received = 0;
                res.on("data", (chunk: Buffer) => {
                  received += chunk.length;
                  if (received >= 1024 * 1024) {
                    req.destroy();
                    resolve();
                  }
                });
              });
              req.on("error", (error) =>
                error.message.includes("socket hang up") ? resolve() : reject(error),
              );
              req.end();
            }),
        ),
      );
      expect((await fetch(`${large.server.url}/healthz`)).status).toBe(200);
      if (!existsSync("/proc/self/fd")) return;
      const pid = large.server.process.pid!;
      for (let i = 0; i < 50 && (await openDescriptors(pid, large.filePath!)) > 0; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(await openDescriptors(pid, large.filePath!)).toBe(0);
    });

    it("records the bytes each download sent", async () => {
      await large.server.stop();
      const services = await large.open();
      const recorded = await services.database.db
        .select()
        .from(downloads)
        .where(eq(downloads.orderId, large.orderId));
      await services.close();
      expect(recorded.filter((d) => d.bytes === size()).length).toBeGreaterThanOrEqual(3);
      // The ranges sent under 200 kB; the clients that went away had taken at least 1 MB.
      expect(recorded.filter((d) => d.bytes >= 512 * 1024 && d.bytes < size()).length).toBe(3);
    });
  });
}
