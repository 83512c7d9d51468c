import { renderToStaticMarkup } from "react-dom/server";
import { EvidenceDocument } from "#app/components/admin/evidence-document.tsx";
import { servicesContext } from "#app/lib/router-context.ts";
import { loadEvidence } from "#app/routes/admin/order-evidence.server.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/order-evidence";

/** The order's delivery evidence pack as a printable page, for the signed-in admin (ADR 014). */
export const loader = needsDatabase(async ({ request, params, context }: Route.LoaderArgs) => {
  const evidence = await loadEvidence(context.get(servicesContext), request, params);
  const html = renderToStaticMarkup(
    <EvidenceDocument
      evidence={evidence}
      jsonHref={`${new URL(request.url).pathname}.json`}
      orderHref={`/${params.secret}/ordini/${evidence.payment.reference}`}
    />,
  );
  return new Response(`<!DOCTYPE html>${html}`, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
});
