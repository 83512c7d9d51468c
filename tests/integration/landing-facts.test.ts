import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { schedulePromotion } from "#app/lib/pricing/promotions.server.ts";
import { setContentTestimonialsConfirmed, setDeclaredProof } from "#app/lib/reviews/declared-proof.server.ts";
import { publishedReviewsPage } from "#app/lib/reviews/reviews.server.ts";
import { liveLandingFacts } from "#app/lib/storefront/landing-facts.server.ts";
import { CONTENT_TESTIMONIALS, regularPriceFacts } from "#app/lib/storefront/landing-facts.ts";
import { orders, reviews } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What a live store's landing page says, from what the store recorded (ADR 038), on each database. */
for (const backend of testBackends()) {
  describe(`a live store's landing facts on ${backend.name}`, () => {
    let services: TestServices;
    beforeEach(async () => {
      services = await testServices(backend);
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());
    const db = () => services.database.db;

    it("claim nothing on a fresh store: the regular price, no promotion, sale, review or figure", async () => {
      expect(await liveLandingFacts(db())).toEqual(regularPriceFacts);
    });

    it("announce a running public promotion with its own figures and its recorded end, the same at every read", async () => {
      const now = new Date();
      const endsAt = new Date(now.getTime() + 2 * DAY);
      const scheduled = await schedulePromotion(
        db(),
        { percentOff: 25, startsAt: now, endsAt, code: null },
        "admin",
        now,
      );
      expect(scheduled.ok).toBe(true);
      const later = new Date(now.getTime() + HOUR);
      const facts = await liveLandingFacts(db(), later);
      expect(facts.priceCents).toBe(3525);
      expect(facts.reference).toEqual({ cents: 4700, savePercent: 25 });
      expect(facts.promotion).toEqual({ percent: 25, priceCents: 3525, endsAt: endsAt.toISOString() });
      expect(await liveLandingFacts(db(), new Date(later.getTime() + 60_000))).toEqual(facts);
      // After its end: the regular price again, and nothing announced.
      expect(await liveLandingFacts(db(), new Date(endsAt.getTime() + 1_000))).toEqual(regularPriceFacts);
    });

    it("announce no reduction for a promotion at a price already charged in the 30 days before it", async () => {
      const now = new Date();
      const first = { percentOff: 25, startsAt: now, endsAt: new Date(now.getTime() + DAY), code: null };
      expect((await schedulePromotion(db(), first, "admin", now)).ok).toBe(true);
      const secondStart = new Date(now.getTime() + 3 * DAY);
      const second = {
        percentOff: 25,
        startsAt: secondStart,
        endsAt: new Date(secondStart.getTime() + DAY),
        code: null,
      };
      expect((await schedulePromotion(db(), second, "admin", now)).ok).toBe(true);
      const facts = await liveLandingFacts(db(), new Date(secondStart.getTime() + HOUR));
      // The price is lower than the regular one, but it is no reduction against the last 30 days.
      expect(facts.priceCents).toBe(3525);
      expect(facts.reference).toBeNull();
      expect(facts.promotion).toBeNull();
    });

    it("keep a code promotion off the page", async () => {
      const now = new Date();
      const coded = { percentOff: 30, startsAt: now, endsAt: new Date(now.getTime() + DAY), code: "COACH30" };
      expect((await schedulePromotion(db(), coded, "admin", now)).ok).toBe(true);
      expect(await liveLandingFacts(db(), new Date(now.getTime() + HOUR))).toEqual(regularPriceFacts);
    });

    it("show the owner's declared figures with their source, and the content's testimonials only once confirmed", async () => {
      await setDeclaredProof(db(), {
        reviews: { rating: "4.9/5", count: "500+ reviews", source: "Etsy" },
        trustedBy: { figure: "2,000+", source: "Etsy" },
      });
      let facts = await liveLandingFacts(db());
      expect(facts.testimonials).toEqual({
        summary: { rating: "4.9/5", reviews: "(500+ reviews)", source: "Etsy" },
        cards: [],
        trustedBy: "trusted by 2,000+ coaches (source: Etsy)",
        verificationPath: "/how-reviews-are-verified",
        allReviews: null,
      });
      await setContentTestimonialsConfirmed(db(), true);
      facts = await liveLandingFacts(db());
      expect(facts.testimonials?.cards).toEqual(CONTENT_TESTIMONIALS);
    });

    /** A paid order of an hour before `now` whose buyer allowed their name and city to be shown. */
    const sale = (now: Date, buyerShortName: string, city: string, country: string | null) =>
      db()
        .insert(orders)
        .values({
          email: "buyer@example.com",
          amountCents: 4700,
          provider: "test",
          status: "paid",
          paidAt: new Date(now.getTime() - HOUR),
          showPurchaseAt: new Date(now.getTime() - HOUR),
          buyerShortName,
          city,
          country,
        })
        .returning();

    it("show a sale whose buyer's name or city names an address or shows nothing as 'A coach from' its country", async () => {
      const now = new Date();
      const hostile: [string, string, string | null][] = [
        ["FREE-copy-at-evil.example S.", "Get it FREE at evil.example", "GB"],
        ["Daniel W.", "scam.top", "IT"],
        ["\u202Emoc.live", "Paris", "FR"],
        ["Ana\u200B.ru", "Madrid", "ES"],
        ["\u200B\u200B", "Berlin", "DE"],
        ["Tom B.", "\u200B", "IE"],
        ["evil\uFF0Ecom", "Vienna", null], // no country to fall back to: no card
      ];
      for (const [name, city, country] of hostile) await sale(now, name, city, country);
      await sale(now, "Zoë Ł.", "Łódź", "PL");
      const cards = (await liveLandingFacts(db(), now)).proofCards;
      expect(
        cards.map((card) => card.kind === "sale" && `${card.customer} from ${card.location}`).sort(),
      ).toEqual([
        "A coach from France",
        "A coach from Germany",
        "A coach from Ireland",
        "A coach from Italy",
        "A coach from Spain",
        "A coach from United Kingdom",
        "Zoë Ł. from Łódź",
      ]);
    });

    it("show a stored review's name and text without format characters or piled-up marks, on the landing page and on /reviews", async () => {
      const [order] = await sale(new Date(), "Mia K.", "Rome", "IT");
      await db()
        .insert(reviews)
        .values({
          orderId: order!.id,
          rating: 5,
          comment: `Great pack\u200B\u202E!${"\u0301".repeat(2000)}`,
          displayName: "Mia\u2066 K\uFF0E",
          purchasedAt: order!.paidAt!,
        });
      const shown = { name: "Mia K.", comment: "Great pack!\u0301\u0301" };
      const facts = await liveLandingFacts(db());
      expect(facts.testimonials?.cards).toMatchObject([shown]);
      expect(facts.proofCards).toContainEqual(
        expect.objectContaining({ kind: "review", customer: shown.name, comment: shown.comment }),
      );
      expect(await publishedReviewsPage(db(), 1)).toMatchObject([shown]);
    });
  });
}
