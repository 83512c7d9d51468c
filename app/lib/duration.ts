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
