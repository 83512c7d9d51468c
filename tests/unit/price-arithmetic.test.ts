import { describe, expect, it } from "vitest";
import {
  lowestPriceBefore,
  type PublicPeriod,
  promotionPrice,
  type RegularPrice,
  regularPriceAt,
  savePercent,
} from "#app/lib/pricing/price-arithmetic.ts";
import { dateToRomeInput, romeDateTime, romeInputToDate } from "#app/lib/pricing/rome-time.ts";

const DAY = 24 * 60 * 60_000;
/** The fake clock every case reads: a fixed instant, and days before or after it. */
const NOW = new Date("2026-11-20T10:00:00Z");
const day = (n: number) => new Date(NOW.getTime() + n * DAY);

describe("a promotion's price and its Save N%", () => {
  it("takes the percentage off 4700 rounded to the cent, as the spec's $35.25 for 25%", () => {
    expect(promotionPrice(4700, 25)).toBe(3525);
    expect(promotionPrice(4700, 1)).toBe(4653);
    expect(promotionPrice(4700, 33)).toBe(3149);
    expect(promotionPrice(4700, 90)).toBe(470);
    expect(promotionPrice(4999, 15)).toBe(4249);
  });

  it("computes Save N% against the reference price: 25 for $35.25 against $47.00", () => {
    expect(savePercent(4700, 3525)).toBe(25);
    expect(savePercent(12700, 4700)).toBe(63);
    expect(savePercent(3760, 3525)).toBe(6);
  });
});

describe("the reference price: the lowest price of the 30 days before a reduction began", () => {
  const regular: RegularPrice[] = [{ at: day(-400), cents: 4700 }];

  it("is the regular price on a fresh store ($47.00)", () => {
    expect(lowestPriceBefore(NOW, regular, [], 4700)).toBe(4700);
    expect(lowestPriceBefore(NOW, [], [], 4700)).toBe(4700);
  });

  it("counts an earlier promotion that ran within the 30 days, even partly", () => {
    const earlier: PublicPeriod[] = [{ startsAt: day(-40), endsAt: day(-25), percentOff: 20 }];
    expect(lowestPriceBefore(NOW, regular, earlier, 4700)).toBe(3760);
  });

  it("ignores a promotion that ended before the window and one that starts with or after the reduction", () => {
    const periods: PublicPeriod[] = [
      { startsAt: day(-60), endsAt: day(-31), percentOff: 50 },
      { startsAt: NOW, endsAt: day(5), percentOff: 40 },
      { startsAt: day(1), endsAt: day(5), percentOff: 60 },
    ];
    expect(lowestPriceBefore(NOW, regular, periods, 4700)).toBe(4700);
  });

  it("ignores a promotion cancelled before it started (an empty period)", () => {
    expect(
      lowestPriceBefore(NOW, regular, [{ startsAt: day(-5), endsAt: day(-5), percentOff: 50 }], 4700),
    ).toBe(4700);
  });

  it("follows several regular price changes: the lowest in force during the window", () => {
    const changes: RegularPrice[] = [
      { at: day(-100), cents: 3900 },
      { at: day(-20), cents: 4200 },
      { at: day(-10), cents: 4700 },
    ];
    // 3900 was in force when the window opened (day -30), until day -20.
    expect(lowestPriceBefore(NOW, changes, [], 4700)).toBe(3900);
    // 40 days later the window (days 10-40) saw only 4700.
    expect(lowestPriceBefore(day(40), changes, [], 4700)).toBe(4700);
    // A 10% promotion during the 4200 period: 3780.
    expect(
      lowestPriceBefore(day(10), changes, [{ startsAt: day(-15), endsAt: day(-12), percentOff: 10 }], 4700),
    ).toBe(3780);
  });

  it("reads the regular price at a moment from the last change before it", () => {
    const changes: RegularPrice[] = [
      { at: day(-10), cents: 4200 },
      { at: day(-5), cents: 4700 },
    ];
    expect(regularPriceAt(changes, day(-7), 9999)).toBe(4200);
    expect(regularPriceAt(changes, day(-1), 9999)).toBe(4700);
    expect(regularPriceAt(changes, day(-20), 9999)).toBe(4200);
    expect(regularPriceAt([], NOW, 9999)).toBe(9999);
  });
});

describe("promotion times: entered in Rome, kept in UTC", () => {
  it("converts winter (UTC+1) and summer (UTC+2) wall times both ways", () => {
    expect(romeInputToDate("2026-12-01T09:00")?.toISOString()).toBe("2026-12-01T08:00:00.000Z");
    expect(romeInputToDate("2026-07-01T09:00")?.toISOString()).toBe("2026-07-01T07:00:00.000Z");
    expect(dateToRomeInput(new Date("2026-12-01T08:00:00Z"))).toBe("2026-12-01T09:00");
    expect(dateToRomeInput(new Date("2026-07-01T07:00:00Z"))).toBe("2026-07-01T09:00");
    expect(romeDateTime(new Date("2026-07-01T07:00:00Z"))).toBe("2026-07-01 09:00:00");
  });

  it("refuses what is not a date and time", () => {
    for (const value of [
      "",
      "2026-02-30T10:00",
      "2026-12-01",
      "2026-12-01T25:00",
      "<b>x</b>",
      "9".repeat(10_000),
    ])
      expect(romeInputToDate(value)).toBeNull();
  });
});
