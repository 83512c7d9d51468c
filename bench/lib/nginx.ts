/**
 * A throwaway, unprivileged nginx (Debian's package) serving one directory on a free 127.0.0.1
 * port: the reference the benches compare the store with (downloads, throughput, the peer SPA).
 * Its config, pid, logs and temp paths live in a fresh temp directory; it runs as a `daemon off`
 * child process and `stop()` ends it and removes that directory.
 */
import { spawn } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "../../tests/setup/server.ts";

const NGINX = "/usr/sbin/nginx";

export interface RunningNginx {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface NginxOptions {
  /** The directory served at `/`. nginx's workers must be able to read it (and its parents). */
  root: string;
  /** A single-page app: a path with no file answers `/index.html` (`try_files $uri /index.html`). */
  spa?: boolean;
  /** More directives for the server block, before its `location /` (a bench's own locations). */
  config?: string;
  /** Log every request to a file in its work directory, as a deployed nginx does (off by default). */
  accessLog?: boolean;
}

/**
 * Starts nginx serving `root`: `sendfile`, gzip on the fly and `gzip_static` (a `.gz` beside a file
 * is sent as is), a year of cache for `/assets/` (Vite's hashed file names), and for an SPA every
 * unknown path answered with `index.html`; `config` adds a bench's own directives to the server
 * block. Throws when Debian's nginx is not installed.
 */
export async function startNginx({
  root,
  spa = false,
  config = "",
  accessLog = false,
}: NginxOptions): Promise<RunningNginx> {
  if (!existsSync(NGINX)) {
    throw new Error(`${NGINX} not found: install Debian's nginx (apt-get install nginx) to run this bench.`);
  }
  const work = await mkdtemp(join(tmpdir(), "bench-nginx-"));
  await mkdir(join(work, "temp"));
  // Run as root, nginx's workers switch to an unprivileged user: let them reach the served files.
  await chmod(work, 0o755);
  const port = await freePort();
  const temp = (kind: string) => `${kind}_temp_path ${work}/temp/${kind};`;
  await writeFile(
    join(work, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${accessLog ? `${work}/access.log` : "off"};
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  sendfile on;
  tcp_nopush on;
  gzip on;
  gzip_static on;
  gzip_comp_level 6;
  gzip_types text/css application/javascript application/json image/svg+xml text/markdown;
  server {
    listen 127.0.0.1:${port};
    root ${resolve(root)};
    ${config}
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location / { ${spa ? "try_files $uri /index.html;" : ""} }
  }
}
`,
  );
  let output = "";
  const child = spawn(NGINX, ["-c", join(work, "nginx.conf"), "-p", work], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  // A bench that throws or exits before stop() must not leave nginx running.
  const killOnExit = () => {
    child.kill("SIGQUIT");
    rmSync(work, { recursive: true, force: true });
  };
  process.once("exit", killOnExit);
  const stop = async () => {
    process.off("exit", killOnExit);
    // SIGQUIT: a graceful shutdown, which also ends the worker.
    if (child.exitCode === null) child.kill("SIGQUIT");
    await exited;
    await rm(work, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`nginx exited with ${child.exitCode}:\n${output}`);
    }
    try {
      await fetch(`${url}/`);
      break;
    } catch {}
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer on ${url}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, port, stop };
}
