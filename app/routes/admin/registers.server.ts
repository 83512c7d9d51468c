/**
 * Registri at `/{ADMIN_PATH}/registri`: the period comes from `?periodo=` (a month "2026-11" or a
 * quarter "2026-T4"; the current quarter without one); a malformed one is said on the page, which
 * shows the current quarter.
 */
import { REGISTERS_COPY as copy, REGIME_LABELS } from "#app/content/admin-registers.ts";
import { periodIt } from "#app/lib/admin/format-it.ts";
import { parsePeriod, quarterOf, recentPeriods } from "#app/lib/books/period.ts";
import { buildRegisters, type RegisterProblem } from "#app/lib/books/registers.server.ts";
import type { Services } from "#app/lib/services.server.ts";

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
    period: { key: period.key, label: periodIt(period), lastDay: period.lastDay },
    choices: recentPeriods(now, period),
    problems: registers.problems.map(problemText),
    rowCount: registers.rows.length,
    summary: registers.summary.map((total) => ({ ...total, label: regimeLabel(total.regime) })),
    takings: registers.takings,
    oss: registers.oss,
  };
}

export type RegistersPageData = Awaited<ReturnType<typeof loadRegistersPage>>;
