/**
 * HTML_CodeSniffer, the accessibility engine pa11y runs, used directly: its built HTMLCS.js is
 * injected into the page Playwright already has open, so no second browser is downloaded. A second
 * engine beside axe: the two implement WCAG's techniques differently and catch different things.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Page } from "@playwright/test";

const HTMLCS_JS = join(
  dirname(createRequire(import.meta.url).resolve("html_codesniffer")),
  "build",
  "HTMLCS.js",
);

/** HTMLCS's message types. */
export const ERROR = 1;
export const WARNING = 2;

export type HtmlcsMessage = { type: number; code: string; message: string; element: string };

/** Runs WCAG 2 AA on the page as it is now; errors and warnings (notices, type 3, left out). */
export async function htmlcs(page: Page): Promise<HtmlcsMessage[]> {
  // Evaluated, not added as a <script>: the page's Content Security Policy refuses inline scripts.
  await page.evaluate(await readFile(HTMLCS_JS, "utf8"));
  return page.evaluate(
    () =>
      new Promise<HtmlcsMessage[]>((resolve, reject) => {
        type Message = { type: number; code: string; msg: string; element: Element | Document };
        const HTMLCS = (window as unknown as { HTMLCS: Record<string, (...args: unknown[]) => unknown> })
          .HTMLCS;
        /** Where the message points: tag, id, visually hidden or not, the start of its text or markup. */
        const where = (element: Element | Document) => {
          if (!("tagName" in element)) return "document";
          const id = element.id ? `#${element.id}` : "";
          const text = (element.textContent ?? "").replace(/\s+/g, " ").trim();
          const what = text ? `"${text.slice(0, 60)}"` : element.outerHTML.slice(0, 100);
          const hidden = element.classList.contains("sr-only") ? " (sr-only)" : "";
          return `<${element.tagName.toLowerCase()}${id}>${hidden} ${what}`;
        };
        HTMLCS.process!(
          "WCAG2AA",
          document,
          () =>
            resolve(
              (HTMLCS.getMessages!() as Message[])
                .filter((m) => m.type === 1 || m.type === 2)
                .map((m) => ({ type: m.type, code: m.code, message: m.msg, element: where(m.element) })),
            ),
          () => reject(new Error("HTML_CodeSniffer failed to run")),
          "en",
        );
      }),
  );
}
