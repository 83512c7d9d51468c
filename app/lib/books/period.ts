/**
 * The periods the books are handed over for: a month ("2026-11") or a quarter ("2026-T4"), as the
 * admin's links write them, with their first day and the first day after them (documents are dated
 * by Italy's calendar day, ADR 043). The current one is reckoned in Rome time.
 */
import { dateToRomeInput } from "#app/lib/pricing/rome-time.ts";

export interface Period {
  /** "2026-11" or "2026-T4". */
  key: string;
  kind: "month" | "quarter";
  year: number;
  /** The month (1–12) or the quarter (1–4). */
  index: number;
  /** YYYY-MM-DD, the first day. */
  from: string;
  /** YYYY-MM-DD, the first day after the period. */
  to: string;
}

const PERIOD = /^(\d{4})-(?:(0[1-9]|1[0-2])|T([1-4]))$/;
const day = (year: number, month: number) =>
  month > 12 ? `${year + 1}-01-01` : `${year}-${String(month).padStart(2, "0")}-01`;

/** A period from its key, or null for anything else (years 2000–9999). */
export function parsePeriod(key: string): Period | null {
  const match = PERIOD.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 2000) return null;
  if (match[2]) {
    const month = Number(match[2]);
    return { key, kind: "month", year, index: month, from: day(year, month), to: day(year, month + 1) };
  }
  const quarter = Number(match[3]);
  const first = (quarter - 1) * 3 + 1;
  return { key, kind: "quarter", year, index: quarter, from: day(year, first), to: day(year, first + 3) };
}

/** The quarter `instant` falls in, in Rome. */
export function quarterOf(instant: Date): Period {
  const [year, month] = dateToRomeInput(instant).split("-").map(Number) as [number, number];
  return parsePeriod(`${year}-T${Math.ceil(month / 3)}`)!;
}

/** What the admin offers to choose from: the quarters and months of this year so far and the last, newest first. */
export function recentPeriods(now: Date): Period[] {
  const current = quarterOf(now);
  const currentMonth = Number(dateToRomeInput(now).slice(5, 7));
  const keys: string[] = [];
  for (let year = current.year; year >= current.year - 1; year--)
    for (let quarter = 4; quarter >= 1; quarter--) {
      if (year === current.year && quarter > current.index) continue;
      keys.push(`${year}-T${quarter}`);
      for (let month = quarter * 3; month > quarter * 3 - 3; month--)
        if (year < current.year || month <= currentMonth)
          keys.push(`${year}-${String(month).padStart(2, "0")}`);
    }
  return keys.map((key) => parsePeriod(key)!);
}
