import { describe, expect, it } from "vitest";
import { formatFileSize } from "#app/lib/file-size.ts";

describe("formatFileSize", () => {
  it.each([
    [0, "1 KB"],
    [60_601, "59 KB"],
    [1024 ** 2 - 1, "1024 KB"],
    [1024 ** 2, "1.0 MB"],
    [25 * 1024 ** 2 + 300_000, "25.3 MB"],
    [2 * 1024 ** 3, "2.00 GB"],
  ])("%i bytes read %s", (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
