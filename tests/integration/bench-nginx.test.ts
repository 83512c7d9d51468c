/**
 * The benches' nginx (bench/lib/nginx.ts): serves a directory as the comparisons need it, a single-page
 * app falling back to its index.html, and leaves nothing behind when stopped.
 */
import { execFileSync } from "node:child_process";
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNginx } from "../../bench/lib/nginx.ts";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "nginx-root-"));
  await mkdir(join(root, "assets"));
  await writeFile(join(root, "index.html"), "<!doctype html><title>shell</title>");
  await writeFile(join(root, "assets", "app.js"), `console.log(${JSON.stringify("x".repeat(4000))});`);
  await chmod(root, 0o755);
});
afterAll(() => rm(root, { recursive: true, force: true }));

const nginxTemps = async () => (await readdir(tmpdir())).filter((name) => name.startsWith("bench-nginx-"));

describe("startNginx", () => {
  it("serves an SPA: unknown paths get index.html, hashed assets a year of cache, compressed", async () => {
    const nginx = await startNginx({ root, spa: true });
    try {
      const page = await fetch(`${nginx.url}/blog/some-article`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<title>shell</title>");
      const script = await fetch(`${nginx.url}/assets/app.js`, { headers: { "accept-encoding": "gzip" } });
      expect(script.status).toBe(200);
      expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(script.headers.get("content-encoding")).toBe("gzip");
    } finally {
      await nginx.stop();
    }
  });

  it("serves plain files without the fallback, and removes its directory when stopped", async () => {
    const before = await nginxTemps();
    const nginx = await startNginx({ root });
    try {
      expect((await fetch(`${nginx.url}/missing`)).status).toBe(404);
      expect(await (await fetch(`${nginx.url}/index.html`)).text()).toContain("shell");
    } finally {
      await nginx.stop();
    }
    expect(await nginxTemps()).toEqual(before);
    await expect(fetch(`${nginx.url}/index.html`)).rejects.toThrow();
  });

  it("ends with the process that started it, when that process never calls stop()", async () => {
    const before = await nginxTemps();
    const script = `import { startNginx } from "./bench/lib/nginx.ts";
      const nginx = await startNginx({ root: ${JSON.stringify(root)} });
      console.log(nginx.url);
      process.exit(0);`;
    const url = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
    }).trim();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await expect
      .poll(
        async () =>
          fetch(`${url}/index.html`).then(
            () => "up",
            () => "down",
          ),
        { timeout: 5_000 },
      )
      .toBe("down");
    expect(await nginxTemps()).toEqual(before);
  });
});
