import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROGRESS_EVERY_MS } from "#app/lib/downloads/download-record.server.ts";
import { downloads } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { startSeededServer } from "../setup/seeded-server.ts";
import { buildZip } from "../setup/zip-fixtures.ts";

const run = promisify(execFile);
/** Larger than what loopback socket buffers hold (several MB), so a paused reader stops the server. */
const SIZE = 32 * 1024 * 1024 + 4321;
/** The download link's life (TIMING.downloadLinkSeconds). */
const LINK_MS = 300_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `command` until `bytes` of `file` exist, then stops it: a download cut half-way. */
async function cutAfter(command: string, args: string[], file: string, bytes: number) {
  const child = spawn(command, args, { stdio: "ignore" });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  for (let i = 0; i < 200; i++) {
    const size = await stat(file).then(
      (s) => s.size,
      () => 0,
    );
    if (size >= bytes) break;
    await sleep(25);
  }
  child.kill("SIGKILL");
  await exited;
  return (await readFile(file)).length;
}

/**
 * Issue 17 item 5 and issue 16 with real clients against the built store: a download started
 * while its link was valid is resumed after the link's 300 s by curl and wget, and a transfer is
 * recorded from its start, so a killed server leaves a row with the bytes sent so far.
 */
for (const backend of testBackends()) {
  describe(`resumed and recorded downloads on ${backend.name}`, () => {
    let seeded: Awaited<ReturnType<typeof startSeededServer>>;
    let dir: string;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), "store-resume-"));
      const file = join(dir, "product.zip");
      await writeFile(file, buildZip([{ name: "templates.bin", data: randomBytes(SIZE) }]));
      seeded = await startSeededServer(backend, {}, file);
    });
    afterAll(async () => {
      await seeded.server.stop();
      await backend.cleanup();
    });

    it("resumes with curl -C - and wget -c after the link's 300 s, and refuses a link never started", async () => {
      // Links made 294 s ago: they may be started for 6 more seconds.
      const made = Date.now() - LINK_MS + 6_000;
      const curlLink = `${seeded.server.url}/download/${seeded.token(made)}`;
      const wgetLink = `${seeded.server.url}/download/${seeded.token(made + 1)}`;
      const neverStarted = `${seeded.server.url}/download/${seeded.token(made + 2)}`;
      const curlFile = join(dir, "curl.zip");
      const wgetFile = join(dir, "wget.zip");
      const slow = ["--limit-rate", "100K"];
      const curlPart = await cutAfter(
        "curl",
        ["-sf", ...slow, "-o", curlFile, curlLink],
        curlFile,
        64 * 1024,
      );
      const wgetPart = await cutAfter(
        "wget",
        ["-q", "--limit-rate=100k", "-O", wgetFile, wgetLink],
        wgetFile,
        64 * 1024,
      );
      expect(curlPart).toBeLessThan(SIZE);
      expect(wgetPart).toBeLessThan(SIZE);
      await sleep(Math.max(0, made + LINK_MS + 500 - Date.now()));

      // A fresh start with the expired link is refused; the resumes go on to the last byte.
      expect((await fetch(curlLink)).status).toBe(403);
      await run("curl", ["-sf", "-C", "-", "-o", curlFile, curlLink]);
      expect((await readFile(curlFile)).equals(seeded.copy.bytes)).toBe(true);
      await run("wget", ["-q", "-c", "-O", wgetFile, wgetLink]);
      expect((await readFile(wgetFile)).equals(seeded.copy.bytes)).toBe(true);

      // The link has now sent every byte: starting over (a download manager's first request is
      // `bytes=0-`), in one range or four, or resuming a stretch already resumed, is refused.
      const size = seeded.copy.bytes.length;
      const quarter = Math.ceil(size / 4);
      for (const range of [
        "bytes=0-",
        `bytes=0-${quarter - 1}`,
        `bytes=${quarter}-${2 * quarter - 1}`,
        "bytes=1-",
      ]) {
        expect((await fetch(wgetLink, { headers: { range } })).status, range).toBe(403);
      }

      const partial = join(dir, "never.zip");
      await writeFile(partial, seeded.copy.bytes.subarray(0, 1000));
      await expect(run("curl", ["-sf", "-C", "-", "-o", partial, neverStarted])).rejects.toMatchObject({
        code: 22,
      });
      const response = await fetch(neverStarted, { headers: { range: "bytes=1000-" } });
      expect(response.status).toBe(403);
      expect(await response.text()).toMatch(/invalid or has expired/);
      // A resume naming another file (If-Range) is refused too, not handed the whole file.
      const other = await fetch(curlLink, {
        headers: { range: "bytes=1000-", "if-range": '"another-file"' },
      });
      expect(other.status).toBe(403);
    }, 30_000);

    it("records a transfer from its start, so a killed server leaves the bytes sent so far", async () => {
      const token = seeded.token();
      let received = 0;
      let paused: (() => void) | null = null;
      const req = request(`${seeded.server.url}/download/${token}`, (res) => {
        res.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received >= 1024 * 1024 && !paused) {
            res.pause();
            paused = () => res.resume();
          }
        });
      });
      req.on("error", () => {});
      req.end();
      while (!paused) await sleep(20);
      // Paused past the update step, then a little more flows (the update is written), then the kill.
      await sleep(PROGRESS_EVERY_MS + 300);
      (paused as () => void)();
      while (received < 3 * 1024 * 1024) await sleep(5);
      req.socket?.pause();
      await sleep(500);
      await seeded.server.stop("SIGKILL");

      const services = await seeded.open();
      try {
        const rows = await services.database.db
          .select()
          .from(downloads)
          .where(eq(downloads.orderId, seeded.orderId));
        const cut = rows.filter((row) => row.finishedAt === null);
        const complete = rows.filter((row) => row.finishedAt !== null);
        // The earlier test's resumes (curl, wget) finished; the killed one did not.
        expect(complete.length).toBeGreaterThanOrEqual(2);
        expect(complete.every((row) => row.bytes > 0)).toBe(true);
        const killed = cut.find(
          (row) => row.bytes >= 1024 * 1024 && row.bytes < SIZE && row.at.getTime() > Date.now() - 30_000,
        );
        expect(killed, JSON.stringify(cut)).toBeDefined();
        expect(killed!.network).toBe("127.0.0.0/24");
        expect(killed!.linkHash).toMatch(/^[0-9a-f]{64}$/);
      } finally {
        await services.close();
        seeded.server = await seeded.restart();
      }
    }, 30_000);
  });
}
