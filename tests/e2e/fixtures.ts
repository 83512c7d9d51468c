import { test as base, expect } from "@playwright/test";

/** What a page's `securitypolicyviolation` event says: the directive refused and what it refused. */
export interface CspViolation {
  directive: string;
  blocked: string;
  page: string;
}

/**
 * Every page test fails on a console error or an uncaught exception in the page, except for
 * messages a test declares expected (a 404 document load logs one, for example), and on any
 * Content Security Policy violation: each document reports its `securitypolicyviolation` events
 * to `cspViolations` as they happen, so none is lost to a navigation. A test that provokes one
 * on purpose takes it out of `cspViolations` (`splice`) and checks it.
 */
export const test = base.extend<{
  allowConsoleErrors: RegExp[];
  consoleGuard: undefined;
  cspViolations: CspViolation[];
}>({
  allowConsoleErrors: [[], { option: true }],
  cspViolations: [
    async ({ page }, use) => {
      const violations: CspViolation[] = [];
      await page.exposeFunction("__reportCspViolation", (violation: CspViolation) => {
        violations.push(violation);
      });
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          const report = (window as unknown as { __reportCspViolation: (v: CspViolation) => void })
            .__reportCspViolation;
          report({ directive: event.effectiveDirective, blocked: event.blockedURI, page: event.documentURI });
        });
      });
      await use(violations);
      expect(violations, "Content Security Policy violations in the page").toEqual([]);
    },
    { auto: true },
  ],
  consoleGuard: [
    async ({ page, allowConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (!allowConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      await use(undefined);
      expect(errors, "console errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
