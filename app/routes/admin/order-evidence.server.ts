/**
 * What both forms of the delivery evidence pack (`/{ADMIN_PATH}/orders/{id}/evidence` and its
 * `.json`) do first: the admin guard, then the order, whose id must be a UUID (404 otherwise).
 */
import { z } from "zod";
import { collectDeliveryEvidence } from "#app/lib/orders/delivery-evidence.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { requireAdmin } from "#app/routes/admin/guard.server.ts";
import { notFound } from "#app/routes/http.server.ts";

export async function loadEvidence(
  services: Services,
  request: Request,
  params: { secret?: string; id?: string },
) {
  await requireAdmin(services, request, params.secret);
  const id = z.uuid().safeParse(params.id);
  const evidence = id.success
    ? await collectDeliveryEvidence(services.database.db, id.data, services.env.PUBLIC_URL)
    : null;
  if (!evidence) notFound(request);
  return evidence;
}
