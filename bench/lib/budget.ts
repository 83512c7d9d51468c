/** Prints one measured figure against its budget and remembers a miss for the exit code. */
let missed = 0;

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
}

export function report(name: string, value: number | string, unit = "") {
  console.log(`     ${name}: ${value}${unit}`);
}

/** Call last: exits 1 when any budget was missed. */
export function finish(): never {
  process.exit(missed ? 1 : 0);
}
