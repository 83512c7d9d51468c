import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { endPromotion, schedulePromotion } from "#app/lib/pricing/promotions.server.ts";
import { publicConfig, publicConfigContext } from "#app/lib/public-config.server.ts";
import { hideReview, submitReview } from "#app/lib/reviews/reviews.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import * as evidenceRoute from "#app/routes/admin/commercial-evidence-json.ts";
import { signInCookie } from "#app/routes/admin/guard.server.ts";
import { orders } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const ORIGIN = "http://shop.test";
const HOUR = 3_600_000;

/** The evidence a consumer authority asks for, exported from the admin for a period (ADR 038). */
for (const backend of testBackends()) {
  describe(`the commercial-practice evidence on ${backend.name}`, () => {
    let services: TestServices;
    let cookie: string;
    beforeEach(async () => {
      services = await testServices(backend);
      cookie = (await signInCookie(services, new Request(ORIGIN))).split(";")[0]!;
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());

    const download = (query: string, headers: Record<string, string> = { cookie }) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(publicConfigContext, publicConfig());
      const secret = services.settings.adminPath;
      return evidenceRoute.loader({
        request: new Request(`${ORIGIN}/${secret}/pratiche-commerciali.json?${query}`, { headers }),
        params: { secret },
        context,
        unstable_pattern: "",
      } as never) as Promise<Response>;
    };

    it("lists the period's promotions, price changes and reviews with what verifies them and why one was hidden", async () => {
      const db = services.database.db;
      const now = new Date();
      const scheduled = await schedulePromotion(
        db,
        { percentOff: 25, startsAt: now, endsAt: new Date(now.getTime() + 48 * HOUR), code: null },
        "admin",
        now,
      );
      if (!scheduled.ok) throw new Error(scheduled.reason);
      expect(await endPromotion(db, scheduled.id, "admin", new Date(now.getTime() + HOUR))).toBe(
        "endedEarly",
      );
      const [paid] = await db
        .insert(orders)
        .values({
          email: "buyer@example.com",
          amountCents: 3525,
          provider: "test",
          status: "paid",
          paidAt: now,
        })
        .returning();
      const [other] = await db
        .insert(orders)
        .values({
          email: "other@example.com",
          amountCents: 4700,
          provider: "test",
          status: "paid",
          paidAt: now,
        })
        .returning();
      const review = { rating: 5, comment: "Saved me a weekend.", name: "Tess B." };
      expect(await submitReview(db, paid!.id, review)).toBe("published");
      expect(await submitReview(db, other!.id, { ...review, comment: "My phone is 555 0100" })).toBe(
        "published",
      );
      const hiddenId = (await db.query.reviews.findFirst({ where: (r, { eq }) => eq(r.orderId, other!.id) }))!
        .id;
      expect(await hideReview(db, { reviewId: hiddenId, reason: "personal-data", by: "admin" })).toBe(
        "hidden",
      );

      const day = now.toISOString().slice(0, 10);
      const response = await download(`da=2026-01-01&a=${day > "2026-12-31" ? day : "2026-12-31"}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="pratiche-commerciali-/,
      );
      const evidence = await response.json();
      expect(evidence.seller).toContain("Coaching Shop Srl");
      expect(evidence.promotions).toEqual([
        expect.objectContaining({ percentOff: 25, kind: "public", endedEarlyAt: expect.any(String) }),
      ]);
      expect(evidence.priceChanges.map((c: { event: string }) => c.event)).toEqual(
        expect.arrayContaining(["promotion_start"]),
      );
      expect(evidence.priceChanges.every((c: { recordedBy: string }) => c.recordedBy)).toBe(true);
      expect(evidence.reviews.published).toEqual([
        expect.objectContaining({
          comment: "Saved me a weekend.",
          verifiedBy: expect.objectContaining({ order: paid!.reference, orderStatus: "paid" }),
        }),
      ]);
      expect(evidence.reviews.hidden).toEqual([
        expect.objectContaining({ hidden: expect.objectContaining({ reason: "personal-data" }) }),
      ]);
      expect(evidence.reviews.moderations).toEqual([
        expect.objectContaining({ action: "hide", reason: "personal-data", by: "admin" }),
      ]);
      expect(evidence.reviews.verification).toMatch(/paid order/);
    });

    it.each([
      ["no dates", ""],
      ["a malformed date", "da=2026-13-01&a=2026-12-31"],
      ["an end before the start", "da=2026-12-31&a=2026-01-01"],
      ["more than three years", "da=2020-01-01&a=2026-12-31"],
      ["HTML", "da=%3Cscript%3E&a=2026-12-31"],
    ])("refuses %s with an Italian answer", async (_name, query) => {
      const response = await download(query);
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(/^Periodo non valido/);
    });

    it("is only for the signed-in owner", async () => {
      const refused = await download("da=2026-01-01&a=2026-12-31", {}).catch((thrown) => thrown);
      expect(refused).toMatchObject({ init: { status: 401 } });
    });
  });
}
