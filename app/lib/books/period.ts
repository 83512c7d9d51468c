/**
 * The periods the books are kept and handed over for: a month ("2026-11") or a quarter
 * ("2026-T4"), as the admin's links write them, from Rome's midnight of their first day to that of
 * the day after their last (documents and sales are dated by Italy's calendar day, ADR 043).
 */
import { romeDay, romeMidnight } from "#app/lib/pricing/rome-time.ts";

export interface Period {
  /** "2026-11" or "2026-T4". */
  key: string;
  kind: "month" | "quarter";
  year: number;
  /** The month (1–12) or the quarter (1–4). */
  index: number;
  /** YYYY-MM-DD: the first and the last day. */
  firstDay: string;
  lastDay: string;
  /** The instants the period begins and ends (exclusive), in Rome. */
  start: Date;
  end: Date;
}

const pad = (n: number) => String(n).padStart(2, "0");
/** The last day of a month (1–12) of `year`. */
const lastDayOf = (year: number, month: number) =>
  `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A period from its key; null for anything else (years 2000–2999). */
export function parsePeriod(key: string): Period | null {
  const match = /^(2\d{3})-(?:(0[1-9]|1[0-2])|T([1-4]))$/.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  const month = match[2] ? Number(match[2]) : null;
  const quarter = match[3] ? Number(match[3]) : null;
  const firstMonth = month ?? (quarter! - 1) * 3 + 1;
  const firstDay = `${year}-${pad(firstMonth)}-01`;
  const lastDay = lastDayOf(year, month ?? firstMonth + 2);
  return {
    key,
    kind: month ? "month" : "quarter",
    year,
    index: month ?? quarter!,
    firstDay,
    lastDay,
    start: romeMidnight(firstDay),
    end: romeMidnight(dayAfter(lastDay)),
  };
}

/** The quarter `instant` falls in, in Rome. */
export function quarterOf(instant: Date): Period {
  const [year, month] = romeDay(instant).split("-").map(Number) as [number, number];
  return parsePeriod(`${year}-T${Math.ceil(month / 3)}`)!;
}

/**
 * What the admin offers to choose from, newest first: each quarter of this year so far and of the
 * last, followed by its months; `chosen` first when it is older (reached by its link).
 */
export function recentPeriods(now: Date, chosen?: Period): Period[] {
  const current = quarterOf(now);
  const currentMonth = Number(romeDay(now).slice(5, 7));
  const keys: string[] = [];
  for (let year = current.year; year >= current.year - 1; year--)
    for (let quarter = 4; quarter >= 1; quarter--) {
      if (year === current.year && quarter > current.index) continue;
      keys.push(`${year}-T${quarter}`);
      for (let month = quarter * 3; month > quarter * 3 - 3; month--)
        if (year < current.year || month <= currentMonth) keys.push(`${year}-${pad(month)}`);
    }
  const periods = keys.map((key) => parsePeriod(key)!);
  return chosen && !keys.includes(chosen.key) ? [chosen, ...periods] : periods;
}
