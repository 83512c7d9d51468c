/**
 * The checkout dialog's "Unlock 25% Discount Now" (app/enhance/checkout.ts posts here): a fresh
 * signed offer, valid for 5 minutes from this answer, as JSON for the page script.
 */
import { createDiscountOffer } from "#app/lib/checkout/discount-offer.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
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

export function action({ context }: Route.ActionArgs) {
  const offer = createDiscountOffer(context.get(servicesContext).settings.tokenSecrets);
  return Response.json({
    offer: offer.token,
    expiresInMs: offer.expiresAt - Date.now(),
  } satisfies UnlockedOffer);
}
