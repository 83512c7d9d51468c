import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { START } from "../setup/server.ts";

/** The Node flags that keep the store small (ADR 025) live in package.json's `serve` script. */
describe("the store starts with the same Node flags everywhere", () => {
  it("the deploying guide's systemd unit runs exactly what npm run serve runs", () => {
    const unit = readFileSync("docs/deploying.md", "utf8").match(
      /^ExecStart=\/srv\/store\/node_modules\/\.bin\/node (.+)$/m,
    );
    expect(unit?.[1]?.split(" ")).toEqual(START);
  });
});
