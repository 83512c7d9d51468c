import { migrationsApplied } from "#app/lib/db/database.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import type { Route } from "./+types/readyz";

const CHECK_TIMEOUT_MS = 3_000;

/** Rejects when `check` takes longer than a load balancer would wait. */
function withinTimeout(check: Promise<unknown>) {
  return Promise.race([
    check,
    new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS).unref()),
  ]);
}

/**
 * Readiness for a load balancer: 200 when the database answers with every migration applied and
 * the file store can be written; 503 naming each part that fails otherwise.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { database, files } = context.get(servicesContext);
  const parts = ["database", "files"] as const;
  const results = await Promise.allSettled([
    withinTimeout(
      migrationsApplied(database.db).then((applied) => {
        if (!applied) throw new Error("migrations not applied");
      }),
    ),
    withinTimeout(files.check()),
  ]);
  const failing = parts.filter((part, i) => {
    const result = results[i]!;
    if (result.status === "fulfilled") return false;
    const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
    logger.error({ part, reason }, "not ready");
    return true;
  });
  const body = failing.length === 0 ? { status: "ready" } : { status: "unavailable", failing };
  return new Response(JSON.stringify(body), {
    status: failing.length === 0 ? 200 : 503,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });
}
