import { describe, expect, it } from "vitest";
import { formatDuration, isoDuration } from "#app/lib/duration.ts";

describe("formatDuration", () => {
  it("shows minutes and seconds, rounding partial seconds up", () => {
    expect(formatDuration(300_000)).toBe("05:00");
    expect(formatDuration(299_001)).toBe("05:00");
    expect(formatDuration(299_000)).toBe("04:59");
    expect(formatDuration(1)).toBe("00:01");
    expect(formatDuration(0)).toBe("00:00");
  });

  it("shows hours when asked", () => {
    expect(formatDuration(24 * 3_600_000, true)).toBe("24:00:00");
    expect(formatDuration(3_600_000 + 61_000, true)).toBe("01:01:01");
    expect(formatDuration(0, true)).toBe("00:00:00");
  });
});

describe("isoDuration", () => {
  it("is the duration formatDuration shows, as a valid <time datetime> duration string", () => {
    expect(isoDuration(24 * 3_600_000)).toBe("PT24H");
    expect(isoDuration(3_600_000 + 2 * 60_000 + 3_000)).toBe("PT1H2M3S");
    expect(isoDuration(23 * 3_600_000 + 59 * 60_000 + 59_001)).toBe("PT24H");
    expect(isoDuration(59_000)).toBe("PT59S");
    expect(isoDuration(60_000)).toBe("PT1M");
    expect(isoDuration(0)).toBe("PT0S");
    expect(isoDuration(-5)).toBe("PT0S");
  });

  it("matches HTML's duration syntax at every second of the day", () => {
    const valid = /^PT(?=\d)(\d+H)?(\d+M)?(\d+S)?$/;
    for (let ms = 0; ms <= 24 * 3_600_000; ms += 997_003) expect(isoDuration(ms)).toMatch(valid);
  });
});
