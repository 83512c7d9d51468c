/**
 * The landing page is prerendered at build, and its Product offer says InStock (ADR 006). With no
 * product ZIP uploaded the store sells nothing, so the server then answers the same page with the
 * offer OutOfStock. Both variants are made from the build once at start, compressed once, and
 * served from memory with an ETag of their bytes. Which one a request gets is read from the
 * database at most once a second (a query per request halved the page's throughput), so every
 * instance follows an upload or a deletion within a second. Each variant carries the Content
 * Security Policy computed from its own HTML (ADR 012).
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Request, Response } from "express";

const IN_STOCK = '"availability":"https://schema.org/InStock"';
const OUT_OF_STOCK = '"availability":"https://schema.org/OutOfStock"';

type Encoding = "br" | "gzip" | "identity";
/** One variant: its bytes in each encoding, and its Content Security Policy (ADR 012). */
type Encoded = Record<Encoding, { body: Buffer; etag: string }> & { policy: string };
interface LandingPage {
  inStock: Encoded;
  outOfStock: Encoded;
}

function encode(html: string, policyFor: (html: string) => string): Encoded {
  const identity = Buffer.from(html);
  const bodies = {
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: gzipSync(identity, { level: 9 }),
    identity,
  };
  const tag = (body: Buffer) => `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return {
    br: { body: bodies.br, etag: tag(bodies.br) },
    gzip: { body: bodies.gzip, etag: tag(bodies.gzip) },
    identity: { body: identity, etag: tag(identity) },
    policy: policyFor(html),
  };
}

/**
 * Both variants of the prerendered page, each with `policyFor` its HTML; throws unless the HTML
 * carries exactly one InStock offer.
 */
export function landingPage(html: string, policyFor: (html: string) => string): LandingPage {
  const offers = html.split(IN_STOCK).length - 1;
  if (offers !== 1) {
    throw new Error(`The prerendered landing page should carry one ${IN_STOCK}; it carries ${offers}.`);
  }
  return {
    inStock: encode(html, policyFor),
    outOfStock: encode(html.replace(IN_STOCK, OUT_OF_STOCK), policyFor),
  };
}

/**
 * `read`, called at most once per `maxAgeMs` however many ask at once; a failed read is not kept,
 * so the next caller tries again.
 */
export function readAtMostEvery<T>(maxAgeMs: number, read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= maxAgeMs) {
      const value = read();
      last = { at: now, value };
      value.catch(() => {
        if (last?.value === value) last = undefined;
      });
    }
    return last.value;
  };
}

/** Answers GET or HEAD with one variant: brotli or gzip when accepted, 304 when the ETag matches. */
export function sendLandingPage(req: Request, res: Response, page: Encoded) {
  const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : "identity";
  const { body, etag } = page[encoding];
  res.vary("Accept-Encoding");
  res.set({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "public, max-age=0, must-revalidate",
    ETag: etag,
    "Content-Security-Policy": page.policy,
  });
  if (encoding !== "identity") res.set("Content-Encoding", encoding);
  res.send(body);
}
