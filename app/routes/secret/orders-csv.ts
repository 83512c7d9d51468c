import { exportOrdersCsv } from "#app/lib/orders/admin-orders.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import { requireAdmin } from "#app/routes/secret/admin-guard.server.ts";
import type { Route } from "./+types/orders-csv";

/** Every order as a CSV download, for the signed-in admin. */
export const loader = needsDatabase(async ({ request, params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  await requireAdmin(services, request, params.secret);
  const csv = await exportOrdersCsv(services.database.db);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="ordini-${date}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
