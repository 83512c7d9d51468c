import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { CHECKOUT_COPY } from "#app/content/checkout.ts";
import { readDiscountOffer } from "#app/lib/checkout/discount-offer.server.ts";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import * as checkout from "#app/routes/checkout.tsx";
import * as payTest from "#app/routes/pay-test.tsx";
import { orders } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type TestServices, testServices } from "../setup/services.ts";

type Answer = { data: { error: { message: string } }; init: { status: number } | null };

/** Issue 17, item 6: what the QA pass found in the checkout and the test payment page. */
for (const backend of testBackends()) {
  describe(`QA fixes on ${backend.name}`, () => {
    let services: TestServices;
    beforeEach(async () => {
      services = await testServices(backend);
      await seedProduct(services);
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());

    const args = (request: Request, params: Record<string, string> = {}) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(clientIpContext, "203.0.113.50");
      return { request, context, params, unstable_pattern: "", url: new URL(request.url) } as never;
    };
    const buy = (form: Record<string, string>) =>
      checkout.action(
        args(
          new Request("http://shop.test/checkout", {
            method: "POST",
            body: new URLSearchParams({ intent: "buy", consent: "on", ...form }),
          }),
        ),
      ) as Promise<Response | Answer>;
    const allOrders = () => services.database.db.select().from(orders);

    it("refuses a local part over 64 characters with the invalid-e-mail message, and takes 64", async () => {
      const refused = (await buy({ email: `${"a".repeat(65)}@example.com` })) as Answer;
      expect(refused.init?.status).toBe(400);
      expect(refused.data.error.message).toBe(CHECKOUT_COPY.emailInvalid.message);
      expect(await allOrders()).toHaveLength(0);
      const taken = await buy({ email: `${"a".repeat(64)}@example.com` });
      expect(taken).toBeInstanceOf(Response);
      expect((taken as Response).status).toBe(303);
      expect(await allOrders()).toHaveLength(1);
    });

    it("opens the checkout with the exit dialog's offer unlocked, and only from that link", async () => {
      const claimed = (await checkout.loader(
        args(new Request("http://shop.test/checkout?discount=claimed")),
      )) as {
        claimed: { offer: string; expiresInMs: number } | null;
      };
      expect(claimed.claimed).not.toBeNull();
      expect(readDiscountOffer(services.settings.tokenSecrets, claimed.claimed!.offer)).not.toBeNull();
      expect(claimed.claimed!.expiresInMs).toBeGreaterThan(299_000);
      const plain = (await checkout.loader(args(new Request("http://shop.test/checkout")))) as {
        claimed: unknown;
      };
      expect(plain.claimed).toBeNull();
      // The offer the page opens with is the one the payment is made at.
      await buy({ email: "claimed@example.com", offer: claimed.claimed!.offer });
      const [order] = await allOrders();
      expect(order).toMatchObject({ amountCents: 3525, discountApplied: true });
    });

    it("sends Back to an already-paid test payment page on to the success page", async () => {
      await buy({ email: "back@example.com" });
      const [order] = await allOrders();
      const session = order!.providerSessionId!;
      const page = () => new Request(`http://shop.test/pay/test/${session}`);
      expect(await payTest.loader(args(page(), { session }))).toMatchObject({ open: true });
      const paid = (await payTest.action(
        args(new Request(page(), { method: "POST", body: new URLSearchParams({ intent: "pay" }) }), {
          session,
        }),
      )) as Response;
      const success = paid.headers.get("Location");
      expect(success).toBe(`/${services.settings.successPath}?session_id=${session}`);
      const back = await payTest.loader(args(page(), { session })).catch((thrown: unknown) => thrown);
      expect(back).toBeInstanceOf(Response);
      expect((back as Response).headers.get("Location")).toBe(success);
      // "Pay" pressed again on the page left open lands there too, and pays nothing twice.
      const again = (await payTest.action(
        args(new Request(page(), { method: "POST", body: new URLSearchParams({ intent: "pay" }) }), {
          session,
        }),
      )) as Response;
      expect(again.headers.get("Location")).toBe(success);
      const [after] = await services.database.db.select().from(orders).where(eq(orders.id, order!.id));
      expect(after!.status).toBe("paid");
    });
  });
}
