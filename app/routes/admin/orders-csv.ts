import { ReadableStream, TextEncoderStream } from "node:stream/web";
import { ordersCsv } from "#app/lib/admin/orders-csv.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import { requireAdmin } from "#app/routes/admin/guard.server.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/orders-csv";

/**
 * Every order as a CSV download, for the signed-in admin; `?sep=semicolon` gives the file Excel
 * opens in columns with an Italian locale (";" and decimal commas). Both start with a UTF-8 BOM,
 * so Excel reads accented letters right. The file is streamed a batch of orders at a time as the
 * admin's browser takes it (app/lib/admin/orders-csv.server.ts).
 */
export const loader = needsDatabase(async ({ request, params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  await requireAdmin(services, request, params.secret);
  const excel = new URL(request.url).searchParams.get("sep") === "semicolon";
  const db = services.database.db;
  async function* file() {
    yield "\uFEFF";
    yield* ordersCsv(db, excel ? ";" : ",");
  }
  const date = new Date().toISOString().slice(0, 10);
  return new Response(ReadableStream.from(file()).pipeThrough(new TextEncoderStream()) as BodyInit, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="ordini-${date}${excel ? "-excel" : ""}.csv"`,
      "Cache-Control": "no-store",
    },
  });
});
