import { migrationsApplied } from "#app/lib/db/database.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import type { Services } from "#app/lib/services.server.ts";
import type { Route } from "./+types/readyz";

const CHECK_TIMEOUT_MS = 3_000;

/** Rejects when `check` takes longer than a load balancer would wait. */
function withinTimeout(check: Promise<unknown>) {
  return Promise.race([
    check,
    new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS).unref()),
  ]);
}

/** Rejects when the product on sale has no file in the store (a download would fail). */
async function productFileKept(services: Services) {
  // A database that does not answer is the database part's failure, reported there.
  const product = await getCurrentProduct(services.database.db).catch(() => null);
  if (product && !(await services.files.stat(product.fileKey)))
    throw new Error("the current product's file is missing");
}

/**
 * Readiness for a load balancer: 200 when the database answers with every migration applied, the
 * file store can be written and holds the file of the product on sale; 503 naming each part that
 * fails otherwise.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { database, files } = services;
  const parts = ["database", "files", "product"] as const;
  const results = await Promise.allSettled([
    withinTimeout(
      migrationsApplied(database.db).then((applied) => {
        if (!applied) throw new Error("migrations not applied");
      }),
    ),
    withinTimeout(files.check()),
    withinTimeout(productFileKept(services)),
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
