/**
 * At most so many requests at once per client address on the routes it guards (downloads, the
 * admin's upload): each holds a connection, a file and buffers for as long as the client takes,
 * so one address cannot hold hundreds. Counted in this process (each instance caps its own);
 * over the cap the answer is 429 with Retry-After. ADR 011.
 */
import { STATUS_CODES } from "node:http";
import type { RequestHandler } from "express";

/** A download manager's parallel ranges fit; a flood of held connections does not. */
export const DOWNLOADS_PER_CLIENT = 4;
/** One upload, and a retry while the stalled one is still being closed. */
export const UPLOADS_PER_CLIENT = 2;
export const RETRY_AFTER_SECONDS = 30;

export function capPerClient(limit: number): RequestHandler {
  const active = new Map<string, number>();
  return (req, res, next) => {
    const client = req.ip ?? "unknown";
    const count = active.get(client) ?? 0;
    if (count >= limit) {
      res.status(429).set("Retry-After", String(RETRY_AFTER_SECONDS)).type("text/plain");
      return void res.send(STATUS_CODES[429]);
    }
    active.set(client, count + 1);
    // "close" comes once per response, whether it finished or the client went away.
    res.once("close", () => {
      const left = (active.get(client) ?? 1) - 1;
      if (left > 0) active.set(client, left);
      else active.delete(client);
    });
    next();
  };
}
