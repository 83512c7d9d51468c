import type { Route } from "./+types/healthz";

/** Liveness: the process answers. Whether it can serve buyers is /readyz's question. */
export function loader(_: Route.LoaderArgs) {
  return new Response(JSON.stringify({ status: "ok" }), {
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}
