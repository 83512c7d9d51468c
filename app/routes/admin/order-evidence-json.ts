import { servicesContext } from "#app/lib/router-context.ts";
import { loadEvidence } from "#app/routes/admin/order-evidence.server.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/order-evidence-json";

/** The order's delivery evidence pack as a JSON download, for the signed-in admin (ADR 014). */
export const loader = needsDatabase(async ({ request, params, context }: Route.LoaderArgs) => {
  const evidence = await loadEvidence(context.get(servicesContext), request, params);
  return new Response(JSON.stringify(evidence, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="prove-consegna-${evidence.payment.reference}.json"`,
      "Cache-Control": "no-store",
    },
  });
});
