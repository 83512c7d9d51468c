import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { BodyRefusedError } from "#app/lib/body-refused.server.ts";
import { loggableUrl, logger } from "#app/lib/logger.server.ts";
import { cspNonceContext } from "#app/lib/router-context.ts";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Every document is sent complete (onAllReady), not shell-first: the store streams no deferred
    // data, and a page whose content arrives in a later chunk would need JavaScript to show it
    // (the lazily loaded admin and success pages), while every page must work without it.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    // The response's CSP nonce goes on every inline script React Router and React write
    // (hydration data, route modules, scroll restoration): the policy refuses any other (ADR 012).
    const nonce = loadContext.get(cspNonceContext) ?? undefined;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        // React outlines boundaries above 12.8 KB to be swapped in by a script; never do that, for the same reason.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "streaming render failed");
        },
      },
    );
  });
}

/**
 * Whether React Router refused the request as cross-site (answered 400 before any loader or action
 * ran): a form sent with an Origin that is not the request's own.
 */
function refusedAsCrossSite(request: Request): boolean {
  const origin = request.headers.get("origin");
  return (
    request.method !== "GET" &&
    request.method !== "HEAD" &&
    origin !== null &&
    origin !== new URL(request.url).origin
  );
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // An aborted request, or a body the server refused and already answered (413, 408).
  if (request.signal.aborted || error instanceof BodyRefusedError) return;
  const { pathname, search } = new URL(request.url);
  const url = loggableUrl(pathname + search);
  // The client's mistakes (another site's form, a method a page does not take) are answered 4xx:
  // one warn line, no stack trace.
  if (refusedAsCrossSite(request)) logger.warn({ url, method: request.method }, "cross-site request refused");
  else if (isRouteErrorResponse(error) && error.status < 500)
    logger.warn({ url, method: request.method, status: error.status }, "request refused");
  else logger.error({ err: error, url }, "request failed");
};
