import { logger } from "#app/lib/logger.server.ts";
import {
  handleStripeEvent,
  MAX_WEBHOOK_BYTES,
  verifyStripeEvent,
  WebhookSignatureError,
} from "#app/lib/payments/handle-stripe-webhook.server.ts";
import { StripeProvider } from "#app/lib/payments/stripe-provider.server.ts";
import { getServices } from "#app/lib/services.server.ts";
import type { Route } from "./+types/webhooks.stripe";

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

export function loader() {
  return json(405, { error: "POST only" });
}

export async function action({ request }: Route.ActionArgs) {
  const services = await getServices();
  const secret = services.env.STRIPE_WEBHOOK_SECRET;
  if (!(services.payments instanceof StripeProvider) || !secret)
    return json(404, { error: "Stripe is not configured" });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_WEBHOOK_BYTES)
    return json(413, { error: "Too large" });
  const body = Buffer.from(await request.arrayBuffer());
  if (body.length > MAX_WEBHOOK_BYTES) return json(413, { error: "Too large" });

  let event: ReturnType<typeof verifyStripeEvent>;
  try {
    event = verifyStripeEvent(services.payments, body, request.headers.get("stripe-signature"), secret);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      logger.warn({ reason: error.message }, "stripe webhook refused");
      return json(400, { error: "Invalid signature" });
    }
    throw error;
  }
  const applied = await handleStripeEvent(services.database.db, services.links, event);
  if (applied) services.kickOutbox();
  return json(200, { received: true, duplicate: !applied });
}
