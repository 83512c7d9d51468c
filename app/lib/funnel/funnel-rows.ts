/**
 * The purchase funnel as the Panoramica shows it (ADR 033): arrivals (landing page and blog), the
 * checkout, payments started and completed, first downloads. Each counter is kept on its own
 * (a reload of the checkout counts again, a buyer can open it straight from an e-mail), so a later
 * counter can be larger than an earlier one. In the funnel a step is never more than the step
 * before: what exceeds it is shown apart, as counted outside the path, and each share is of the
 * step before, at most 100 %.
 */
import type { FunnelStep } from "#app/lib/funnel/count-step.server.ts";

export const FUNNEL_STAGES = [
  "arrivals",
  "visit_checkout",
  "payment_started",
  "payment_completed",
  "download",
] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

export interface FunnelRow {
  stage: FunnelStage;
  /** What the counter says. */
  counted: number;
  /** What the funnel shows: the count, at most the step before's. */
  inPath: number;
  /** Counted beyond the step before (direct visits, reloads): `counted - inPath`. */
  outside: number;
  /** `inPath` as a share (0 to 1) of the step before's; null for the first step or after an empty one. */
  share: number | null;
}

export function funnelRows(steps: Record<FunnelStep, number>): FunnelRow[] {
  const counts: Record<FunnelStage, number> = {
    arrivals: steps.visit_landing + steps.visit_blog,
    visit_checkout: steps.visit_checkout,
    payment_started: steps.payment_started,
    payment_completed: steps.payment_completed,
    download: steps.download,
  };
  const rows: FunnelRow[] = [];
  for (const stage of FUNNEL_STAGES) {
    const counted = Math.max(0, counts[stage]);
    const before = rows.at(-1);
    const inPath = before ? Math.min(counted, before.inPath) : counted;
    rows.push({
      stage,
      counted,
      inPath,
      outside: counted - inPath,
      share: before && before.inPath > 0 ? inPath / before.inPath : null,
    });
  }
  return rows;
}
