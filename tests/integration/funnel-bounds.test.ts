/**
 * Issue 32, item 5: anonymous visits cannot grow the database without end. A day keeps at most
 * MAX_ROWS_PER_DAY funnel rows with their own source and campaign, whatever restarts or instances
 * there are (the visit counter's caps live in one process's memory, and payments started are not
 * counted through it), and RETENTION_DAYS applies to the funnel's days too.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { addCounts, countStep, dayOf, type FunnelCount } from "#app/lib/funnel/count-step.server.ts";
import { MAX_ROWS_PER_DAY, OTHER } from "#app/lib/funnel/day-cap.server.ts";
import { startVisitCounter } from "#app/lib/funnel/visit-counter.server.ts";
import { runMaintenance } from "#app/lib/maintenance.server.ts";
import { funnelDaily } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const DAY_MS = 86_400_000;

for (const backend of testBackends()) {
  describe(`funnel rows kept on ${backend.name}`, () => {
    let services: TestServices;
    beforeEach(async () => {
      services = await testServices(backend);
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());
    const db = () => services.database.db;
    const rowsOf = (day: string) => db().select().from(funnelDaily).where(eq(funnelDaily.day, day));
    const sum = (rows: { count: number }[]) => rows.reduce((total, row) => total + row.count, 0);

    it("keeps a day's rows bounded over restarts of the visit counter: every visit counted, the rest as 'other'", async () => {
      const day = dayOf(new Date());
      // Each start of the store begins with empty in-memory caps: ten starts, 400 new combinations each.
      for (let start = 0; start < 10; start++) {
        const counter = startVisitCounter(db(), { flushEveryMs: 60_000 });
        for (let i = 0; i < 400; i++) {
          counter.count("visit_landing", {
            source: `spam${start}-${i}.example`,
            campaign: `c${start}-${i}`,
            device: i % 2 ? "phone" : "desktop",
            article: "",
          });
        }
        await counter.stop();
      }
      const rows = await rowsOf(day);
      expect(sum(rows)).toBe(4000);
      // The day's own rows, and one "other" row for each device.
      expect(rows.length).toBeLessThanOrEqual(MAX_ROWS_PER_DAY + 2);
      expect(rows.filter((row) => row.source === OTHER && row.campaign === OTHER)).toHaveLength(2);
    });

    it("bounds payments started with any source, and keeps counting the day's known rows as themselves", async () => {
      const day = "2026-11-01";
      const rows = (from: number, count: number): FunnelCount[] =>
        Array.from({ length: count }, (_, i) => ({
          day,
          step: "payment_started",
          source: `s${from + i}.example`,
          campaign: "",
          device: "desktop",
          article: "",
          count: 1,
        }));
      await addCounts(db(), rows(0, MAX_ROWS_PER_DAY - 1));
      for (const row of rows(MAX_ROWS_PER_DAY - 1, 5))
        await countStep(db(), "payment_started", row, new Date(`${day}T12:00:00Z`));
      await addCounts(db(), [...rows(5_000, 600), ...rows(0, 3)]);
      const kept = await rowsOf(day);
      expect(kept).toHaveLength(MAX_ROWS_PER_DAY + 1);
      expect(sum(kept)).toBe(MAX_ROWS_PER_DAY - 1 + 5 + 603);
      expect(kept.find((row) => row.source === OTHER)?.count).toBe(604);
      expect(kept.find((row) => row.source === "s0.example")?.count).toBe(2);
      // Another day has its own room.
      await addCounts(db(), [{ ...rows(9_000, 1)[0]!, day: "2026-11-02" }]);
      expect((await rowsOf("2026-11-02"))[0]?.source).toBe("s9000.example");
    });

    it("deletes the funnel's days older than RETENTION_DAYS", async () => {
      const now = new Date("2026-11-27T10:00:00Z");
      const visit = { step: "visit_landing" as const, campaign: "", device: "phone", article: "", count: 3 };
      await addCounts(db(), [
        { ...visit, day: dayOf(new Date(now.getTime() - 181 * DAY_MS)), source: "old.example" },
        { ...visit, day: dayOf(new Date(now.getTime() - 179 * DAY_MS)), source: "recent.example" },
      ]);
      expect((await runMaintenance(db(), 180, now)).funnelRows).toBe(1);
      const left = await db()
        .select({ source: funnelDaily.source, n: sql<number>`count(*)` })
        .from(funnelDaily)
        .groupBy(funnelDaily.source);
      expect(left.map((row) => row.source)).toEqual(["recent.example"]);
    });
  });
}
