/**
 * Issue 32, item 4: nothing the store keeps is open to other local users. The data directory is
 * 0700, the database's files (PGlite makes its own 0666), the mail, the product files and backups
 * are 0600, and a data directory left open by an older store is closed at start.
 */
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/lib/db/database.server.ts";
import { createMailer } from "#app/lib/mail/mailer.server.ts";
import { keepDataPrivate } from "#app/lib/private-files.server.ts";
import { runScript } from "../setup/ops-store.ts";
import { type RunningServer, startServer } from "../setup/server.ts";

/** Every path under `root` (itself included) whose mode lets group or others in, with that mode. */
async function openToOthers(root: string): Promise<string[]> {
  const open: string[] = [];
  const visit = async (path: string) => {
    const stats = await lstat(path);
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & 0o077) !== 0) open.push(`${path} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of await readdir(path)) await visit(join(path, name));
  };
  await visit(root);
  return open;
}

const modeOf = async (path: string) => (await lstat(path)).mode & 0o777;

describe("the data directory is the store's user's alone", () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it("a first start creates DATA_DIR 0700 and leaves nothing under it open, the database's files included", async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), "store-private-")), "data");
    const server = await startServer({ DATA_DIR: dataDir });
    servers.push(server);
    expect(await modeOf(dataDir)).toBe(0o700);
    expect((await readdir(join(dataDir, "db"))).length).toBeGreaterThan(10);
    expect(await openToOthers(dataDir)).toEqual([]);
    await server.stop();
    // The backup of that store, made beside it, is private too.
    const backup = join(dataDir, "..", "backup");
    expect((await runScript("backup", [backup], { DATA_DIR: dataDir })).code).toBe(0);
    expect((await readdir(backup)).length).toBeGreaterThan(1);
    expect(await modeOf(backup)).toBe(0o700);
    expect(await openToOthers(backup)).toEqual([]);
  });

  it("closes a data directory an older store left open to every local user, at start", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "store-open-"));
    // The older store's database (a data directory with e-mails and none is refused).
    await (await openDatabase({ dataDir })).close();
    await mkdir(join(dataDir, "mail"));
    await writeFile(join(dataDir, "mail", "old.eml"), "Subject: your lifetime link\r\n\r\nhttp://x/");
    await chmod(join(dataDir, "mail", "old.eml"), 0o644);
    await chmod(join(dataDir, "mail"), 0o777);
    await chmod(dataDir, 0o755);
    const server = await startServer({ DATA_DIR: dataDir });
    servers.push(server);
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(join(dataDir, "mail", "old.eml"))).toBe(0o600);
    expect(await openToOthers(dataDir)).toEqual([]);
    await server.stop();
    // PGlite's files, 0666 as it makes them, are closed again at the next start.
    await chmod(join(dataDir, "db", "global", "pg_control"), 0o666);
    const again = await startServer({ DATA_DIR: dataDir });
    servers.push(again);
    expect(await modeOf(join(dataDir, "db", "global", "pg_control"))).toBe(0o600);
  });

  it("writes each e-mail 0600 once the process writes privately", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "store-mail-"));
    keepDataPrivate(dataDir);
    const mailer = createMailer({
      from: "shop@example.com",
      mailDir: join(dataDir, "mail"),
      seller: "Coaching Shop Srl, Via Roma 1, Milano · VAT ID IT12345678903",
    });
    await mailer.send({
      to: "buyer@example.com",
      subject: "Your download",
      text: "a lifetime link",
      html: "",
    });
    const [file] = await readdir(join(dataDir, "mail"));
    expect(await readFile(join(dataDir, "mail", file!), "utf8")).toContain("a lifetime link");
    expect(await modeOf(join(dataDir, "mail", file!))).toBe(0o600);
    expect(await modeOf(join(dataDir, "mail"))).toBe(0o700);
  });
});
