import { data } from "react-router";
import { logger } from "#app/lib/logger.server.ts";

/** Logs the requested path and answers 404; the root error boundary shows the not-found page. */
export function notFound(request: Request): never {
  logger.warn({ path: new URL(request.url).pathname }, "not found");
  throw data(null, { status: 404, statusText: "Not Found" });
}
