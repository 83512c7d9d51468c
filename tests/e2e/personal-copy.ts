import { execFileSync } from "node:child_process";
import { expect } from "@playwright/test";

/**
 * A buyer's download is their personal copy (ADR 019): the product's files plus the licence PDF.
 * Info-ZIP's unzip checks every entry's CRC (it exits non-zero, and this throws, on a bad one).
 */
export function expectPersonalCopy(path: string) {
  expect(execFileSync("unzip", ["-t", path]).toString()).toContain("No errors detected");
  const listing = execFileSync("unzip", ["-l", path]).toString();
  expect(listing).toMatch(/LICENSE - LCT-[0-9A-F]{10}\.pdf/);
  expect(listing).toContain("Life Coaching Toolkit/Canva links.pdf");
}
