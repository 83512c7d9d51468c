import { data } from "react-router";
import { REGISTERS_COPY as copy, REGISTER_NAMES } from "#app/content/admin-registers.ts";
import { parsePeriod } from "#app/lib/books/period.ts";
import { buildRegisters } from "#app/lib/books/registers.server.ts";
import { registerCsv } from "#app/lib/books/registers-csv.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import { requireAdmin } from "#app/routes/admin/guard.server.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/registers-csv";

/**
 * One register of a period as a CSV download, for the signed-in admin:
 * `?periodo=2026-T4&registro=vendite|corrispettivi|oss`, and `&sep=semicolon` for Excel with an
 * Italian locale. Like the orders' file it starts with a UTF-8 BOM. A malformed period or register
 * is answered 400 with a sentence saying what is expected.
 */
export const loader = needsDatabase(async ({ request, params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  await requireAdmin(services, request, params.secret);
  const query = new URL(request.url).searchParams;
  const period = parsePeriod(query.get("periodo") ?? "");
  if (!period) throw data({ error: copy.csvBadPeriod }, { status: 400 });
  const register = REGISTER_NAMES.find((name) => name === query.get("registro"));
  if (!register) throw data({ error: copy.csvBadRegister }, { status: 400 });
  const excel = query.get("sep") === "semicolon";
  const registers = await buildRegisters(services.database.db, services.env, period);
  return new Response(`\uFEFF${registerCsv(registers, register, excel ? ";" : ",")}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="registro-${register}-${period.key}${excel ? "-excel" : ""}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
