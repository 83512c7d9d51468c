import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { refundOrder } from "#app/lib/orders/admin-orders.server.ts";
import { fulfilOrder } from "#app/lib/orders/fulfil-order.server.ts";
import { recordRefundMade } from "#app/lib/orders/payment-changes.server.ts";
import { getRefundRevokesPercent, setRefundRevokesPercent } from "#app/lib/orders/refund-requests.server.ts";
import {
  publishedReviewsPage,
  reviewCounts,
  showReview,
  submitReview,
} from "#app/lib/reviews/reviews.server.ts";
import { orders, reviewModerations, reviews } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { type TestServices, testServices } from "../setup/services.ts";

for (const backend of testBackends()) {
  describe(`a partial refund on ${backend.name}`, () => {
    let services: TestServices;
    beforeEach(async () => {
      services = await testServices(backend);
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());

    const db = () => services.database.db;

    /** A paid $47.00 order with the buyer's published review. */
    async function reviewedOrder() {
      const [row] = await db()
        .insert(orders)
        .values({ email: "buyer@example.com", amountCents: 4700, provider: "test" })
        .returning();
      await fulfilOrder(db(), services.links, { orderId: row!.id });
      expect(await submitReview(db(), row!.id, { rating: 5, comment: "Great templates", name: "Ann" })).toBe(
        "published",
      );
      return row!.id;
    }
    let refunds = 0;
    const refund = (orderId: string, amountCents: number, status = "succeeded") =>
      recordRefundMade(
        db(),
        orderId,
        { id: `re_${++refunds}`, amountCents, currency: "usd", status, created: new Date() },
        new Date(),
      );
    const statusOf = async (orderId: string) =>
      (await db().select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status;

    it("of 46.00 of 47.00 revokes access like a full refund and unpublishes the review as refunded", async () => {
      const orderId = await reviewedOrder();
      expect(await getRefundRevokesPercent(db())).toBe(50);
      expect((await refund(orderId, 4600))?.status).toBe("refunded");
      const [review] = await db().select().from(reviews).where(eq(reviews.orderId, orderId));
      expect(review).toMatchObject({ hiddenReason: "refunded" });
      expect(await db().select().from(reviewModerations)).toMatchObject([
        { reviewId: review!.id, action: "hide", reason: "refunded", by: null },
      ]);
      expect(await publishedReviewsPage(db(), 1)).toEqual([]);
      expect(await reviewCounts(db())).toMatchObject({
        published: 0,
        hidden: 1,
        hiddenByReason: { refunded: 1 },
      });
      // The owner cannot show it again while the refund stands.
      expect(await showReview(db(), { reviewId: review!.id, by: "owner" })).toBe("unchanged");
    });

    it("of half the price or less keeps access and the review; the owner's share decides", async () => {
      const kept = await reviewedOrder();
      expect((await refund(kept, 2350))?.status).toBe("paid");
      expect((await publishedReviewsPage(db(), 1)).map((r) => r.comment)).toEqual(["Great templates"]);

      await setRefundRevokesPercent(db(), 30);
      const revoked = await reviewedOrder();
      expect((await refund(revoked, 1500))?.status).toBe("refunded");
      expect(await statusOf(kept)).toBe("paid");
    });

    it("that fails gives access back and publishes the review again", async () => {
      const orderId = await reviewedOrder();
      await refund(orderId, 4000);
      expect(await statusOf(orderId)).toBe("refunded");
      const settled = await recordRefundMade(
        db(),
        orderId,
        { id: `re_${refunds}`, amountCents: 4000, currency: "usd", status: "failed", created: new Date() },
        new Date(Date.now() + 1_000),
      );
      expect(settled?.status).toBe("paid");
      expect((await publishedReviewsPage(db(), 1)).map((r) => r.comment)).toEqual(["Great templates"]);
      expect(
        (await db().select().from(reviewModerations).orderBy(reviewModerations.id)).map((m) => m.action),
      ).toEqual(["hide", "show"]);
    });

    it("leaves the rest for the owner to refund", async () => {
      const orderId = await reviewedOrder();
      await refund(orderId, 4000);
      const rest = await refundOrder(services, orderId);
      expect(rest).not.toBeNull();
      const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({ status: "refunded", refundedCents: 4700 });
      expect(await refundOrder(services, orderId)).toBeNull();
    });

    it("refuses a share that is not a whole number from 1 to 100", async () => {
      for (const share of [0, 101, 12.5, Number.NaN])
        await expect(setRefundRevokesPercent(db(), share)).rejects.toThrow(RangeError);
    });
  });
}
