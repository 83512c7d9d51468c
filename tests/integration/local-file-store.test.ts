import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InvalidKeyError } from "#app/lib/storage/file-store.ts";
import { LocalFileStore } from "#app/lib/storage/local-file-store.server.ts";

let root: string;
let store: LocalFileStore;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "store-files-"));
  store = new LocalFileStore(root);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const zipName = { prefix: "products/toolkit-", extension: ".zip" };

describe("LocalFileStore", () => {
  it("stores a stream under a generated key and reads it back, whole or by range", async () => {
    const { key, size } = await store.put(
      Readable.from([Buffer.from("hello "), Buffer.from("world")]),
      zipName,
    );
    expect(key).toMatch(/^products\/toolkit-\d{13}-[0-9a-f]{8}\.zip$/);
    expect(size).toBe(11);
    expect(await text(await store.get(key))).toBe("hello world");
    expect(await text(await store.get(key, { start: 6, end: 10 }))).toBe("world");
    expect(await store.stat(key)).toMatchObject({ key, size: 11 });
  });

  it("lists newest first and filters by prefix", async () => {
    const a = await store.put(Readable.from(["a"]), zipName);
    await new Promise((r) => setTimeout(r, 15));
    const b = await store.put(Readable.from(["bb"]), zipName);
    await store.put(Readable.from(["c"]), { prefix: "other/x-", extension: ".txt" });
    const listed = await store.list("products/");
    expect(listed.map((o) => o.key)).toEqual([b.key, a.key]);
  });

  it("deletes, and stat/delete of a missing key are harmless", async () => {
    const { key } = await store.put(Readable.from(["x"]), zipName);
    await store.delete(key);
    expect(await store.stat(key)).toBeNull();
    await store.delete(key);
    await expect(store.get(key)).rejects.toThrow(/ENOENT/);
  });

  it("leaves no file behind when the incoming stream fails", async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error("client went away"));
      },
    });
    await expect(store.put(failing, zipName)).rejects.toThrow(/client went away/);
    expect(await store.list()).toEqual([]);
    expect(await readdir(join(root, ".tmp"))).toEqual([]);
  });

  it.each([
    "../outside.zip",
    "products/../../etc/passwd.zip",
    "/etc/passwd.zip",
    "products/..zip",
    "products\\evil.zip",
    "products/a b.zip",
    "",
    `${"a".repeat(600)}.zip`,
  ])("refuses the key %j", async (key) => {
    await expect(store.downloadSource(key)).rejects.toThrow(InvalidKeyError);
    await expect(store.get(key)).rejects.toThrow(InvalidKeyError);
    await expect(store.delete(key)).rejects.toThrow(InvalidKeyError);
  });

  it("refuses prefixes that could make a key escape", async () => {
    await expect(store.put(Readable.from(["x"]), { prefix: "../", extension: ".zip" })).rejects.toThrow(
      InvalidKeyError,
    );
    await expect(store.put(Readable.from(["x"]), { prefix: "a", extension: ".zip/.." })).rejects.toThrow(
      InvalidKeyError,
    );
  });
});
