/**
 * Counts the funnel's page visits from the server's own handling of the request (ADR 023): a
 * GET of the landing page, the blog or an article, or the checkout that was answered with a page
 * (status below 400) counts once, after the response has gone, into the in-memory visit counter.
 * Crawlers (isbot), clients without a user agent, prefetches and the `.data` requests of client
 * navigation are not counted. Nothing of the request is kept but its attribution. The pages
 * answered from memory (ADR 026) are counted by `count`, the pages Express answers by `middleware`.
 */
import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";
import { articleOf, attributionOf, isBotAgent } from "#app/lib/funnel/attribution.server.ts";
import type { FunnelStep } from "#app/lib/funnel/count-step.server.ts";
import type { VisitCounter } from "#app/lib/funnel/visit-counter.server.ts";

/** The step a page's path is a visit of, or null. */
function stepOf(path: string): FunnelStep | null {
  if (path === "/") return "visit_landing";
  if (path === "/checkout") return "visit_checkout";
  if (path === "/blog" || articleOf(path)) return "visit_blog";
  return null;
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value;
};

export function countVisits(counter: VisitCounter, publicUrl: string) {
  // The address the visitor used, for its query (utm_*) and its host (is the referer this store?).
  const protocol = new URL(publicUrl).protocol;
  /** The visit `req` (of `path`) makes once answered with a page, or null when it is none. */
  const visitOf = (req: IncomingMessage, path: string) => {
    const userAgent = header(req, "user-agent");
    // The cheapest tests first: a client that does not say what it is ends here.
    const step = req.method === "GET" && userAgent ? stepOf(path) : null;
    if (!step) return null;
    const prefetch = /prefetch|prerender/i.test(
      `${header(req, "sec-purpose") ?? ""}${header(req, "purpose") ?? ""}`,
    );
    if (prefetch || isBotAgent(userAgent)) return null;
    const url = `${protocol}//${header(req, "host")}${req.url}`;
    return () =>
      counter.count(
        step,
        attributionOf({ url, referer: header(req, "referer"), userAgent: userAgent!, publicUrl }),
      );
  };
  return {
    /** For a page answered from memory (200 or 304): counted now, the response has gone. */
    count(req: IncomingMessage, path: string) {
      visitOf(req, path)?.();
    },
    /** For the pages Express answers: counted when the response has gone, if it was a page. */
    middleware: ((req, res, next) => {
      const visit = visitOf(req, req.path);
      if (visit) {
        res.once("finish", () => {
          if (res.statusCode < 400) visit();
        });
      }
      next();
    }) satisfies RequestHandler,
  };
}
