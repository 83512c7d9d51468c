import { describe, expect, it } from "vitest";
import { parsePeriod, quarterOf, recentPeriods } from "#app/lib/books/period.ts";
import { romeDay } from "#app/lib/pricing/rome-time.ts";

describe("the books' periods, in Rome time", () => {
  it("a month runs from Rome's midnight of its first day to that of the next month", () => {
    expect(parsePeriod("2026-11")).toEqual({
      key: "2026-11",
      kind: "month",
      year: 2026,
      index: 11,
      firstDay: "2026-11-01",
      lastDay: "2026-11-30",
      start: new Date("2026-10-31T23:00:00Z"),
      end: new Date("2026-11-30T23:00:00Z"),
    });
    expect(parsePeriod("2028-02")).toMatchObject({ lastDay: "2028-02-29" });
    expect(parsePeriod("2026-12")).toMatchObject({
      lastDay: "2026-12-31",
      end: new Date("2026-12-31T23:00:00Z"),
    });
  });

  it("a quarter is T1 to T4, and a summer-time boundary moves its instants by an hour", () => {
    // Summer time starts on 29 March 2026 and ends on 25 October 2026.
    expect(parsePeriod("2026-T2")).toMatchObject({
      kind: "quarter",
      index: 2,
      firstDay: "2026-04-01",
      lastDay: "2026-06-30",
      start: new Date("2026-03-31T22:00:00Z"),
      end: new Date("2026-06-30T22:00:00Z"),
    });
    expect(parsePeriod("2026-T4")).toMatchObject({
      firstDay: "2026-10-01",
      lastDay: "2026-12-31",
      start: new Date("2026-09-30T22:00:00Z"),
      end: new Date("2026-12-31T23:00:00Z"),
    });
  });

  it("refuses anything that is not a month or a quarter", () => {
    for (const text of [
      "",
      "2026",
      "2026-13",
      "2026-00",
      "2026-1",
      "2026-4",
      "26-T1",
      "2026-T0",
      "2026-T5",
      "2026-t4",
      "2026-Q4",
      " 2026-11",
      "2026-11 ",
      "1999-12",
      "99999-01",
      "2026-11-01",
      "<b>2026-11</b>",
      "2026-11\n",
      "9".repeat(100_000),
    ])
      expect(parsePeriod(text), JSON.stringify(text.slice(0, 20))).toBeNull();
  });

  it("the current quarter and a sale's day are Rome's, not UTC's", () => {
    // 23:30 in Rome on 30 September is 21:30 UTC: still the third quarter there.
    expect(romeDay(new Date("2026-09-30T21:30:00Z"))).toBe("2026-09-30");
    expect(romeDay(new Date("2026-09-30T22:30:00Z"))).toBe("2026-10-01");
    expect(quarterOf(new Date("2026-09-30T21:59:00Z")).key).toBe("2026-T3");
    expect(quarterOf(new Date("2026-09-30T22:00:00Z")).key).toBe("2026-T4");
    expect(quarterOf(new Date("2026-12-31T23:30:00Z")).key).toBe("2027-T1");
  });

  it("offers this year's quarters and months so far and all of last year's, newest first, and an older one asked for", () => {
    const now = new Date("2026-11-28T10:00:00Z");
    const keys = recentPeriods(now).map((period) => period.key);
    expect(keys.slice(0, 4)).toEqual(["2026-T4", "2026-11", "2026-10", "2026-T3"]);
    expect(keys).not.toContain("2026-12");
    expect(keys.at(-1)).toBe("2025-01");
    expect(keys).toHaveLength(1 + 2 + 3 * 4 + 4 * 4);
    expect(recentPeriods(now, parsePeriod("2023-T2")!)[0]!.key).toBe("2023-T2");
    expect(recentPeriods(now, parsePeriod("2026-T3")!)).toHaveLength(keys.length);
  });
});
