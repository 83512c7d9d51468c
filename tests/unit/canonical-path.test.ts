import { describe, expect, it } from "vitest";
import { canonicalPath } from "../../server/canonical-path.ts";

describe("canonicalPath", () => {
  it("drops trailing slashes", () => {
    expect(canonicalPath("/blog/")).toBe("/blog");
    expect(canonicalPath("/blog/canva-pro-worth-it/")).toBe("/blog/canva-pro-worth-it");
    expect(canonicalPath("/blog//")).toBe("/blog");
  });

  it("leaves / and addresses without a trailing slash alone", () => {
    expect(canonicalPath("/")).toBeNull();
    expect(canonicalPath("/blog")).toBeNull();
    expect(canonicalPath("/blog/rss.xml")).toBeNull();
  });

  it("never answers a path a browser would read as another host", () => {
    for (const path of ["//evil.example/", "///evil.example/", "/\\evil.example/", "//", "///"]) {
      expect(canonicalPath(path), path).toBeNull();
    }
    // Encoded slashes stay a path on this host.
    expect(canonicalPath("/%2F%2Fevil.example/")).toBe("/%2F%2Fevil.example");
  });
});
