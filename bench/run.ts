/**
 * `npm run bench`: runs every bench/*.bench.ts in turn against the built store and prints its
 * figures and whether each budget holds. Exits non-zero when a budget is missed.
 * `npm run bench -- landing` runs only the files whose name contains "landing".
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

if (!existsSync("build/server/index.js")) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const filter = process.argv[2] ?? "";
const files = readdirSync("bench")
  .filter((name) => name.endsWith(".bench.ts") && name.includes(filter))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  // tsx loads the app modules a bench seeds data with (the "#app/*" imports of package.json).
  const run = spawnSync(process.execPath, ["--import", "tsx", `bench/${file}`], { stdio: "inherit" });
  if (run.status !== 0) failed++;
}
console.log(`\n${files.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
