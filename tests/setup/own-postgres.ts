/**
 * A PostgreSQL cluster of the test's own, made with initdb and run with pg_ctl in a temporary
 * directory on a free port, so a fault test can stop and start it under traffic. Never the shared
 * server of TEST_DATABASE_URL: other tests use that one at the same time.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./server.ts";

export interface OwnPostgres {
  url: string;
  /** Stops the server the way a restart or failover does: sessions are ended (57P01). */
  stop(): void;
  start(): void;
  /** Stops it for good and removes its files. */
  destroy(): void;
}

/** The newest PostgreSQL server binaries Debian installs; a clear error when there are none. */
function serverBinaries(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter(
          (v) => existsSync(join(root, v, "bin", "initdb")) && existsSync(join(root, v, "bin", "pg_ctl")),
        )
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) {
    throw new Error(
      "The PostgreSQL fault tests need initdb and pg_ctl under /usr/lib/postgresql/<version>/bin: install the PostgreSQL server (Debian: apt-get install postgresql; .ci/run does).",
    );
  }
  return join(root, versions[0], "bin");
}

/**
 * `durable: true` keeps PostgreSQL's default durability (fsync on, as a real store runs), for a
 * benchmark; tests leave it off (fsync off), as they only need the server, not its disk.
 */
export async function startOwnPostgres(options: { durable?: boolean } = {}): Promise<OwnPostgres> {
  const bin = serverBinaries();
  const dir = mkdtempSync(join(tmpdir(), "own-postgres-"));
  const data = join(dir, "data");
  const port = await freePort();
  // PostgreSQL refuses to run as root: as root, run it as the postgres user.
  const asUser: { uid?: number; gid?: number } = {};
  if (process.getuid?.() === 0) {
    asUser.uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }));
    asUser.gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }));
    chownSync(dir, asUser.uid, asUser.gid);
  }
  const run = (tool: string, args: string[]) => {
    const result = spawnSync(join(bin, tool), args, { ...asUser, encoding: "utf8", cwd: dir });
    if (result.status !== 0) {
      throw new Error(
        `${tool} ${args.join(" ")} failed (${result.status}): ${result.stderr}${result.stdout}`,
      );
    }
  };
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${options.durable ? "" : " -c fsync=off"}`;
  const start = () => run("pg_ctl", ["-D", data, "-o", settings, "-l", join(dir, "log"), "-w", "start"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    start,
    destroy() {
      spawnSync(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"], { ...asUser });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
