/**
 * Reviews shown fairly (16 CFR Part 465; UCPD art. 7(6)): `/reviews` lists every published review
 * newest first, a page at a time, with the count for each star rating and the average of all of
 * them; hidden reviews are counted by reason, never listed; the landing page's testimonials are
 * the newest published reviews, whatever their rating, with how many there are in all. A 1-star
 * review is listed and counted exactly like a 5-star one, on each database.
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { TESTIMONIALS_SHOWN, VERIFICATION_COPY } from "#app/content/reviews.ts";
import { publicConfig, publicConfigContext } from "#app/lib/public-config.server.ts";
import { REVIEWS_PER_PAGE } from "#app/lib/reviews/reviews.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import { liveLandingFacts } from "#app/lib/storefront/landing-facts.server.ts";
import { SAMPLE_FACTS } from "#app/lib/storefront/landing-facts.ts";
import * as reviewsRoute from "#app/routes/reviews.tsx";
import * as verificationRoute from "#app/routes/reviews-verification.tsx";
import { orders, reviews } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const ORIGIN = "http://shop.test";
const MINUTE = 60_000;

type ReviewsPage = {
  page: number;
  pages: number;
  counts: {
    published: number;
    average: string | null;
    byRating: Record<number, number>;
    hidden: number;
    hiddenByReason: Record<string, number>;
  };
  reviews: { rating: number; comment: string; name: string; month: string }[];
};

for (const backend of testBackends()) {
  describe(`reviews shown fairly on ${backend.name}`, () => {
    let services: TestServices;
    beforeEach(async () => {
      services = await testServices(backend);
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());
    const db = () => services.database.db;

    /** A paid order's published review, written `minutesAgo` before now. */
    async function review(rating: number, comment: string, minutesAgo: number) {
      const [order] = await db()
        .insert(orders)
        .values({
          email: "buyer@example.com",
          amountCents: 4700,
          provider: "test",
          status: "paid",
          paidAt: new Date("2026-11-12T10:00:00Z"),
        })
        .returning();
      const [row] = await db()
        .insert(reviews)
        .values({
          orderId: order!.id,
          rating,
          comment,
          displayName: `${comment} author`,
          purchasedAt: order!.paidAt!,
          createdAt: new Date(Date.now() - minutesAgo * MINUTE),
        })
        .returning();
      return row!;
    }

    /** `/reviews` (or `/reviews?page=N`) as its loader answers: the data, or the status it throws. */
    async function reviewsPage(query = ""): Promise<{ status: number; body: ReviewsPage | null }> {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(publicConfigContext, publicConfig());
      try {
        const body = (await reviewsRoute.loader({
          request: new Request(`${ORIGIN}/reviews${query}`),
          params: {},
          context,
          unstable_pattern: "",
        } as never)) as ReviewsPage;
        return { status: 200, body };
      } catch (thrown) {
        const init = (thrown as { init?: { status?: number } }).init;
        if (init?.status) return { status: init.status, body: null };
        throw thrown;
      }
    }

    it("lists a 1-star review and counts it exactly like a 5-star one, newest first, in the average of all", async () => {
      await review(5, "Five stars", 30);
      await review(1, "One star", 20);
      await review(4, "Four stars", 10);
      const { status, body } = await reviewsPage();
      expect(status).toBe(200);
      expect(body!.reviews.map((r) => [r.rating, r.comment])).toEqual([
        [4, "Four stars"],
        [1, "One star"],
        [5, "Five stars"],
      ]);
      expect(body!.counts).toMatchObject({
        published: 3,
        average: "3.3",
        byRating: { 5: 1, 4: 1, 3: 0, 2: 0, 1: 1 },
        hidden: 0,
      });
      expect(body!.reviews[1]).toMatchObject({ name: "One star author", month: "November 2026" });
    });

    it("counts a hidden review under its reason and leaves it out of the list and the average, whatever its rating", async () => {
      await review(5, "Kept", 20);
      const hidden = await review(1, "Hidden for personal data", 10);
      await db()
        .update(reviews)
        .set({ hiddenAt: new Date(), hiddenReason: "personal-data" })
        .where(eq(reviews.id, hidden.id));
      const { body } = await reviewsPage();
      expect(body!.reviews.map((r) => r.comment)).toEqual(["Kept"]);
      expect(body!.counts).toMatchObject({
        published: 1,
        average: "5.0",
        byRating: { 5: 1, 1: 0 },
        hidden: 1,
        hiddenByReason: { "personal-data": 1 },
      });
    });

    it("pages through every published review newest first, one address per page, and answers 404 past the last", async () => {
      const total = REVIEWS_PER_PAGE + 3;
      for (let i = 0; i < total; i += 1) await review(i % 5 === 0 ? 1 : 5, `Review ${i}`, total - i);
      const first = await reviewsPage();
      expect(first.body).toMatchObject({ page: 1, pages: 2 });
      expect(first.body!.reviews).toHaveLength(REVIEWS_PER_PAGE);
      expect(first.body!.reviews[0]!.comment).toBe(`Review ${total - 1}`);
      const second = await reviewsPage("?page=2");
      expect(second.body!.reviews.map((r) => r.comment)).toEqual(["Review 2", "Review 1", "Review 0"]);
      // Every review on exactly one page.
      const listed = [...first.body!.reviews, ...second.body!.reviews].map((r) => r.comment);
      expect(new Set(listed).size).toBe(total);
      expect(first.body!.counts.byRating[1]).toBe(
        listed.filter((c) => Number(c.split(" ")[1]) % 5 === 0).length,
      );
      for (const query of ["?page=3", "?page=1", "?page=0", "?page=02", "?page=abc", "?page=-1", "?page=1e3"])
        expect((await reviewsPage(query)).status, query).toBe(404);
    });

    it("shows no review and zero for every rating on a store without reviews", async () => {
      const { status, body } = await reviewsPage();
      expect(status).toBe(200);
      expect(body).toMatchObject({
        page: 1,
        pages: 1,
        reviews: [],
        counts: { published: 0, average: null, byRating: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } },
      });
    });

    it("fills the landing page's testimonials with the newest reviews, a 1-star one included, and says how many there are in all", async () => {
      // The oldest is the best rated: a rule by rating would show it, the rule by date does not.
      await review(5, "Oldest five stars", 100);
      for (let i = 0; i < TESTIMONIALS_SHOWN - 1; i += 1) await review(4, `Four stars ${i}`, 50 - i);
      await review(1, "Newest one star", 1);
      const facts = await liveLandingFacts(db());
      const cards = facts.testimonials!.cards;
      expect(cards).toHaveLength(TESTIMONIALS_SHOWN);
      expect(cards[0]).toMatchObject({ rating: 1, comment: "Newest one star" });
      expect(cards.map((c) => c.comment)).not.toContain("Oldest five stars");
      expect(facts.testimonials!.allReviews).toEqual({ count: TESTIMONIALS_SHOWN + 1, path: "/reviews" });
      // And `/reviews` lists the same 1-star review first.
      expect((await reviewsPage()).body!.reviews[0]).toMatchObject({ rating: 1, comment: "Newest one star" });
    });

    it("keeps the specification's sample testimonials in test mode, with no count of the store's reviews", () => {
      expect(SAMPLE_FACTS.testimonials?.allReviews).toBeNull();
      expect(SAMPLE_FACTS.testimonials?.summary).toMatchObject({
        rating: "4.9/5",
        reviews: "(500+ reviews)",
      });
    });

    it("states on the verification page the landing's rule, which does not depend on the rating, with the counts by star", async () => {
      expect(VERIFICATION_COPY.shown).toContain(`${TESTIMONIALS_SHOWN} newest published reviews`);
      expect(VERIFICATION_COPY.shown).toContain("whatever their rating");
      await review(1, "One star", 5);
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      const counts = (await verificationRoute.loader({ context } as never)) as ReviewsPage["counts"];
      expect(counts).toMatchObject({ published: 1, average: "1.0", byRating: { 1: 1, 5: 0 } });
    });
  });
}
