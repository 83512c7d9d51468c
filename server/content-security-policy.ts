/**
 * The store's Content Security Policy (ADR 012). Scripts run only from the store's own files, plus
 * the inline scripts the store wrote itself: on a page React renders per request, those carrying
 * that response's nonce; on a page served as a file (the prerendered pages, the landing page from
 * memory), those whose SHA-256 hash the policy lists, computed at start from the HTML about to be
 * served. A script injected into a page has neither, so the browser refuses to run it.
 */
import { createHash, randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";

/** Builds the policies of one process; `https` adds `upgrade-insecure-requests`. */
export function contentSecurityPolicy({ https }: { https: boolean }) {
  const policy = (scriptSources: string[]) =>
    [
      "default-src 'self'",
      `script-src 'self' ${scriptSources.join(" ")}`.trimEnd(),
      // Inline styles stay allowed: React renders style attributes and sonner inserts a <style>.
      // Injected CSS can send nothing away, as images, fonts and fetches reach only the store.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "media-src 'self' blob:",
      "font-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "form-action 'self' https://checkout.stripe.com",
      ...(https ? ["upgrade-insecure-requests"] : []),
    ].join("; ");

  const noInlineScript = policy([]);
  return {
    /** Every response starts with the policy that allows no inline script at all. */
    everyResponse: ((_req, res, next) => {
      res.setHeader("Content-Security-Policy", noInlineScript);
      next();
    }) satisfies RequestHandler,

    /**
     * For a page React renders now: a fresh nonce, which the render puts on its inline scripts,
     * and the policy allowing it. Made only here, so other responses spend nothing on it.
     */
    withNonce(res: Response): string {
      const nonce = randomBytes(16).toString("base64");
      res.setHeader("Content-Security-Policy", policy([`'nonce-${nonce}'`]));
      return nonce;
    },

    /** The policy for a page served as it is: the hashes of the inline scripts in its HTML. */
    forPage: (html: string) => policy(inlineScriptHashes(html)),
  };
}

// The store's own build output: attributes never contain ">", scripts never contain "</script".
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The text of each inline script of the page that a browser would run. Data blocks
 * (`type="application/ld+json"`) are not scripts to the browser, and `src` scripts come from 'self'.
 */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(SCRIPT)]
    .filter(([, attributes = ""]) => !/\ssrc=/i.test(attributes) && !/\stype="[^"]*json"/i.test(attributes))
    .map(([, , body = ""]) => body);
}

/** `'sha256-…'` for each inline script of the page that a browser would run, once. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = inlineScripts(html).map(
    (body) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`,
  );
  return [...new Set(hashes)];
}
