import { priceHistoryCsv } from "#app/lib/pricing/price-history-csv.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import { requireAdmin } from "#app/routes/admin/guard.server.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/price-history-csv";

/** The price history as a CSV download for the signed-in admin (Promozioni, ADR 039). */
export const loader = needsDatabase(async ({ request, params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  await requireAdmin(services, request, params.secret);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(await priceHistoryCsv(services.database.db), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="storico-prezzi-${date}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
