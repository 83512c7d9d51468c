import { describe, expect, it } from "vitest";
import { parsePeriod, quarterOf, recentPeriods } from "#app/lib/books/period.ts";

describe("the periods the books are handed over for", () => {
  it("reads a month or a quarter as its first day and the first day after it", () => {
    expect(parsePeriod("2026-T4")).toEqual({
      key: "2026-T4",
      kind: "quarter",
      year: 2026,
      index: 4,
      from: "2026-10-01",
      to: "2027-01-01",
    });
    expect(parsePeriod("2026-02")).toMatchObject({ kind: "month", from: "2026-02-01", to: "2026-03-01" });
    expect(parsePeriod("2026-12")).toMatchObject({ from: "2026-12-01", to: "2027-01-01" });
  });

  it("refuses anything else: out-of-range months and quarters, other spellings, huge input", () => {
    for (const key of [
      "2026-T0",
      "2026-T5",
      "2026-00",
      "2026-13",
      "2026-Q4",
      "2026-t4",
      "1999-T1",
      "26-T1",
      "2026-4",
      " 2026-T4",
      "2026-T4\n",
      "<b>",
      "9".repeat(10_000),
      "",
    ])
      expect(parsePeriod(key), key).toBeNull();
  });

  it("takes the current quarter in Rome: New Year's first hour there is still December 31 in UTC", () => {
    expect(quarterOf(new Date("2026-12-31T23:30:00Z")).key).toBe("2027-T1");
    expect(quarterOf(new Date("2026-09-30T21:59:00Z")).key).toBe("2026-T3");
    expect(quarterOf(new Date("2026-09-30T22:00:00Z")).key).toBe("2026-T4");
  });

  it("offers this year's quarters and months so far and all of last year's, newest first", () => {
    const keys = recentPeriods(new Date("2026-11-28T10:00:00Z")).map((period) => period.key);
    expect(keys.slice(0, 4)).toEqual(["2026-T4", "2026-11", "2026-10", "2026-T3"]);
    expect(keys).not.toContain("2026-12");
    expect(keys.at(-1)).toBe("2025-01");
    expect(keys).toHaveLength(1 + 2 + 3 * 4 + 4 * 4);
  });
});
