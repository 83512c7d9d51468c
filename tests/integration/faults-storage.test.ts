/**
 * Fault suite: the file store full or not writable during an upload, in the built store as a
 * child process, on PGlite and on PostgreSQL (issue 16). The disk fails underneath the store
 * (tests/setup/failing-writes.ts: ENOSPC from /dev/full, EROFS); the admin must read a clear
 * Italian error, the log must carry it as an error, the old product must stay, nothing is left.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../setup/databases.ts";
import { startSeededServer } from "../setup/seeded-server.ts";
import type { RunningServer } from "../setup/server.ts";

const ADMIN_PATH = "faults-admin-0123456789";

for (const backend of testBackends()) {
  describe(`fault: the file store full or read-only during an upload on ${backend.name}`, () => {
    let seeded: Awaited<ReturnType<typeof startSeededServer>>;
    let store: RunningServer;
    let cookie: string;
    let control: string;

    beforeAll(async () => {
      control = join(resolve("."), `.faults-writes-${process.pid}-${backend.name}`);
      await writeFile(control, "");
      seeded = await startSeededServer(backend, {
        ADMIN_PATH,
        NODE_OPTIONS: `--import ${resolve("tests/setup/failing-writes.ts")}`,
        FAULT_WRITES_FILE: control,
      });
      store = seeded.server;
      cookie = (
        await fetch(`${store.url}/${ADMIN_PATH}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "sign-in", password: "seeded-admin-password" }),
          headers: { origin: store.url },
          redirect: "manual",
        })
      ).headers
        .get("set-cookie")!
        .split(";")[0]!;
    }, 180_000);
    afterAll(async () => {
      await store?.stop();
      await backend.cleanup();
      await import("node:fs/promises").then((fs) => fs.rm(control, { force: true }));
    });

    const upload = async () => {
      const form = new FormData();
      form.append("file", new Blob([await readFile("tests/fixtures/toolkit-v2.zip")]), "toolkit-v2.zip");
      const res = await fetch(`${store.url}/${ADMIN_PATH}/upload`, {
        method: "POST",
        body: form,
        headers: { cookie, origin: store.url, accept: "application/json" },
      });
      return {
        status: res.status,
        body: (await res.json()) as { ok: boolean; title: string; message: string },
      };
    };

    for (const [mode, status, message] of [
      ["enospc", 507, /^Lo spazio di archiviazione è pieno/],
      ["erofs", 503, /^Lo spazio di archiviazione non accetta scritture/],
    ] as const) {
      it(`${mode}: the admin reads why in Italian, the log has an error, the old product stays, nothing is left`, async () => {
        await writeFile(control, mode);
        const answer = await upload();
        expect(answer).toEqual({
          status,
          body: { ok: false, title: "Caricamento non riuscito", message: expect.stringMatching(message) },
        });
        expect(answer.body.message).not.toContain("interrotto");
        const logged = store
          .output()
          .split("\n")
          .filter((line) => line.includes("the file store refused the product upload"));
        expect(logged.at(-1)).toMatch(/"level":50/);
        expect(logged.at(-1)).toContain(mode.toUpperCase());
        // The buyer still gets the previous product, byte for byte, and no file was left.
        const download = await fetch(`${store.url}/download/${seeded.token()}`);
        const bytes = new Uint8Array(await download.arrayBuffer());
        expect(Buffer.from(bytes).equals(seeded.copy.bytes)).toBe(true);
        expect(await readdir(join(store.dataDir, "files", ".tmp"))).toEqual([]);
        expect(await readdir(join(store.dataDir, "files", "products"))).toHaveLength(1);
      });
    }

    it("once the disk takes writes again, the same upload replaces the product", async () => {
      await writeFile(control, "");
      const answer = await upload();
      expect(answer.status).toBe(200);
      expect(answer.body.ok).toBe(true);
      expect(await readdir(join(store.dataDir, "files", "products"))).toHaveLength(1);
    });
  });
}
