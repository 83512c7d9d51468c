/**
 * Pages the server answers from memory (the landing page, the prerendered pages with the running
 * store's settings put in), before Express sees the request (ADR 026): each body compressed once,
 * when first asked for, with an ETag of its bytes, and its whole header set (the security headers,
 * the Content Security Policy computed from its HTML, type, caching, encoding, length) computed
 * once too, so a request costs a lookup and one write. Express's middleware chain, helmet and
 * pino-http per request cost the landing page two thirds of its throughput.
 */
import { createHash } from "node:crypto";
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import express, { type Request, type RequestHandler, type Response } from "express";

type Encoding = "br" | "gzip" | "identity";

/** One encoding of a page: its bytes and the headers of a 200 and of a 304, as flat name/value lists. */
interface Variant {
  body: Buffer;
  etag: string;
  ok: string[];
  notModified: string[];
}

/** A page in each encoding, and the headers every encoding of it carries. */
export type PageInMemory = Record<Encoding, Variant> & { headers: Readonly<Record<string, string>> };

const tag = (body: Buffer) => `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

/**
 * `body` in `encoding` with `headers` (which name the Content-Type): Express's answer to the same
 * page had these headers, and a 304 drops Content-Type and Content-Length as Express's did.
 */
function variant(body: Buffer, encoding: Encoding, headers: Record<string, string>): Variant {
  const etag = tag(body);
  const all: Record<string, string> = {
    ...headers,
    ETag: etag,
    ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }),
    "Content-Length": String(body.length),
  };
  const { "Content-Type": _type, "Content-Length": _length, ...notModified } = all;
  return { body, etag, ok: Object.entries(all).flat(), notModified: Object.entries(notModified).flat() };
}

/** `make` run on first use and kept: a page nobody asks for costs no start-up time. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}

/**
 * `text` as a page answered with `headers`: the security headers, its policy, Vary, type and
 * caching; each encoding adds its ETag, Content-Encoding and Content-Length.
 */
export function encode(text: string, headers: Record<string, string>): PageInMemory {
  const identity = variant(Buffer.from(text), "identity", headers);
  const br = once(() =>
    variant(
      brotliCompressSync(identity.body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.body.length,
        },
      }),
      "br",
      headers,
    ),
  );
  const gzip = once(() => variant(gzipSync(identity.body, { level: 9 }), "gzip", headers));
  return {
    get br() {
      return br();
    },
    get gzip() {
      return gzip();
    },
    identity,
    headers,
  };
}

/**
 * The headers `middleware` sets on every response (helmet's, the default policy), collected once
 * at start so the pages from memory carry exactly what Express would have added.
 */
export function headersSetBy(...middleware: RequestHandler[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  for (const handler of middleware) {
    let done = false;
    void handler({} as Request, res as unknown as Response, () => {
      done = true;
    });
    if (!done) throw new Error("A response-wide middleware must set its headers and call next() at once.");
  }
  return headers;
}

/** Accept-Encoding values seen, with the encoding chosen for each; browsers send a handful. */
const chosen = new Map<string, Encoding>();
const MAX_REMEMBERED = 256;

/** The encoding Express's own negotiation (req.acceptsEncodings) picks for an Accept-Encoding value. */
function encodingFor(accept: string | undefined): Encoding {
  const key = accept ?? "";
  const known = chosen.get(key);
  if (known) return known;
  const req = { headers: accept === undefined ? {} : { "accept-encoding": accept } } as Request;
  const accepts = (name: string) => express.request.acceptsEncodings.call(req, name) !== false;
  const encoding = accepts("br") ? "br" : accepts("gzip") ? "gzip" : "identity";
  if (chosen.size < MAX_REMEMBERED) chosen.set(key, encoding);
  return encoding;
}

/** Whether the client's copy is current: the rules of Express's `req.fresh` (the `fresh` package) for a response with an ETag and no Last-Modified. */
function isFresh(req: IncomingMessage, etag: string): boolean {
  const noneMatch = req.headers["if-none-match"];
  if (!noneMatch) return false;
  const cacheControl = req.headers["cache-control"];
  if (cacheControl && /(?:^|,)\s*?no-cache\s*?(?:,|$)/.test(cacheControl)) return false;
  if (noneMatch === "*") return true;
  return noneMatch.split(",").some((token) => {
    const match = token.replace(/^ +| +$/g, "");
    return match === etag || match === `W/${etag}` || `W/${match}` === etag;
  });
}

/**
 * Answers GET or HEAD with `page`: brotli or gzip when accepted, 304 when the ETag matches; the
 * request's own `X-Request-Id` first, as on every response. Returns the status sent.
 */
export function sendPage(req: IncomingMessage, res: ServerResponse, page: PageInMemory, requestId: string) {
  const variant = page[encodingFor(req.headers["accept-encoding"])];
  if (isFresh(req, variant.etag)) {
    res.writeHead(304, ["X-Request-Id", requestId, ...variant.notModified]);
    res.end();
    return 304;
  }
  res.writeHead(200, ["X-Request-Id", requestId, ...variant.ok]);
  res.end(req.method === "HEAD" ? undefined : variant.body);
  return 200;
}

/** What finds a path's page: a function giving the page (the landing page reads the product's state), or undefined. */
export type PageFor = (
  path: string,
) => ((requestId: string) => PageInMemory | Promise<PageInMemory>) | undefined;

/** What follows a page sent from memory: the log line and the funnel visit Express's middleware would have made. */
export type AfterPage = (
  req: IncomingMessage,
  answer: { path: string; status: number; requestId: string; startedAt: number },
) => void;

/**
 * The request listener's first step: a GET or HEAD without a body for a path `pageFor` knows is
 * answered from memory, then `after` runs. Returns false for every other request: Express's.
 */
export function pagesFromMemory(
  pageFor: PageFor,
  requestIdOf: (req: IncomingMessage) => string,
  after: AfterPage,
) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    // A body, even on a GET, is bounded by Express's chain (server/body-limit.ts).
    if (req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0) {
      return false;
    }
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const load = pageFor(path);
    if (!load) return false;
    const startedAt = Date.now();
    const requestId = requestIdOf(req);
    const send = (page: PageInMemory) =>
      after(req, { path, status: sendPage(req, res, page, requestId), requestId, startedAt });
    // A page that could not be made (a live landing page whose render failed) is a plain 500,
    // logged with its status by `after` like any answer.
    const fail = () => {
      res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "X-Request-Id": requestId });
      res.end(STATUS_CODES[500]);
      after(req, { path, status: 500, requestId, startedAt });
    };
    const page = load(requestId);
    if (page instanceof Promise) void page.then(send, fail);
    else send(page);
    return true;
  };
}
