import { describe, expect, it } from "vitest";
import { formatDuration } from "#app/lib/duration.ts";

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
