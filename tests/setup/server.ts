import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** The arguments package.json's `serve` script gives Node: the one place the production flags live. */
function servedWith(): string[] {
  const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { serve: string } };
  const [node, ...args] = scripts.serve.split(" ");
  if (node !== "node")
    throw new Error(`package.json's serve script should start with "node": ${scripts.serve}`);
  return args;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** The environment a real start has: Vitest sets NODE_ENV=test, which a deployed store never sees. */
function baseEnv(): NodeJS.ProcessEnv {
  const { NODE_ENV: _ignored, ...rest } = process.env;
  return rest;
}

/** How `npm start` (through `npm run serve`, with its Node flags) and `npm run dev` start the store. */
export const START = servedWith();
const DEV = ["--conditions=development", "server/index.ts", "--dev"];

/**
 * Starts the store the README's way, on a fresh data directory by default: the build
 * (`npm start`), or with `dev` from source through Vite (`npm run dev`). Its output is kept in
 * memory, or written to `logFile` as a process manager writes it to a file: a bench that makes the
 * store log tens of thousands of lines a second must not make this process read them all.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { dev?: boolean; startTimeoutMs?: number; logFile?: string } = {},
): Promise<RunningServer> {
  if (!options.dev && !existsSync("build/server/index.js")) {
    throw new Error("No build found: run `npm run build` before the integration tests (npm test does).");
  }
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? (await mkdtemp(join(tmpdir(), "store-data-")));
  let kept = "";
  const logFd = options.logFile === undefined ? undefined : openSync(options.logFile, "a");
  const child = spawn(process.execPath, options.dev ? DEV : START, {
    // The store's books job fetches the ECB's rates for dollar sales and asks VIES about EU
    // businesses' VAT numbers: no test store reaches the internet.
    env: {
      ...baseEnv(),
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ECB_RATES_URL: "http://127.0.0.1:9/eurofxref-hist-90d.xml",
      VIES_URL: "http://127.0.0.1:9",
      ...env,
    },
    stdio: ["ignore", logFd ?? "pipe", logFd ?? "pipe"],
  });
  if (logFd === undefined) {
    child.stdout!.on("data", (chunk) => {
      kept += chunk;
    });
    child.stderr!.on("data", (chunk) => {
      kept += chunk;
    });
  } else {
    closeSync(logFd);
  }
  const output = () => (options.logFile === undefined ? kept : readFileSync(options.logFile, "utf8"));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // Vite's first load of the app (development) takes longer than the build's.
  const deadline = Date.now() + (options.startTimeoutMs ?? (options.dev ? 90_000 : 30_000));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    output,
    stop: async (signal = "SIGTERM") => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs the server expecting it to refuse to start; returns its exit code and output. */
export async function failedStart(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), "store-data-"));
  const child = spawn(process.execPath, START, {
    env: { ...baseEnv(), PORT: String(await freePort()), DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (c) => {
    output += c;
  });
  child.stderr.on("data", (c) => {
    output += c;
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, output };
}
