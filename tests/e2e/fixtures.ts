import { test as base, expect } from "@playwright/test";

/**
 * Every page test fails on a console error or an uncaught exception in the page, except for
 * messages a test declares expected (a 404 document load logs one, for example).
 */
export const test = base.extend<{ allowConsoleErrors: RegExp[]; consoleGuard: undefined }>({
  allowConsoleErrors: [[], { option: true }],
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
