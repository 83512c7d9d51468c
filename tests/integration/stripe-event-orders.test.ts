import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrder } from "#app/lib/checkout/create-order.server.ts";
import { findPaidOrder } from "#app/lib/checkout/find-paid-order.server.ts";
import { createDownloadToken, prepareDownload } from "#app/lib/downloads/prepare-download.server.ts";
import { emailOutbox, orders } from "#db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { stripeTestServices, type TestServices } from "../setup/services.ts";

const WEBHOOK_SECRET = "whsec_event_orders";

/** Every ordering of `items`. */
const permutations = <T>(items: T[]): T[][] =>
  items.length <= 1
    ? [items]
    : items.flatMap((item, index) =>
        permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
      );

/**
 * What happens to one payment on Stripe, as the fake does it; returns the events Stripe sends for
 * it that the test delivers (Stripe guarantees neither their order nor a single delivery).
 */
interface Scenario {
  happen(stripe: FakeStripe, sessionId: string): Stripe.Event[];
  /** The order, e-mails and access once Stripe's events are all in (what Stripe's order gives). */
  truth: Record<string, unknown>;
}

const paidWith = (fields: Record<string, unknown>) => ({
  status: "paid",
  refundedCents: 0,
  disputeStatus: null,
  attention: null,
  emails: ["delivery"],
  viaEmail: true,
  download: true,
  ...fields,
});

const SCENARIOS: Record<string, Scenario> = {
  "a partial refund that fails, then an inquiry": {
    truth: paidWith({
      disputeStatus: "warning_needs_response",
      attention: "refund_failed",
      emails: ["delivery", "dispute-alert"],
    }),
    happen: (stripe, sessionId) => {
      const paymentIntent = stripe.pay(sessionId).payment_intent!;
      const completed = stripe.lastEvent("checkout.session.completed");
      const refund = stripe.dashboardRefund(paymentIntent, 1000);
      const refunded = stripe.lastEvent("charge.refunded");
      stripe.settleRefund(refund.id, "failed");
      const failed = stripe.lastEvent("refund.failed");
      stripe.openDispute(paymentIntent, "general", "inquiry");
      return [completed, refunded, failed, stripe.lastEvent("charge.dispute.created")];
    },
  },
  "a chargeback that is won": {
    truth: paidWith({ disputeStatus: "won", emails: ["delivery", "dispute-alert"] }),
    happen: (stripe, sessionId) => {
      const paymentIntent = stripe.pay(sessionId).payment_intent!;
      const completed = stripe.lastEvent("checkout.session.completed");
      const dispute = stripe.openDispute(paymentIntent);
      const created = stripe.lastEvent("charge.dispute.created");
      stripe.closeDispute(dispute.id, "won");
      return [completed, created, stripe.lastEvent("charge.dispute.closed")];
    },
  },
  "a bank debit that settles, then a pending partial refund that succeeds": {
    truth: paidWith({ refundedCents: 2000 }),
    happen: (stripe, sessionId) => {
      stripe.payLater(sessionId);
      const completed = stripe.lastEvent("checkout.session.completed");
      const session = stripe.settleLater(sessionId, "succeeded");
      const succeeded = stripe.lastEvent("checkout.session.async_payment_succeeded");
      const refund = stripe.dashboardRefund(session.payment_intent!, 2000, "pending");
      const created = stripe.lastEvent("refund.created");
      stripe.settleRefund(refund.id, "succeeded");
      return [completed, succeeded, created, stripe.lastEvent("refund.updated")];
    },
  },
};

/**
 * The property: each scenario's events, delivered in every order and each ordering twice, leave
 * the order, its e-mails and the buyer's access exactly as delivering them in Stripe's order does.
 */
for (const backend of testBackends()) {
  describe(`Stripe events in any order on ${backend.name}`, () => {
    let stripe: FakeStripe;
    let services: TestServices;

    beforeAll(async () => {
      stripe = await startFakeStripe();
      services = await stripeTestServices(backend, stripe, WEBHOOK_SECRET);
      await seedProduct(services);
    });
    afterAll(async () => {
      await services.dispose();
      await stripe.close();
      await backend.cleanup();
    });

    /** The order as the buyer and the owner see it once every event is in. */
    const outcome = async (orderId: string) => {
      const db = services.database.db;
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      const mails = await db.select().from(emailOutbox);
      const ours = mails.filter((m) => m.orderId === orderId || m.payload.orderNumber === order!.number);
      const delivery = ours.find((m) => m.template === "delivery");
      const token = delivery ? new URL(String(delivery.payload.link)).searchParams.get("t") : null;
      const plan = await prepareDownload(
        services,
        createDownloadToken(services.settings.tokenSecrets, { orderId, productId: null }),
        "203.0.113.9",
      );
      return {
        status: order!.status,
        refundedCents: order!.refundedCents,
        disputeStatus: order!.disputeStatus,
        attention: order!.attention,
        emails: ours.map((m) => m.template).sort(),
        viaEmail: token ? (await findPaidOrder(services, { token })) !== null : false,
        download: plan.kind !== "refuse",
      };
    };

    for (const [name, { happen, truth }] of Object.entries(SCENARIOS)) {
      it(`converges on ${name}, whatever the order and however often the events come`, async () => {
        /** A new purchase to which the scenario happens, its events delivered as `arrange` says, twice. */
        const run = async (arrange: (events: Stripe.Event[]) => Stripe.Event[]) => {
          const { orderId } = await createOrder(services, { email: "buyer@example.com" });
          const [row] = await services.database.db.select().from(orders).where(eq(orders.id, orderId));
          const ordering = arrange(happen(stripe, row!.providerSessionId!));
          for (const event of [...ordering, ...ordering])
            expect((await stripe.deliver(event)).status).toBe(200);
          return { events: ordering.length, outcome: await outcome(orderId) };
        };
        const inStripesOrder = await run((events) => events);
        expect(inStripesOrder.outcome).toEqual(truth);
        const orderings = permutations([...Array(inStripesOrder.events).keys()]).length;
        for (let index = 0; index < orderings; index++) {
          const { outcome: got } = await run((events) => permutations(events)[index]!);
          expect(got, `ordering ${index} of ${orderings}`).toEqual(truth);
        }
      }, 300_000);
    }
  });
}
