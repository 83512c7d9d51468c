import { ADMIN_PROMOTIONS_COPY } from "#app/content/admin-promotions.ts";
import { romeInputToDate } from "#app/lib/pricing/rome-time.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import { sellerLine, sellerOf } from "#app/lib/seller.server.ts";
import { commercialEvidence } from "#app/lib/storefront/commercial-evidence.server.ts";
import { requireAdmin } from "#app/routes/admin/guard.server.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/commercial-evidence-json";

/** The longest period one export covers: a price history is kept two years, reviews longer. */
const MAX_DAYS = 3 * 366;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Days `da` to `a` inclusive, in Italy's time, as instants [from, to); null unless both are real days in order. */
function periodOf(url: URL): { from: Date; to: Date } | null {
  const [first, last] = [url.searchParams.get("da") ?? "", url.searchParams.get("a") ?? ""];
  if (!DAY.test(first) || !DAY.test(last)) return null;
  const from = romeInputToDate(`${first}T00:00`);
  const lastDay = romeInputToDate(`${last}T12:00`);
  if (!from || !lastDay) return null;
  const next = new Date(lastDay.getTime() + 24 * 3_600_000).toISOString().slice(0, 10);
  const to = romeInputToDate(`${next}T00:00`);
  if (!to || to <= from || to.getTime() - from.getTime() > MAX_DAYS * 24 * 3_600_000) return null;
  return { from, to };
}

/**
 * The evidence of the store's commercial practices for a period, as a JSON download for the
 * signed-in admin (Promozioni, ADR 038): promotions, price changes, reviews and their moderation.
 */
export const loader = needsDatabase(async ({ request, params, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  await requireAdmin(services, request, params.secret);
  const url = new URL(request.url);
  const period = periodOf(url);
  if (!period) {
    return new Response(ADMIN_PROMOTIONS_COPY.evidence.badPeriod, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const evidence = await commercialEvidence(services.database.db, period, sellerLine(sellerOf(services.env)));
  const name = `pratiche-commerciali-${url.searchParams.get("da")}-${url.searchParams.get("a")}.json`;
  return new Response(JSON.stringify(evidence, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    },
  });
});
