import { ping } from "#app/lib/db/database.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import type { Route } from "./+types/healthz";

/** Liveness and readiness for a load balancer: 200 when the database answers. */
export async function loader({ context }: Route.LoaderArgs) {
  const headers = { "Content-Type": "application/json", "Cache-Control": "no-store" };
  try {
    await ping(context.get(servicesContext).database.db);
    return new Response(JSON.stringify({ status: "ok" }), { headers });
  } catch (error) {
    logger.error({ err: error }, "health check failed");
    return new Response(JSON.stringify({ status: "unavailable" }), { status: 503, headers });
  }
}
