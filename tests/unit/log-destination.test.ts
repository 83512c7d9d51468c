import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { linesPerTurn } from "#app/lib/log-destination.server.ts";

const turn = () => new Promise((done) => setImmediate(done));

describe("the log's lines written per turn of the event loop", () => {
  it("writes a turn's lines together, in order, once the turn is over", async () => {
    const writes: string[] = [];
    const lines = linesPerTurn(9, (fd, text) => {
      expect(fd).toBe(9);
      writes.push(String(text));
      return String(text).length;
    });
    lines.write("one\n");
    lines.write("two\n");
    expect(writes).toEqual([]);
    await turn();
    expect(writes).toEqual(["one\ntwo\n"]);
    lines.write("three\n");
    await turn();
    expect(writes).toEqual(["one\ntwo\n", "three\n"]);
    await turn();
    expect(writes).toHaveLength(2);
  });

  it("goes on after a write fails (a full disk), and never throws to the caller", async () => {
    const writes: string[] = [];
    let full = true;
    const lines = linesPerTurn(9, (_fd, text) => {
      if (full) throw Object.assign(new Error("no space left on device"), { code: "ENOSPC" });
      writes.push(String(text));
      return String(text).length;
    });
    lines.write("lost\n");
    await turn();
    full = false;
    lines.write("kept\n");
    await turn();
    expect(writes).toEqual(["kept\n"]);
  });

  /**
   * Runs the logger in a child whose stdout is `stdout`, logging `count` lines, then printing
   * `after` with printAfterLog when given, then exiting at once.
   */
  function logAndExit(stdout: number | "pipe", count: number, after?: string) {
    const logger = resolve("app/lib/logger.server.ts");
    const script = `import { logger, printAfterLog } from ${JSON.stringify(logger)};
      for (let i = 0; i < ${count}; i++) logger.info({ i }, "line");
      ${after === undefined ? "" : `printAfterLog(${JSON.stringify(after)});`}
      process.exit(0);`;
    return spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      stdio: ["ignore", stdout, "pipe"],
      env: { ...process.env, LOG_LEVEL: "info" },
      encoding: "utf8",
    });
  }

  const numbers = (output: string) =>
    output
      .trim()
      .split("\n")
      .map((line) => (JSON.parse(line) as { i: number }).i);

  it("writes what a turn held when the process exits, to a file", () => {
    const file = join(mkdtempSync(join(tmpdir(), "log-")), "store.log");
    const fd = openSync(file, "a");
    const run = logAndExit(fd, 1000);
    closeSync(fd);
    expect(run.stderr).toBe("");
    expect(numbers(readFileSync(file, "utf8"))).toEqual([...Array(1000).keys()]);
  });

  it("writes to a pipe through pino's asynchronous writer, which also writes all at exit", () => {
    const run = logAndExit("pipe", 1000);
    expect(run.stderr).toBe("");
    expect(numbers(run.stdout)).toEqual([...Array(1000).keys()]);
  });

  it("prints text after every line logged before it, to a pipe as to a file", () => {
    const file = join(mkdtempSync(join(tmpdir(), "log-")), "store.log");
    const fd = openSync(file, "a");
    logAndExit(fd, 1000, "welcome\n");
    closeSync(fd);
    for (const output of [readFileSync(file, "utf8"), logAndExit("pipe", 1000, "welcome\n").stdout]) {
      const lines = output.trim().split("\n");
      expect(lines.at(-1)).toBe("welcome");
      expect(numbers(lines.slice(0, -1).join("\n"))).toEqual([...Array(1000).keys()]);
    }
  });
});
