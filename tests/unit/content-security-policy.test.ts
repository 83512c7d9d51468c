import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "../../server/content-security-policy.ts";

// The hash Chromium asks for when it refuses `<script>alert(1)</script>`.
const ALERT_HASH = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";

describe("inlineScriptHashes", () => {
  it("hashes each inline script a browser would run, once", () => {
    const html = [
      "<script>alert(1)</script>",
      '<script type="module">alert(1)</script>',
      '<script src="/assets/landing.js" defer=""></script>',
      '<script type="application/ld+json">{"@type":"Product"}</script>',
      '<script type="application/json">{}</script>',
      "<script>\nwindow.x = 1;\n</script>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([
      ALERT_HASH,
      "'sha256-XbrNjgMfhK3sqAYNL1Ag3jZvINazTygCyqNe7fLLnDY='",
    ]);
  });

  it("finds none in a page whose scripts are files and data", () => {
    expect(
      inlineScriptHashes('<script src="/a.js"></script><script type="application/ld+json">{}</script>'),
    ).toEqual([]);
  });
});

describe("contentSecurityPolicy", () => {
  const csp = contentSecurityPolicy({ https: false });
  const scriptSrc = (policy: string) => policy.split("; ").find((d) => d.startsWith("script-src "));

  it("allows a page's own inline scripts by hash, and nothing else inline", () => {
    expect(scriptSrc(csp.forPage("<script>alert(1)</script>"))).toBe(`script-src 'self' ${ALERT_HASH}`);
    expect(scriptSrc(csp.forPage("<p>no scripts</p>"))).toBe("script-src 'self'");
  });

  const headerOf = (set: (res: Response) => void) => {
    let header = "";
    set({ setHeader: (_name: string, value: string) => (header = value) } as unknown as Response);
    return header;
  };

  it("gives every response the policy without inline scripts", () => {
    const header = headerOf((res) => csp.everyResponse({} as Request, res, () => {}));
    expect(header).toBe(csp.forPage(""));
    expect(scriptSrc(header)).toBe("script-src 'self'");
  });

  it("gives each rendered page its own nonce, allowed by its header", () => {
    const nonces: string[] = [];
    const headers = [0, 1].map(() => headerOf((res) => nonces.push(csp.withNonce(res))));
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(scriptSrc(headers[0]!)).toBe(`script-src 'self' 'nonce-${nonces[0]}'`);
  });

  it("upgrades insecure requests only behind https", () => {
    expect(csp.forPage("")).not.toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy({ https: true }).forPage("")).toContain("upgrade-insecure-requests");
  });
});
