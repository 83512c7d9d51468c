/**
 * The pages React Router prerendered at build (the blog, its articles, the terms and privacy
 * pages, the sitemap, the RSS feed and their `.data` twins) carry placeholders where they show a
 * setting. At start each is read once, given the running store's PUBLIC_URL, SUPPORT_EMAIL and seller
 * (and, in test mode, the test-mode band) and kept in memory, compressed on first request: one build runs
 * anywhere, and no page waits on the disk (ADR 017).
 */
import { readdir, readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { escapeMarkup } from "#app/lib/escape-markup.ts";
import { PLACEHOLDERS } from "#app/lib/public-config.server.ts";
import type { PageInMemory } from "./page-in-memory.ts";

export interface Settings {
  publicUrl: string;
  supportEmail: string;
  /** RETENTION_DAYS, as the privacy page states it. */
  retentionDays: string;
  /** The seller's line (seller.server.ts), in the footer and on the legal pages. */
  seller: string;
  /** The test-mode band's markup while the store takes test payments, else null. */
  testModeNotice: string | null;
}

/** Where the root layout puts the test-mode band: right after the skip link. */
const SKIP_LINK_END = "Skip to content</a>";

/**
 * The files the prerender writes, by extension, with the Content-Type each is answered with;
 * images and the hashed assets stay on disk.
 */
export const PRERENDERED_TYPES: ReadonlyMap<string, string> = new Map([
  [".html", "text/html; charset=utf-8"],
  [".xml", "application/xml"],
  [".data", "application/octet-stream"],
]);

/** Whether `path` names a file of the kinds the prerender writes (never served from disk). */
export const isPrerenderedFile = (path: string) => PRERENDERED_TYPES.has(extname(path));

/**
 * How a setting is written into a file of each kind: as markup in HTML and XML, inside a JSON
 * string in the `.data` files (React Router's turbo-stream), where the placeholder stood.
 */
const ESCAPES: Record<string, (value: string) => string> = {
  ".html": escapeMarkup,
  ".xml": escapeMarkup,
  ".data": (value) => JSON.stringify(value).slice(1, -1),
};

/**
 * `text`, a file of kind `type`, with every placeholder replaced by its setting, escaped for that
 * kind of file; and a placeholder percent-encoded in a link by the setting percent-encoded.
 */
function withSettings(text: string, settings: Settings, type: string): string {
  const written = ESCAPES[type]!;
  let result = text;
  for (const key of ["publicUrl", "supportEmail", "retentionDays", "seller"] as const) {
    result = result
      .replaceAll(PLACEHOLDERS[key], written(settings[key]))
      .replaceAll(encodeURIComponent(PLACEHOLDERS[key]), encodeURIComponent(settings[key]));
  }
  return result;
}

/** A page's HTML with its settings and, in test mode, the test-mode band where React puts it. */
export function pageWithSettings(html: string, settings: Settings): string {
  const page = withSettings(html, settings, ".html");
  if (!settings.testModeNotice) return page;
  if (page.split(SKIP_LINK_END).length !== 2) {
    throw new Error(`A prerendered page should carry one "${SKIP_LINK_END}" for the test-mode band.`);
  }
  return page.replace(SKIP_LINK_END, SKIP_LINK_END + settings.testModeNotice);
}

/**
 * Every prerendered file under `clientDir` but the landing page (served on its own), by the path
 * it answers: `/blog` for `blog/index.html`, `/sitemap.xml`, `/blog.data`; `pageOf` makes each
 * text with its extension into a page in memory.
 */
export async function prerenderedPages(
  clientDir: string,
  settings: Settings,
  pageOf: (text: string, type: string) => PageInMemory,
): Promise<Map<string, PageInMemory>> {
  const pages = new Map<string, PageInMemory>();
  for (const file of await readdir(clientDir, { recursive: true })) {
    const type = extname(file);
    if (!PRERENDERED_TYPES.has(type) || file === "index.html" || file.startsWith("assets/")) continue;
    const raw = await readFile(join(clientDir, file), "utf8");
    const text = type === ".html" ? pageWithSettings(raw, settings) : withSettings(raw, settings, type);
    const path = `/${file.endsWith("/index.html") ? file.slice(0, -"/index.html".length) : file}`;
    pages.set(path, pageOf(text, type));
  }
  return pages;
}
