/**
 * Pages the server answers from memory (the landing page, the prerendered pages with the running
 * store's settings put in): each body compressed once, when first asked for, with an ETag of its
 * bytes and, for HTML, the Content Security Policy computed from it (ADR 012).
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Request, Response } from "express";

type Encoding = "br" | "gzip" | "identity";
/** One body in each encoding, and its Content Security Policy (HTML only). */
export type Encoded = Record<Encoding, { body: Buffer; etag: string }> & { policy: string | null };

const tag = (body: Buffer) => `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

/** `compress` run on first use and kept: a page nobody asks for costs no start-up time. */
function once(compress: () => Buffer) {
  let value: { body: Buffer; etag: string } | undefined;
  return () => {
    if (!value) {
      const body = compress();
      value = { body, etag: tag(body) };
    }
    return value;
  };
}

export function encode(text: string, policy: string | null): Encoded {
  const identity = Buffer.from(text);
  const br = once(() =>
    brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  );
  const gzip = once(() => gzipSync(identity, { level: 9 }));
  return {
    get br() {
      return br();
    },
    get gzip() {
      return gzip();
    },
    identity: { body: identity, etag: tag(identity) },
    policy,
  };
}

/**
 * Answers GET or HEAD with `page`: brotli or gzip when accepted, 304 when the ETag matches.
 * `type` is a file extension or a media type (Express's `res.type`).
 */
export function sendEncoded(
  req: Request,
  res: Response,
  page: Encoded,
  options: { type: string; cacheControl: string },
) {
  const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : "identity";
  const { body, etag } = page[encoding];
  res.vary("Accept-Encoding");
  res.type(options.type);
  res.set({ "Cache-Control": options.cacheControl, ETag: etag });
  if (page.policy) res.set("Content-Security-Policy", page.policy);
  if (encoding !== "identity") res.set("Content-Encoding", encoding);
  res.send(body);
}
