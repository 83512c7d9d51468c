/** Shared by the React countdown (checkout) and the landing page's script, which ships without React. */

/** 299_000 -> "04:59"; hours are added when there are any: "23:59:59". */
export function formatDuration(ms: number, withHours = false): string {
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return withHours
    ? `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`
    : `${pad(minutes + hours * 60)}:${pad(seconds)}`;
}

/**
 * 86_400_000 -> "PT24H", 3_723_000 -> "PT1H2M3S", 0 -> "PT0S": the time a countdown shows, as the
 * duration string a `<time datetime>` accepts (HTML's ISO 8601 form). Rounded up like formatDuration.
 */
export function isoDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const parts = [
    [Math.floor(total / 3600), "H"],
    [Math.floor((total % 3600) / 60), "M"],
    [total % 60, "S"],
  ] as const;
  const time = parts
    .filter(([value]) => value > 0)
    .map(([value, unit]) => `${value}${unit}`)
    .join("");
  return `PT${time || "0S"}`;
}
