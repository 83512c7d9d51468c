import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/** `npm run admin:password` beside a running store that holds the embedded database. */
describe("npm run admin:password while the store runs on PGlite", () => {
  it("refuses in one line naming the process, with no stack trace", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "admin-password-"));
    await mkdir(join(dataDir, "db"));
    await writeFile(join(dataDir, "db", "PG_VERSION"), "17\n");
    // This test's own process stands in for the running store.
    await writeFile(join(dataDir, "db.pid"), String(process.pid));
    const run = spawnSync(process.execPath, ["scripts/admin-password.ts"], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toMatch(
      new RegExp(`^The embedded database in .+ is in use by another process \\(pid ${process.pid}\\)`),
    );
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });
});
