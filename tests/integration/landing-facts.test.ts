import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { schedulePromotion } from "#app/lib/pricing/promotions.server.ts";
import { setContentTestimonialsConfirmed, setDeclaredProof } from "#app/lib/reviews/declared-proof.server.ts";
import { liveLandingFacts } from "#app/lib/storefront/landing-facts.server.ts";
import { CONTENT_TESTIMONIALS, regularPriceFacts } from "#app/lib/storefront/landing-facts.ts";
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
  });
}
