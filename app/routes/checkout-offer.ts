/**
 * The test-mode checkout dialog's "Unlock … Discount Now" (app/enhance/checkout.ts posts here): a
 * fresh signed offer as JSON for the page script, valid for 5 minutes from this answer. A live
 * store has none (404): its public promotion is every buyer's price without unlocking anything.
 */
import { createDiscountOffer } from "#app/lib/checkout/discount-offer.server.ts";
import { checkoutTerms } from "#app/lib/pricing/checkout-price.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/checkout-offer";

/** What the page script reads: the offer's token and the milliseconds it has left. */
export interface UnlockedOffer {
  offer: string;
  expiresInMs: number;
}

/** A GET (a crawler, a typed URL) is answered, not logged as a failed request. */
export function loader() {
  return Response.json({ error: "POST only" }, { status: 405, headers: { Allow: "POST" } });
}

export const action = needsDatabase(async ({ context }: Route.ActionArgs) => {
  const services = context.get(servicesContext);
  const { offer: terms } = await checkoutTerms(services);
  if (!terms) return Response.json({ error: "No offer runs" }, { status: 404 });
  const offer = createDiscountOffer(services.settings.tokenSecrets, Date.now());
  return Response.json({
    offer: offer.token,
    expiresInMs: offer.expiresAt - Date.now(),
  } satisfies UnlockedOffer);
});
