/**
 * One e-invoice's XML for the signed-in admin (Fatture, ADR 043), at
 * `/{ADMIN_PATH}/fatture/{file name}`: the stored bytes exactly, under the name SDI expects. Only a
 * name of that form is looked up; anything else is not found.
 */
import { sql } from "drizzle-orm";
import { servicesContext } from "#app/lib/router-context.ts";
import { requireAdmin } from "#app/routes/admin/guard.server.ts";
import { needsDatabase, notFound } from "#app/routes/http.server.ts";
import type { Route } from "./+types/invoice-xml";

/**
 * IT, the 11 digits of the partita IVA, "_", a base-36 progressive of 5 characters (fatturapa.ts);
 * a test payment's documents are prefixed PROVA_ (issue-invoices.server.ts).
 */
export const FATTURAPA_FILE_NAME = /^(PROVA_)?IT\d{11}_[0-9A-Z]{5}\.xml$/;

export const loader = needsDatabase(async ({ request, params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  await requireAdmin(services, request, params.secret);
  const fileName = params.fileName ?? "";
  if (!FATTURAPA_FILE_NAME.test(fileName)) notFound(request);
  const result = await services.database.db.execute<{ xml: string }>(
    sql`select xml from invoices where file_name = ${fileName}`,
  );
  const xml = result.rows[0]?.xml;
  if (xml === undefined) notFound(request);
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
