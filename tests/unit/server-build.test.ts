import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { START } from "../setup/server.ts";

/** What the built server loads when it starts (ADR 025: a store that fits a small server). */
describe("the server build", () => {
  it("carries the icons it draws instead of loading lucide-react, whose Node entry holds every icon", () => {
    // `npm test` builds before the tests run.
    const server = readFileSync("build/server/index.js", "utf8");
    expect(server).not.toMatch(/from\s*["']lucide-react["']|require\(["']lucide-react["']\)/);
  });

  it("is started from the built launcher: Node never loads its TypeScript stripper for a .ts entry", () => {
    const entry = START.at(-1)!;
    expect(entry).toBe("build/server/start.js");
    expect(existsSync(entry)).toBe(true);
  });
});
