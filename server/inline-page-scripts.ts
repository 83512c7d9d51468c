/**
 * Puts each prerendered page's script (ADR 008: one small bundle from app/enhance, which root.tsx
 * names as `<script src defer>`) into the page itself, after the build (ADR 031). A phone on a slow
 * network then fetches the page and its stylesheet and nothing else before the first paint: the
 * separate request cost a connection and two round trips, which Lighthouse counts into the LCP
 * of the landing page and the articles. The server hashes the inline script into the page's
 * Content Security Policy at start (ADR 012), as it does for any inline script of a file page.
 *
 * scripts/inline-page-scripts.ts runs it on the prerendered pages after `react-router build`, the
 * server on a live store's landing page when it renders it (server/landing-page.ts); pages
 * rendered per request (the checkout) keep their script as a file.
 */

/** The tag root.tsx renders for a page script, as React writes it. */
const PAGE_SCRIPT = /<script src="(\/assets\/[\w.-]+\.js)" defer=""><\/script>/g;

/**
 * Text that would end or bend an inline script early (the HTML parser's script states): a bundle
 * carrying one stays a file, and the build says why.
 */
const UNSAFE_INLINE = /<\/script|<!--|<script/i;

/**
 * `html` with each page script tag replaced by an inline script of the bundle's text (`read` gives
 * it by URL path). The inline script keeps the bundle's path in `data-inlined-from`: what it is, for
 * a reader and for the tests. Being at the end of the body, it runs once the page above is parsed,
 * as `defer` made the file run.
 */
export async function inlinePageScripts(
  html: string,
  read: (path: string) => Promise<string>,
): Promise<string> {
  const tags = [...html.matchAll(PAGE_SCRIPT)];
  let result = html;
  for (const [tag, path] of tags) {
    const code = (await read(path!)).trimEnd();
    if (UNSAFE_INLINE.test(code)) {
      throw new Error(`${path} contains "${code.match(UNSAFE_INLINE)![0]}": it cannot be put inside a page.`);
    }
    result = result.replace(tag, () => `<script data-inlined-from="${path}">${code}</script>`);
  }
  return result;
}
