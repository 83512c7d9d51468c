/**
 * Prints one measured figure (against its budget) and remembers a miss for the exit code. Under
 * `npm run bench`, bench/run.ts names a file in BENCH_RESULTS_FILE and every figure is also appended
 * there as a JSON line, from which run.ts writes bench/results.json and bench/results.md.
 */
import { appendFileSync } from "node:fs";
import { basename } from "node:path";

let missed = 0;

/** One figure as bench/results.json keeps it. */
export interface Figure {
  bench: string;
  name: string;
  value: number | string;
  unit: string;
  budget?: number;
  direction?: "max" | "min";
  ok?: boolean;
}

function record(figure: Omit<Figure, "bench">) {
  const file = process.env.BENCH_RESULTS_FILE;
  if (!file) return;
  const bench = basename(process.argv[1] ?? "unknown");
  appendFileSync(file, `${JSON.stringify({ bench, ...figure } satisfies Figure)}\n`);
}

export function budget(
  name: string,
  value: number,
  limit: number,
  unit = "",
  direction: "max" | "min" = "max",
) {
  const ok = direction === "max" ? value <= limit : value >= limit;
  if (!ok) missed++;
  const sign = direction === "max" ? "<=" : ">=";
  console.log(`${ok ? "ok  " : "MISS"} ${name}: ${value}${unit} (budget ${sign} ${limit}${unit})`);
  record({ name, value, unit: unit.trim(), budget: limit, direction, ok });
}

export function report(name: string, value: number | string, unit = "") {
  console.log(`     ${name}: ${value}${unit}`);
  record({ name, value, unit: unit.trim() });
}

/** Call last: exits 1 when any budget was missed. */
export function finish(): never {
  process.exit(missed ? 1 : 0);
}
