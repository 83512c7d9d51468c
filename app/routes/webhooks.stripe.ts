import { AppError } from "#app/lib/app-error.ts";
import { logger } from "#app/lib/logger.server.ts";
import { handleStripeEvent } from "#app/lib/payments/handle-stripe-webhook.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import { httpStatus, needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/webhooks.stripe";

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export function loader() {
  return json(405, { error: "POST only" });
}

/** Stripe's event deliveries: the raw body, its signature checked, each event applied once. */
export const action = needsDatabase(async ({ request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const webhooks = services.payments.webhooks;
  if (!webhooks) return json(404, { error: "Stripe is not configured" });
  // The server refuses a body over MAX_WEBHOOK_BYTES as it arrives, with 413 (server/body-limit.ts).
  const body = Buffer.from(await request.arrayBuffer());

  let event: ReturnType<typeof webhooks.verify>;
  try {
    event = webhooks.verify(body, request.headers.get("stripe-signature"));
  } catch (error) {
    if (error instanceof AppError && error.code === "BAD_SIGNATURE") {
      logger.warn({ reason: error.message }, "stripe webhook refused");
      return json(httpStatus(error), { error: "Invalid signature" });
    }
    throw error;
  }
  // 2xx for anything but an exception: Stripe retries only what a retry can fix.
  const outcome = await handleStripeEvent(services.database.db, services.links, event, services.payments);
  if (outcome === "applied") services.kickOutbox();
  return json(200, { received: true, duplicate: outcome === "duplicate" });
});
