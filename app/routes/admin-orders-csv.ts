import { requireAdmin } from "#app/lib/admin/require-admin.server.ts";
import { exportOrdersCsv } from "#app/lib/orders/admin-orders.server.ts";
import type { Route } from "./+types/admin-orders-csv";

export async function loader({ request, params }: Route.LoaderArgs) {
  const services = await requireAdmin(request, params.secret);
  const csv = await exportOrdersCsv(services.database.db);
  const date = new Date().toISOString().slice(0, 10);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="ordini-${date}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
