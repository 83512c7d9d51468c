/**
 * Runs Debian's nginx with the site docs/deploying.md's "Behind nginx" section gives, unchanged but for
 * the two addresses: nginx listens on NGINX_PORT and passes to the store on STORE_PORT. Wrapped
 * in the few lines Debian's /etc/nginx/nginx.conf would add, with a private prefix so no root is
 * needed. Run by Playwright's webServer command (`node --import tsx tests/e2e/nginx-from-deploying-guide.ts`).
 */
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const nginxPort = process.env.NGINX_PORT;
const storePort = process.env.STORE_PORT;
if (!nginxPort || !storePort) throw new Error("NGINX_PORT and STORE_PORT must be set");
if (spawnSync("nginx", ["-v"]).error) {
  throw new Error("nginx not found: install Debian's nginx (apt-get install nginx); .ci/run does.");
}

/** The deploying guide's nginx block: the one fenced as ```nginx. */
export function guideSite(guide: string): string {
  const site = guide.match(/```nginx\n([\s\S]*?)```/)?.[1];
  if (!site) throw new Error("docs/deploying.md has no ```nginx block");
  return site;
}

const site = guideSite(readFileSync("docs/deploying.md", "utf8"));
const addresses = [
  ["server 127.0.0.1:3000;", `server 127.0.0.1:${storePort};`],
  ["listen 80;", `listen 127.0.0.1:${nginxPort};`],
] as const;
let adapted = site;
for (const [from, to] of addresses) {
  if (!adapted.includes(from)) throw new Error(`The deploying guide's nginx site no longer has "${from}"`);
  adapted = adapted.replace(from, to);
}

const prefix = resolve(`nginx-e2e-${nginxPort}`);
rmSync(prefix, { recursive: true, force: true });
mkdirSync(join(prefix, "logs"), { recursive: true });
// nginx's workers run as an unprivileged user when started as root: they write the temp files.
const temp = (name: string) => {
  mkdirSync(join(prefix, name), { mode: 0o777 });
  chmodSync(join(prefix, name), 0o777);
  return `${name}_temp_path ${join(prefix, name)};`;
};
writeFileSync(
  join(prefix, "nginx.conf"),
  `daemon off;
worker_processes 1;
pid ${join(prefix, "nginx.pid")};
error_log ${join(prefix, "logs", "error.log")} warn;
events { worker_connections 256; }
http {
  access_log ${join(prefix, "logs", "access.log")};
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  include /etc/nginx/mime.types;
${adapted}
}
`,
);
const nginx = spawn("nginx", ["-p", prefix, "-c", join(prefix, "nginx.conf")], { stdio: "inherit" });
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => nginx.kill("SIGQUIT"));
nginx.on("exit", (code) => process.exit(code ?? 0));
