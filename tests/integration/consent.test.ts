import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { CHECKOUT_COPY } from "#app/content/checkout.ts";
import { type DeliveryEmailData, deliveryEmail } from "#app/lib/mail/delivery-email.ts";
import { completeTestPayment } from "#app/lib/payments/complete-test-payment.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import * as checkout from "#app/routes/checkout.tsx";
import { emailOutbox, orders } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type TestServices, testServices } from "../setup/services.ts";

for (const backend of testBackends()) {
  describe(`consent to immediate delivery on ${backend.name}`, () => {
    let services: TestServices;
    beforeEach(async () => {
      services = await testServices(backend);
      await seedProduct(services);
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());

    const buy = (fields: Record<string, string>) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      const request = new Request("http://shop.test/checkout", {
        method: "POST",
        body: new URLSearchParams({ intent: "buy", ...fields }),
      });
      return checkout.action({
        request,
        context,
        params: {},
        unstable_pattern: "",
        url: new URL(request.url),
      } as never);
    };

    it("takes no order without the ticked box, and says why", async () => {
      for (const consent of [undefined, "", "off", "yes"]) {
        const result = (await buy({ email: "a@b.co", ...(consent === undefined ? {} : { consent }) })) as {
          data: unknown;
          init: { status: number };
        };
        expect(result.init.status).toBe(400);
        expect(result.data).toMatchObject({ field: "consent", error: CHECKOUT_COPY.consentRequired });
      }
      expect(await services.database.db.select().from(orders)).toEqual([]);
    });

    it("records the consent on the order and confirms it in the delivery e-mail", async () => {
      const before = Date.now();
      const response = (await buy({ email: "a@b.co", consent: "on" })) as Response;
      expect(response.status).toBe(303);
      const [order] = await services.database.db.select().from(orders);
      expect(order?.consentAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
      await completeTestPayment(services, order!.providerSessionId!);
      const [mail] = await services.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.orderId, order!.id));
      const message = deliveryEmail("a@b.co", mail!.payload as unknown as DeliveryEmailData);
      expect(message.text).toContain(
        "you asked for immediate access to the download and acknowledged that you lose your 14-day right of withdrawal",
      );
      expect(message.html).toContain("14-day right of withdrawal");
    });
  });
}
