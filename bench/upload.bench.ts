/** Uploads a 1 GB ZIP through the admin area: the server streams it to storage without holding it in memory. */
import { execFileSync } from "node:child_process";
import { openAsBlob } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "../tests/setup/server.ts";
import { budget, finish, report } from "./lib/budget.ts";
import { rssOf, watchPeakRss } from "./lib/process.ts";

const SIZE_MB = 1024;
const work = await mkdtemp(join(tmpdir(), "bench-upload-"));
const zip = join(work, "big-toolkit.zip");
// A valid ZIP of about 1 GB: incompressible data, stored without compression.
execFileSync("python3", [
  "-c",
  `import zipfile, os
with zipfile.ZipFile(${JSON.stringify(zip)}, "w", zipfile.ZIP_STORED) as z:
    for i in range(${SIZE_MB / 64}):
        with z.open(f"part-{i:02d}.bin", "w", force_zip64=True) as f:
            for _ in range(64):
                f.write(os.urandom(1024 * 1024))`,
]);
const size = (await stat(zip)).size;

const adminPath = "bench-admin-0123456789";
const password = "bench-admin-password";
const server = await startServer({
  ADMIN_PATH: adminPath,
  ADMIN_PASSWORD: password,
  LOG_LEVEL: "error",
  DATA_DIR: join(work, "data"),
});
try {
  const signIn = await fetch(`${server.url}/${adminPath}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "sign-in", password }),
    headers: { origin: server.url },
    redirect: "manual",
  });
  const cookie = signIn.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error(`sign-in failed: ${signIn.status}`);

  const body = new FormData();
  body.append("file", await openAsBlob(zip), "big-toolkit.zip");
  const pid = server.process.pid!;
  const before = rssOf(pid);
  const stopWatch = watchPeakRss(pid);
  const started = performance.now();
  const response = await fetch(`${server.url}/${adminPath}/upload`, {
    method: "POST",
    body,
    // As the admin page's script asks: the answer as JSON (without it, the page for a browser).
    headers: { cookie, origin: server.url, accept: "application/json" },
  });
  const seconds = (performance.now() - started) / 1000;
  const peak = stopWatch();
  const growth = (peak - before) / 1024 / 1024;
  report("server RSS before / peak", `${Math.round(before / 1048576)} / ${Math.round(peak / 1048576)} MB`);
  const result = (await response.json()) as { ok: boolean };
  report(
    "upload",
    `${(size / 1024 / 1024).toFixed(0)} MB in ${seconds.toFixed(1)} s = ${(size / 1024 / 1024 / seconds).toFixed(0)} MB/s`,
  );
  budget("upload accepted", result.ok ? 1 : 0, 1, "", "min");
  budget("server RSS growth", Math.round(growth), 64, " MB");
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
finish();
