/**
 * `npm run bench`: runs every bench/*.bench.ts in turn against the built store, prints its figures
 * and whether each budget holds, and writes them all to bench/results.json (with the machine, the
 * date and the commit) and bench/results.md (one table). Exits non-zero when a budget is missed.
 * `npm run bench -- pages` runs only the files whose name contains "pages". The soak
 * (soak.bench.ts, 10 minutes) runs only when a filter names it: `npm run bench -- soak`.
 * A whole run (no filter) also puts its table into docs/benchmarks.md, between the `bench:start`
 * and `bench:end` markers: the page always shows the last complete report.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, platform, release, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import makeRunTmpdir from "../tests/setup/run-tmpdir.ts";
import type { Figure } from "./lib/budget.ts";

if (!existsSync("build/server/index.js")) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const filter = process.argv[2] ?? "";
const files = readdirSync("bench")
  .filter((name) => name.endsWith(".bench.ts") && name.includes(filter))
  .filter((name) => filter || name !== "soak.bench.ts")
  .sort();
// Every bench's temporary files (stores, products, PostgreSQL clusters) go under one directory.
const removeRunTmpdir = makeRunTmpdir();
// The stores a bench seeds start from the build's migrated database, as the tests' from theirs.
process.env.TEST_DATABASE_TEMPLATE = join(process.cwd(), "build", "server", "fresh-database");
const resultsFile = join(tmpdir(), "figures.jsonl");
writeFileSync(resultsFile, "");
const failedFiles: string[] = [];
for (const file of files) {
  console.log(`\n=== ${file}`);
  // tsx loads the app modules a bench seeds data with (the "#app/*" imports of package.json).
  const run = spawnSync(process.execPath, ["--import", "tsx", `bench/${file}`], {
    stdio: "inherit",
    env: { ...process.env, BENCH_RESULTS_FILE: resultsFile },
  });
  if (run.status !== 0) failedFiles.push(file);
}
const figures = readFileSync(resultsFile, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line) as Figure);
removeRunTmpdir();

/** A git answer, or null outside a checkout (the figures are written all the same). */
function git(...args: string[]): string | null {
  try {
    return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}
const cpu = cpus();
const results = {
  date: new Date().toISOString(),
  commit: git("rev-parse", "HEAD") ?? "unknown",
  /** Files changed since that commit: the figures are of the working tree, not of the commit alone. */
  modified: Boolean(git("status", "--porcelain")),
  machine: {
    os: `${platform()} ${release()}`,
    cpus: { model: cpu[0]?.model ?? "unknown", count: cpu.length },
    memoryBytes: totalmem(),
    node: process.version,
  },
  filter: filter || null,
  files,
  failedFiles,
  figures,
};
writeFileSync("bench/results.json", `${JSON.stringify(results, null, 2)}\n`);

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");
const withUnit = (value: number | string, unit: string) => `${value}${unit ? ` ${unit}` : ""}`;
const { machine } = results;
const markdown = [
  `Benchmarks of ${results.commit.slice(0, 12)}${results.modified ? " (with changes)" : ""}, ${results.date}`,
  `on ${machine.cpus.count} × ${machine.cpus.model}, ${Math.round(machine.memoryBytes / 1024 ** 3)} GB, ` +
    `${machine.os}, Node ${machine.node}; ${filter ? `only the files matching "${filter}"` : "every bench but the soak"}: ` +
    `${files.length - failedFiles.length} of ${files.length} passed${failedFiles.length ? ` (failed: ${failedFiles.join(", ")})` : ""}.`,
  "",
  "| Bench | Figure | Value | Budget | OK |",
  "| --- | --- | --- | --- | --- |",
  ...figures.map((f) => {
    const cells = [
      f.bench.replace(/\.bench\.ts$/, ""),
      f.name,
      withUnit(f.value, f.unit),
      f.budget === undefined ? "" : `${f.direction === "min" ? "≥" : "≤"} ${withUnit(f.budget, f.unit)}`,
      f.ok === undefined ? "" : f.ok ? "yes" : "**no**",
    ];
    return `| ${cells.map(cell).join(" | ")} |`;
  }),
  "",
].join("\n");
writeFileSync("bench/results.md", markdown);
if (!filter) {
  const report = "docs/benchmarks.md";
  const page = readFileSync(report, "utf8");
  const block = /(<!-- bench:start -->\n)[\s\S]*?(<!-- bench:end -->)/;
  if (!block.test(page)) throw new Error(`${report} has no <!-- bench:start --> … <!-- bench:end --> block`);
  writeFileSync(
    report,
    page.replace(block, (_, start, end) => `${start}\n${markdown}\n${end}`),
  );
  // The page is formatted by Biome (`npm run lint` checks it): the table with its columns aligned.
  execFileSync("npx", ["biome", "format", "--write", report], { stdio: "ignore" });
  console.log(`${report}'s performance table updated`);
}

console.log(`\n${files.length - failedFiles.length} passed, ${failedFiles.length} failed`);
console.log("Figures written to bench/results.json and bench/results.md");
process.exit(failedFiles.length ? 1 : 0);
