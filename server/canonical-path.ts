/**
 * One address per page: `/blog/` and `/blog/{slug}/` would otherwise answer the same page as
 * `/blog` and `/blog/{slug}` (the static layer and React Router both ignore a trailing slash), which
 * search engines count as duplicates. A path with trailing slashes is answered with one permanent
 * redirect to the path without them, keeping the query string: 301 for GET and HEAD, 308 for other
 * methods (which must not turn into a GET). `/` itself is the landing page's address.
 */
import type { RequestHandler } from "express";

/**
 * The canonical form of `path` (a URL's raw path) when it differs only by trailing slashes, else
 * null. Never a path a browser would read as another host: `//evil.example/` would become
 * `//evil.example` (and `/\evil.example/` the same, to a browser), a protocol-relative URL; such a
 * path is no page of ours, it is left to answer 404.
 */
export function canonicalPath(path: string): string | null {
  if (path === "/" || !path.endsWith("/")) return null;
  const canonical = path.replace(/\/+$/, "");
  return /^\/[^/\\]/.test(canonical) ? canonical : null;
}

export const redirectTrailingSlash: RequestHandler = (req, res, next) => {
  const canonical = canonicalPath(req.path);
  if (canonical === null) return next();
  const queryAt = req.originalUrl.indexOf("?");
  const query = queryAt === -1 ? "" : req.originalUrl.slice(queryAt);
  res.redirect(req.method === "GET" || req.method === "HEAD" ? 301 : 308, canonical + query);
};
