/**
 * A period's e-invoices as one ZIP for the signed-in admin (Fatture, ADR 043), at
 * `/{ADMIN_PATH}/fatture.zip?periodo=2026-T4` (or `2026-11`): every invoice and credit note dated in
 * the period, each under its stored name with its stored bytes, and nothing else, for the owner's
 * SDI intermediary. An empty period answers a page saying so, not an empty archive.
 */

import { sql } from "drizzle-orm";
import { zipSync } from "fflate";
import { ADMIN_INVOICES_COPY as copy } from "#app/content/admin-invoices.ts";
import { parsePeriod } from "#app/lib/books/period.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import { requireAdmin } from "#app/routes/admin/guard.server.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/invoices-zip";

const NO_STORE = { "Cache-Control": "no-store" };

export const loader = needsDatabase(async ({ request, params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  await requireAdmin(services, request, params.secret);
  const period = parsePeriod(new URL(request.url).searchParams.get("periodo") ?? "");
  if (!period)
    return new Response(copy.zipBadPeriod, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE },
    });
  const result = await services.database.db.execute<{ file_name: string; date: string; xml: string }>(sql`
    select i.file_name, i.date::text as date, i.xml from invoices i join orders o on o.id = i.order_id
    where i.date between ${period.firstDay} and ${period.lastDay} and o.livemode
    order by i.progressive`);
  if (result.rows.length === 0) {
    const back = `/${services.settings.adminPath}/fatture?periodo=${period.key}`;
    return new Response(
      `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${copy.title}</title></head><body><h1>${copy.title}</h1><p>${copy.emptyZip(period.key)}</p><p><a href="${back}">${copy.back}</a></p></body></html>`,
      { status: 404, headers: { "Content-Type": "text/html; charset=utf-8", ...NO_STORE } },
    );
  }
  const encoder = new TextEncoder();
  // Each entry dated by its document at noon, so the same period gives the same archive.
  const zip = zipSync(
    Object.fromEntries(
      result.rows.map((row) => [
        row.file_name,
        [encoder.encode(row.xml), { mtime: new Date(`${row.date}T12:00:00Z`) }] as const,
      ]),
    ),
    { level: 6 },
  );
  return new Response(zip, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="fatture-${period.key}.zip"`,
      ...NO_STORE,
    },
  });
});
