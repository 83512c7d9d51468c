/**
 * Italy's wall-clock time (Europe/Rome) and the store's UTC instants, summer time included: the
 * admin enters and reads promotion times as a `<input type="datetime-local">` value (ADR 039), and
 * the books date each document and period by Rome's calendar day (ADR 043).
 */
const ROME = "Europe/Rome";

let parts: Intl.DateTimeFormat | undefined;

/** Minutes Rome is ahead of UTC at `instant` (60 in winter, 120 in summer). */
function romeOffsetMinutes(instant: number): number {
  parts ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: ROME,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const field = Object.fromEntries(parts.formatToParts(instant).map((part) => [part.type, part.value]));
  const wall = Date.UTC(
    Number(field.year),
    Number(field.month) - 1,
    Number(field.day),
    Number(field.hour),
    Number(field.minute),
    Number(field.second),
  );
  return Math.round((wall - Math.floor(instant / 1000) * 1000) / 60_000);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** "2026-12-01T09:00" in Rome -> the UTC instant, or null for anything else. */
export function romeInputToDate(value: string): Date | null {
  const match = LOCAL.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  // The offset at the guessed instant, then again at the corrected one (right across a change).
  const first = asUtc - romeOffsetMinutes(asUtc) * 60_000;
  return new Date(asUtc - romeOffsetMinutes(first) * 60_000);
}

/** A UTC instant as the value of a `datetime-local` input in Rome: "2026-12-01T09:00". */
export function dateToRomeInput(instant: Date): string {
  const shifted = new Date(instant.getTime() + romeOffsetMinutes(instant.getTime()) * 60_000);
  return shifted.toISOString().slice(0, 16);
}

/** The calendar day of `instant` in Rome: "2026-12-01". */
export const romeDay = (instant: Date) => dateToRomeInput(instant).slice(0, 10);

/** The instant Rome's day `day` ("2026-12-01") begins (Italy changes its clocks at 02:00 and 03:00, never at midnight). */
export const romeMidnight = (day: string) => romeInputToDate(`${day}T00:00`)!;

let isoRome: Intl.DateTimeFormat | undefined;

/** A UTC instant in Rome as "2026-12-01 09:00:00" (the CSV's Italian column). */
export function romeDateTime(instant: Date): string {
  isoRome ??= new Intl.DateTimeFormat("sv-SE", {
    timeZone: ROME,
    dateStyle: "short",
    timeStyle: "medium",
  });
  return isoRome.format(instant);
}

let buyerEnd: Intl.DateTimeFormat | undefined;

/** A promotion's end as buyers read it, in Italy's time and English: "30 Nov 2026, 23:59 CET". */
export function promotionEnd(instant: Date): string {
  buyerEnd ??= new Intl.DateTimeFormat("en-GB", {
    timeZone: ROME,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  });
  return buyerEnd.format(instant);
}
