import { AppError } from "#app/lib/app-error.ts";
import { logger } from "#app/lib/logger.server.ts";
import { handleStripeEvent, WEBHOOK_BODIES_AT_ONCE } from "#app/lib/payments/handle-stripe-webhook.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import { httpStatus, needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/webhooks.stripe";

/** What a 503 asks a sender to wait; Stripe retries on its own schedule. */
const BUSY_RETRY_AFTER_SECONDS = 10;

const json = (status: number, body: object, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

export function loader() {
  return json(405, { error: "POST only" });
}

/** Webhook bodies being read in this process. */
let reading = 0;

/** The whole body, or null while WEBHOOK_BODIES_AT_ONCE others are being read. */
async function readBody(request: Request): Promise<Buffer | null> {
  if (reading >= WEBHOOK_BODIES_AT_ONCE) return null;
  reading++;
  try {
    // The server refuses a body over MAX_WEBHOOK_BYTES as it arrives, with 413 (server/body-limit.ts).
    return Buffer.from(await request.arrayBuffer());
  } finally {
    reading--;
  }
}

/** Stripe's event deliveries: the raw body, its signature checked, each event applied once. */
export const action = needsDatabase(async ({ request, context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const webhooks = services.payments.webhooks;
  if (!webhooks) return json(404, { error: "Stripe is not configured" });
  const signature = request.headers.get("stripe-signature");

  let event: ReturnType<typeof webhooks.verify>;
  try {
    // A post without a fresh, well-formed signature header is refused before its body is read.
    webhooks.checkHeader(signature);
    const body = await readBody(request);
    if (!body) {
      logger.warn({ atOnce: WEBHOOK_BODIES_AT_ONCE }, "stripe webhook busy: delivery refused");
      return json(503, { error: "Busy" }, { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) });
    }
    event = webhooks.verify(body, signature);
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
