import { describe, expect, it } from "vitest";
import { FUNNEL_STEPS, type FunnelStep } from "#app/lib/funnel/count-step.server.ts";
import { funnelRows } from "#app/lib/funnel/funnel-rows.ts";

describe("the Panoramica's funnel", () => {
  it("never shows a step above the one before, nor a share above 100 %, whatever the counters say", () => {
    // A fixed pseudo-random sequence: counters of every size and order, zeros included.
    let seed = 29;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % 50;
    };
    for (let run = 0; run < 500; run++) {
      const steps = Object.fromEntries(FUNNEL_STEPS.map((step) => [step, next()])) as Record<
        FunnelStep,
        number
      >;
      const rows = funnelRows(steps);
      expect(rows[0]!.counted).toBe(steps.visit_landing + steps.visit_blog);
      for (const [i, row] of rows.entries()) {
        expect(row.inPath + row.outside).toBe(row.counted);
        if (i === 0) continue;
        expect(row.inPath).toBeLessThanOrEqual(rows[i - 1]!.inPath);
        expect(row.share === null || row.share <= 1).toBe(true);
      }
    }
  });

  it("names what a counter has beyond the step before: 150 checkout visits on 100 arrivals", () => {
    const rows = funnelRows({
      visit_landing: 80,
      visit_blog: 20,
      visit_checkout: 150,
      payment_started: 30,
      payment_completed: 25,
      download: 20,
    });
    expect(rows.map(({ stage, inPath, outside, share }) => [stage, inPath, outside, share])).toEqual([
      ["arrivals", 100, 0, null],
      ["visit_checkout", 100, 50, 1],
      ["payment_started", 30, 0, 0.3],
      ["payment_completed", 25, 0, 25 / 30],
      ["download", 20, 0, 0.8],
    ]);
  });
});
