/**
 * Counts the funnel's page visits from the server's own handling of the request (ADR 023): a
 * GET of the landing page, the blog or an article, or the checkout that was answered with a page
 * (status below 400) counts once, after the response has gone, into the in-memory visit counter.
 * Crawlers (isbot), clients without a user agent, prefetches and the `.data` requests of client
 * navigation are not counted. Nothing of the request is kept but its attribution.
 */
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

export function countVisits(counter: VisitCounter, publicUrl: string): RequestHandler {
  return (req, res, next) => {
    const step = req.method === "GET" ? stepOf(req.path) : null;
    const userAgent = req.get("user-agent");
    const prefetch = /prefetch|prerender/i.test(`${req.get("sec-purpose") ?? ""}${req.get("purpose") ?? ""}`);
    if (step && !prefetch && !isBotAgent(userAgent)) {
      const referer = req.get("referer");
      const url = `${req.protocol}://${req.get("host")}${req.originalUrl}`;
      res.once("finish", () => {
        if (res.statusCode >= 400) return;
        counter.count(step, attributionOf({ url, referer, userAgent: userAgent!, publicUrl }));
      });
    }
    next();
  };
}
