/**
 * Request bodies are bounded as they arrive, in size and in time, for every route: a form a few
 * KB within BODY_TIMEOUT_SECONDS, a Stripe webhook 1 MB within the same time, the admin's upload
 * MAX_UPLOAD_BYTES (its pace is bounded by the socket's idle timeout instead, so a large ZIP may
 * take hours on a slow line). Content-Length over the limit is answered at once, before a byte is
 * read; a chunked body is counted as it arrives. Over the limit (413) or past the deadline (408)
 * the server answers, stops reading the connection and closes it; the route still waiting for the
 * body gets a BodyRefusedError instead of the rest, so it never acts on a cut-off body. ADR 011.
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { Request, RequestHandler } from "express";
import { BodyRefusedError } from "#app/lib/body-refused.server.ts";
import type { Env } from "#app/lib/env.server.ts";
import { MAX_WEBHOOK_BYTES } from "#app/lib/payments/handle-stripe-webhook.server.ts";
import { MULTIPART_OVERHEAD_BYTES } from "#app/routes/admin/upload.server.ts";

/** Every form in the store (checkout, sign-in, admin actions, lost link, test payment) fits many times over. */
export const FORM_BODY_BYTES = 16 * 1024;

/** How long a refused body's connection stays half-open for the client to read the answer. */
const LINGER_MS = 1_000;

interface BodyRule {
  maxBytes: number;
  /** The whole body must have arrived this long after the headers; null: no overall deadline. */
  deadlineMs: number | null;
}

/** The limits for this store: the upload at the admin path, the webhook, and forms everywhere else. */
export function limitRequestBodies(env: Env, adminPath: string): RequestHandler {
  const uploadPath = `/${adminPath}/upload`;
  const deadlineMs = env.BODY_TIMEOUT_SECONDS * 1000;
  return limitBodies((req) => {
    if (req.path === uploadPath)
      return { maxBytes: env.MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES, deadlineMs: null };
    if (req.path === "/webhooks/stripe") return { maxBytes: MAX_WEBHOOK_BYTES, deadlineMs };
    return { maxBytes: FORM_BODY_BYTES, deadlineMs };
  });
}

/** Each connection's own destroySoon, which a request's wrapper calls (see limitBodies). */
const ownDestroySoon = new WeakMap<Socket, Socket["destroySoon"]>();

function limitBodies(ruleFor: (req: Request) => BodyRule): RequestHandler {
  return (req, res, next) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (!(declared > 0) && req.headers["transfer-encoding"] === undefined) return next();
    const rule = ruleFor(req);
    let received = req.readableLength;
    let complete = req.complete;
    let refused = false;

    // Node closes a connection as soon as its answer is written; with body bytes still unread that
    // close is a reset, and a client busy writing the body would lose the answer. So the
    // connection is half-closed once the answer is out and reset a moment later.
    const { socket } = req;
    const closeSoon = (error: BodyRefusedError) => {
      refused = true;
      socket.end();
      setTimeout(() => req.destroy(error), LINGER_MS).unref();
    };
    const refuse = (status: 408 | 413) => {
      if (refused) return;
      clearTimeout(deadline);
      const error = new BodyRefusedError(status === 413 ? "too-large" : "too-slow");
      if (res.headersSent) return closeSoon(error);
      refused = true;
      socket.destroySoon = () => closeSoon(error);
      res.status(status).set("Connection", "close").type("text/plain").send(STATUS_CODES[status]);
    };

    // Node ends a "Connection: close" exchange with destroySoon() once the answer is written; with
    // the body still arriving (a locked-out sign-in answered before its body is read) that close
    // would reset the connection before the client reads the answer: linger instead. The wrapper
    // calls the connection's own destroySoon, never a previous request's wrapper, and is removed
    // when the answer is out: a kept-alive connection (a browser, a proxy's pool) carries many
    // requests, and chained wrappers would keep every one of them in memory until it closed (RSS
    // climbing with every form posted).
    const destroySoon = ownDestroySoon.get(socket) ?? socket.destroySoon;
    ownDestroySoon.set(socket, destroySoon);
    const lingerUnlessComplete = () =>
      complete ? destroySoon.call(socket) : closeSoon(new BodyRefusedError("unwanted"));
    socket.destroySoon = lingerUnlessComplete;

    const deadline = rule.deadlineMs === null ? undefined : setTimeout(() => refuse(408), rule.deadlineMs);
    // The answer is out but the body has not all arrived (the route answered without reading it,
    // or refused it): close the connection rather than read the rest of a body nobody wants.
    res.once("finish", () => {
      clearTimeout(deadline);
      // Node has called destroySoon for this answer by now (its own "finish" listener runs first).
      if (socket.destroySoon === lingerUnlessComplete) socket.destroySoon = destroySoon;
      if (!complete && !refused) closeSoon(new BodyRefusedError("unwanted"));
    });
    if (declared > rule.maxBytes) return refuse(413);

    // Node's HTTP parser hands each piece of the body to the request stream through push() as it
    // arrives, whoever reads the stream (React Router's adapter reads `req` itself): counting here
    // sees every byte before any reader does, and a refused body's bytes and its end never reach
    // the reader. Returning false tells the parser to stop reading the socket.
    const push = req.push;
    req.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
      if (refused) return false;
      if (chunk === null) {
        complete = true;
        clearTimeout(deadline);
      } else {
        received += chunk.length;
        if (received > rule.maxBytes) {
          refuse(413);
          return false;
        }
      }
      return push.call(req, chunk, encoding);
    };
    next();
  };
}
