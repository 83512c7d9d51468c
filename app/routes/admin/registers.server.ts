/**
 * Registri at `/{ADMIN_PATH}/registri`: the period comes from `?periodo=` (a month "2026-11" or a
 * quarter "2026-T4"; the current quarter without one); a malformed one is said on the page, which
 * shows the current quarter. The chooser offers this year's and the two before's months and quarters.
 */
import { REGISTERS_COPY as copy, REGIME_LABELS } from "#app/content/admin-registers.ts";
import {
  buildRegisters,
  type Period,
  parsePeriod,
  quarterOf,
  type RegisterProblem,
} from "#app/lib/books/registers.server.ts";
import type { Services } from "#app/lib/services.server.ts";

/** How many years back the chooser offers (any other period is reached by its URL). */
const CHOOSER_YEARS = 3;

/** A period as the page names it: "novembre 2026", "4º trimestre 2026". */
export const periodLabel = (period: Pick<Period, "kind" | "index" | "year">) =>
  period.kind === "month"
    ? `${copy.monthName(period.index)} ${period.year}`
    : copy.quarterName(period.index, period.year);

function problemText(problem: RegisterProblem): string {
  switch (problem.kind) {
    case "no-regime":
      return copy.problems.noRegime;
    case "no-rate":
      return copy.problems.noRate(problem.reference, problem.currency, problem.day);
    case "no-oss-rate":
      return copy.problems.noOssRate(problem.currency, problem.day);
    case "unknown-country":
      return copy.problems.unknownCountry(problem.count);
  }
}

/** The chooser's periods, newest first: quarters, then months, of the current year and the ones before. */
function chooserOptions(now: Date, chosen: Period) {
  const current = quarterOf(now);
  const quarters: { key: string; label: string }[] = [];
  const months: { key: string; label: string }[] = [];
  for (let year = current.year; year > current.year - CHOOSER_YEARS; year--) {
    for (let quarter = 4; quarter >= 1; quarter--) {
      const key = `${year}-T${quarter}`;
      if (key <= current.key) quarters.push({ key, label: copy.quarterName(quarter, year) });
    }
    for (let month = 12; month >= 1; month--) {
      const period = parsePeriod(`${year}-${String(month).padStart(2, "0")}`)!;
      if (period.start < current.end) months.push({ key: period.key, label: periodLabel(period) });
    }
  }
  const offered = [...quarters, ...months].some((option) => option.key === chosen.key);
  if (!offered)
    (chosen.kind === "quarter" ? quarters : months).push({ key: chosen.key, label: periodLabel(chosen) });
  return { quarters, months };
}

export async function loadRegistersPage(services: Services, request: Request) {
  const asked = new URL(request.url).searchParams.get("periodo");
  const now = new Date();
  const notices: string[] = [];
  let period = asked === null ? quarterOf(now) : parsePeriod(asked);
  if (!period) {
    notices.push(copy.badPeriod(asked ?? ""));
    period = quarterOf(now);
  }
  const registers = await buildRegisters(services.database.db, services.env, period);
  const regimeLabel = (regime: keyof typeof REGIME_LABELS) => REGIME_LABELS[regime];
  return {
    adminPath: services.settings.adminPath,
    notices,
    period: { key: period.key, label: periodLabel(period), lastDay: period.lastDay },
    options: chooserOptions(now, period),
    problems: registers.problems.map(problemText),
    rowCount: registers.rows.length,
    summary: registers.summary.map((total) => ({ ...total, label: regimeLabel(total.regime) })),
    takings: registers.takings,
    oss: registers.oss,
  };
}

export type RegistersPageData = Awaited<ReturnType<typeof loadRegistersPage>>;
