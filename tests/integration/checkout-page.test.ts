/**
 * The checkout page without React (ADR 029): its form posts as a document, so a refused order must
 * come back with what the buyer entered and the offer still running; the dialog's "Unlock" gets
 * its offer from /checkout/offer as JSON.
 */
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { CHECKOUT_COPY } from "#app/content/checkout.ts";
import { PROMO_PRICE_CENTS, TIMING } from "#app/content/site.ts";
import { createDiscountOffer, readDiscountOffer } from "#app/lib/checkout/discount-offer.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import * as checkout from "#app/routes/checkout.tsx";
import * as checkoutOffer from "#app/routes/checkout-offer.ts";
import { orders } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type TestServices, testServices } from "../setup/services.ts";

for (const backend of testBackends()) {
  describe(`the checkout page's answers on ${backend.name}`, () => {
    let services: TestServices;
    beforeEach(async () => {
      services = await testServices(backend);
      await seedProduct(services);
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());

    const post = (
      route: { action: (args: never) => unknown },
      path: string,
      fields: Record<string, string>,
    ) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      const request = new Request(`http://shop.test${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
      });
      return route.action({
        request,
        context,
        params: {},
        unstable_pattern: "",
        url: new URL(request.url),
      } as never);
    };
    type Refused = { data: Record<string, unknown>; init: { status: number } };

    it("answers a refused order with the address, the consent and the offer still running", async () => {
      const offer = createDiscountOffer(services.settings.tokenSecrets, Date.now() - 60_000);
      const refused = (await post(checkout, "/checkout", {
        intent: "buy",
        email: "not-an-address",
        consent: "on",
        offer: offer.token,
      })) as Refused;
      expect(refused.init.status).toBe(400);
      expect(refused.data).toMatchObject({
        field: "email",
        error: CHECKOUT_COPY.emailInvalid,
        email: "not-an-address",
        consent: true,
        offer: { offer: offer.token },
      });
      // The countdown goes on from where it was: about four of the five minutes are left.
      const { expiresInMs } = refused.data.offer as { expiresInMs: number };
      expect(expiresInMs).toBeGreaterThan(TIMING.checkoutOfferSeconds * 1000 - 62_000);
      expect(expiresInMs).toBeLessThanOrEqual(TIMING.checkoutOfferSeconds * 1000 - 60_000);
    });

    it("carries no offer that has run out or was not signed by the store", async () => {
      const expired = createDiscountOffer(services.settings.tokenSecrets, Date.now() - 301_000);
      for (const offer of [expired.token, "forged.token", ""]) {
        const refused = (await post(checkout, "/checkout", {
          intent: "buy",
          email: "a@b.co",
          offer,
        })) as Refused;
        expect(refused.data).toMatchObject({
          field: "consent",
          consent: false,
          email: "a@b.co",
          offer: null,
        });
      }
    });

    it("unlocks a signed five-minute offer as JSON for the page script", async () => {
      const response = (await post(checkoutOffer, "/checkout/offer", {})) as Response;
      expect(response.headers.get("content-type")).toContain("application/json");
      const { offer, expiresInMs } = (await response.json()) as { offer: string; expiresInMs: number };
      expect(readDiscountOffer(services.settings.tokenSecrets, offer)).not.toBeNull();
      expect(expiresInMs).toBeGreaterThan(TIMING.checkoutOfferSeconds * 1000 - 2_000);
      // The offer it gives is the price the order is made at.
      const bought = (await post(checkout, "/checkout", {
        intent: "buy",
        email: "unlocked@example.com",
        consent: "on",
        offer,
      })) as Response;
      expect(bought.status).toBe(303);
      const [order] = await services.database.db.select().from(orders);
      expect(order).toMatchObject({ amountCents: PROMO_PRICE_CENTS, discountApplied: true });
    });

    it("answers a GET of the offer with 405, not a logged failure", async () => {
      const answer = checkoutOffer.loader();
      expect(answer.status).toBe(405);
      expect(answer.headers.get("allow")).toBe("POST");
    });
  });
}
