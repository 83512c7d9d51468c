import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SCRIPT = resolve("scripts/build-stamp.ts");

/** A project with a few sources and a made build, in a folder of its own. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), "stamp-"));
  for (const [path, text] of Object.entries({
    "app/root.tsx": "export default 1;\n",
    "app/content/blog/post.md": "# A post\n",
    "server/app.ts": "export {};\n",
    "package.json": "{}\n",
    "package-lock.json": "{}\n",
    "tests/unit/a.test.ts": "// a test\n",
    "docs/guide.md": "# Guide\n",
    "build/server/start.js": "// built\n",
  })) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const run = (root: string, ...args: string[]) =>
  spawnSync(process.execPath, [SCRIPT, ...args], { cwd: root, encoding: "utf8" });

/** What `npm run build` does around the build: the fingerprint taken before, written after. */
function stamp(root: string, command: "write" | "check") {
  if (command === "check") return run(root, "check");
  return run(root, "write", run(root, "fingerprint").stdout.trim());
}

describe("npm start's build stamp", () => {
  it("asks for a build when there is no stamp yet", () => {
    const root = project();
    const check = stamp(root, "check");
    expect(check.status).toBe(1);
    expect(check.stdout).toMatch(/^Building the store/);
  });

  it("finds the build current after it was stamped, and again after a test or a doc changed", () => {
    const root = project();
    expect(stamp(root, "write").status).toBe(0);
    expect(readFileSync(join(root, "build/sources.sha256"), "utf8")).toMatch(/^[0-9a-f]{64}\n$/);
    expect(stamp(root, "check").status).toBe(0);
    writeFileSync(join(root, "tests/unit/a.test.ts"), "// another test\n");
    writeFileSync(join(root, "docs/guide.md"), "# Another guide\n");
    const check = stamp(root, "check");
    expect(check.status).toBe(0);
    expect(check.stdout).toMatch(/^The build is current/);
  });

  it("asks for a build when a source, an article, the lockfile or a new file changed", () => {
    for (const [path, text] of [
      ["app/root.tsx", "export default 2;\n"],
      ["app/content/blog/post.md", "# A post, edited\n"],
      ["package-lock.json", '{"lockfileVersion":3}\n'],
      ["server/new-module.ts", "export {};\n"],
    ] as const) {
      const root = project();
      stamp(root, "write");
      writeFileSync(join(root, path), text);
      expect(stamp(root, "check").status, path).toBe(1);
    }
  });

  it("leaves the build stale when a source changed while it was being made", () => {
    const root = project();
    const before = run(root, "fingerprint").stdout.trim();
    writeFileSync(join(root, "app/root.tsx"), "export default 3;\n");
    expect(run(root, "write", before).status).toBe(0);
    expect(stamp(root, "check").status).toBe(1);
  });

  it("asks for a build when the stamp is there but the build is not", () => {
    const root = project();
    stamp(root, "write");
    rmSync(join(root, "build/server/start.js"));
    expect(stamp(root, "check").status).toBe(1);
  });
});
