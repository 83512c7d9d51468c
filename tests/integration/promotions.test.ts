/**
 * Promotions and the price history (ADR 039) on PGlite and PostgreSQL: the owner's scheduling and
 * its refusals (Promozioni), the price a live store shows and charges while a promotion runs and
 * after it ends, discount codes and their rate limit, the history's CSV, and its retention.
 */
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_PROMOTIONS_COPY } from "#app/content/admin-promotions.ts";
import { CHECKOUT_COPY } from "#app/content/checkout.ts";
import { createDiscountOffer } from "#app/lib/checkout/discount-offer.server.ts";
import { runMaintenance } from "#app/lib/maintenance.server.ts";
import { chargedPrice, checkoutTerms } from "#app/lib/pricing/checkout-price.server.ts";
import { currentPrice } from "#app/lib/pricing/current-price.server.ts";
import { priceHistoryCsv } from "#app/lib/pricing/price-history-csv.server.ts";
import { endPromotion, schedulePromotion } from "#app/lib/pricing/promotions.server.ts";
import { publicPrice, SAMPLE_PUBLIC_PRICE } from "#app/lib/pricing/public-price.server.ts";
import { dateToRomeInput } from "#app/lib/pricing/rome-time.ts";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import { signInCookie } from "#app/routes/admin/guard.server.ts";
import * as priceHistoryCsvRoute from "#app/routes/admin/price-history-csv.ts";
import { loadPromotionsPage } from "#app/routes/admin/promotions.server.ts";
import * as promotionsRoute from "#app/routes/admin/promotions.tsx";
import * as checkout from "#app/routes/checkout.tsx";
import * as checkoutOffer from "#app/routes/checkout-offer.ts";
import { orders, priceHistory, promotions } from "#db/schema.ts";
import { type FakeStripe, startFakeStripe } from "../mocks/stripe.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const ORIGIN = "http://shop.test";
const ADMIN = "admin-secret-0123456789";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

for (const backend of testBackends()) {
  describe(`promotions and the price history on ${backend.name}`, () => {
    let stripe: FakeStripe;
    let services: TestServices;
    let cookie: string;
    beforeAll(async () => {
      stripe = await startFakeStripe();
    });
    afterAll(async () => {
      await stripe.close();
      await backend.cleanup();
    });
    beforeEach(async () => {
      services = await testServices(backend, {
        STRIPE_SECRET_KEY: "sk_test_store",
        STRIPE_WEBHOOK_SECRET: "whsec_promotions",
        STRIPE_API_BASE: stripe.url,
        RECONCILE_INTERVAL_S: "0",
      });
      await seedProduct(services);
      cookie = (await signInCookie(services, new Request(ORIGIN))).split(";")[0]!;
    });
    afterEach(() => services.dispose());

    const db = () => services.database.db;
    const count = async (table: typeof promotions | typeof priceHistory) =>
      Number((await db().select({ n: sql<number>`count(*)` }).from(table))[0]!.n);

    /** Posts a form to a route's action as a browser would, from `ip`, signed in to the admin. */
    const post = (
      route: { action: (args: never) => unknown },
      path: string,
      fields: Record<string, string>,
      ip = "198.51.100.7",
    ) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(clientIpContext, ip);
      const request = new Request(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { cookie, origin: ORIGIN },
        body: new URLSearchParams(fields),
      });
      const secret = path.split("/")[1];
      return route.action({
        request,
        context,
        params: { secret },
        unstable_pattern: "",
        url: new URL(request.url),
      } as never);
    };
    type Answer = { data: Record<string, unknown>; init: { status: number } | null };
    const rome = (msFromNow: number) => dateToRomeInput(new Date(Date.now() + msFromNow));
    const schedule = (fields: Partial<Record<"percent" | "startsAt" | "endsAt" | "code", string>>) =>
      post(promotionsRoute, `/${ADMIN}/promozioni`, {
        intent: "promotion-create",
        percent: "25",
        startsAt: rome(0),
        endsAt: rome(2 * DAY),
        code: "",
        ...fields,
      }) as Promise<Answer | Record<string, unknown>>;
    const buy = (fields: Record<string, string>, ip?: string) =>
      post(
        checkout,
        "/checkout",
        { intent: "buy", email: "buyer@example.com", consent: "on", ...fields },
        ip,
      );

    it("a fresh live store: $47.00, no promotion, no reference, no offer, and the regular price recorded by sistema", async () => {
      expect(await currentPrice(db())).toEqual({ regularCents: 4700, promotion: null, referenceCents: null });
      const terms = await checkoutTerms(services);
      expect(terms).toMatchObject({
        base: { priceCents: 4700, compare: null },
        offer: null,
        codeField: false,
      });
      const unlocked = (await post(checkoutOffer, "/checkout/offer", {})) as Response;
      expect(unlocked.status).toBe(404);
      const rows = await db().select().from(priceHistory);
      expect(rows).toMatchObject([{ event: "regular_price", priceCents: 4700, recordedBy: "sistema" }]);
    });

    it("schedules a public promotion: every buyer's price is $35.25 against $47.00, Save 25%, with nothing to unlock", async () => {
      const answer = (await schedule({ endsAt: rome(3 * HOUR) })) as Record<string, unknown>;
      expect(answer).toMatchObject({ ok: true, message: ADMIN_PROMOTIONS_COPY.scheduled });
      const price = await currentPrice(db());
      expect(price.promotion).toMatchObject({ percent: 25, priceCents: 3525 });
      expect(price.referenceCents).toBe(4700);
      const shown = await publicPrice(db(), false);
      expect(shown).toEqual({
        regularCents: 4700,
        priceCents: 3525,
        reference: { cents: 4700, savePercent: 25 },
        promotion: { percent: 25, priceCents: 3525, endsAt: price.promotion!.endsAt },
      });
      // The checkout shows that price from the start: no dialog, no offer to unlock.
      expect(await checkoutTerms(services)).toEqual({
        base: { priceCents: 3525, compare: { cents: 4700, savePercent: 25 } },
        offer: null,
        codeField: false,
        promotion: { percent: 25, endsAt: price.promotion!.endsAt },
      });
      const unlocked = (await post(checkoutOffer, "/checkout/offer", {})) as Response;
      expect(unlocked.status).toBe(404);
    });

    it("charges the promotion's price to an order posted without any offer while it runs, and $47.00 once it ended early", async () => {
      await schedule({ endsAt: rome(DAY) });
      const { promotion } = await currentPrice(db());
      // What a browser without JavaScript posts: the form as it is, its offer field empty.
      expect((await buy({ offer: "" })) as Response).toHaveProperty("status", 303);
      const answer = await post(promotionsRoute, `/${ADMIN}/promozioni`, {
        intent: "promotion-end",
        promotionId: promotion!.id,
      });
      expect(answer).toMatchObject({ ok: true, message: ADMIN_PROMOTIONS_COPY.endedEarly });
      expect((await buy({ offer: "" })) as Response).toHaveProperty("status", 303);
      const charged = await db().select().from(orders).orderBy(orders.number);
      expect(charged.map((order) => [order.amountCents, order.discountApplied])).toEqual([
        [3525, true],
        [4700, false],
      ]);
      // What the fake Stripe was asked to charge.
      expect([...stripe.sessions.values()].slice(-2).map((session) => session.amount_total)).toEqual([
        3525, 4700,
      ]);
      expect(await currentPrice(db())).toMatchObject({ promotion: null, referenceCents: null });
    });

    it("announces no reduction for a promotion at a price already charged in the 30 days before it: no dialog, that price for everyone", async () => {
      const now = new Date();
      const first = { percentOff: 25, startsAt: now, endsAt: new Date(now.getTime() + HOUR), code: null };
      expect((await schedulePromotion(db(), first, "admin", now)).ok).toBe(true);
      const secondStart = new Date(now.getTime() + 2 * HOUR);
      const second = { ...first, startsAt: secondStart, endsAt: new Date(secondStart.getTime() + DAY) };
      expect((await schedulePromotion(db(), second, "admin", now)).ok).toBe(true);
      const during = new Date(secondStart.getTime() + HOUR);
      expect(await checkoutTerms(services, during)).toEqual({
        base: { priceCents: 3525, compare: null },
        offer: null,
        codeField: false,
        promotion: null,
      });
      // No dialog to unlock: an order without any offer is charged the promotion's price.
      expect(await chargedPrice(services, {}, during)).toEqual({ amountCents: 3525, discountApplied: true });
    });

    it("charges $47.00 for a checkout posted after the promotion's end, whatever offer it carries", async () => {
      const stored = await schedulePromotion(
        db(),
        { percentOff: 25, startsAt: new Date(), endsAt: new Date(Date.now() + 10 * MINUTE), code: null },
        "admin",
      );
      expect(stored.ok).toBe(true);
      // A test-mode offer (the specification's 5 minutes) is worth nothing in a live store.
      const specOffer = createDiscountOffer(services.settings.tokenSecrets).token;
      expect(await chargedPrice(services, {})).toEqual({ amountCents: 3525, discountApplied: true });
      expect(await chargedPrice(services, { offer: specOffer })).toEqual({
        amountCents: 3525,
        discountApplied: true,
      });
      const later = new Date(Date.now() + 11 * MINUTE);
      expect(await chargedPrice(services, { offer: specOffer }, later)).toEqual({
        amountCents: 4700,
        discountApplied: false,
      });
    });

    it("refuses, in Italian and with no change: end before start, end past, over 90 %, under 1 %, bad dates", async () => {
      const before = [await count(promotions), await count(priceHistory)];
      const cases: [Partial<Record<"percent" | "startsAt" | "endsAt" | "code", string>>, string, number][] = [
        [{ startsAt: rome(2 * DAY), endsAt: rome(DAY) }, ADMIN_PROMOTIONS_COPY.refusals.endBeforeStart, 400],
        [{ startsAt: rome(-2 * DAY), endsAt: rome(-DAY) }, ADMIN_PROMOTIONS_COPY.refusals.endPast, 400],
        [{ percent: "91" }, ADMIN_PROMOTIONS_COPY.refusals.percent, 400],
        [{ percent: "0" }, ADMIN_PROMOTIONS_COPY.refusals.percent, 400],
        [{ percent: "12.5" }, ADMIN_PROMOTIONS_COPY.refusals.percent, 400],
        [{ percent: "<script>" }, ADMIN_PROMOTIONS_COPY.refusals.percent, 400],
        [{ endsAt: "tomorrow" }, ADMIN_PROMOTIONS_COPY.refusals.dates, 400],
        [{ startsAt: "x".repeat(100_000) }, ADMIN_PROMOTIONS_COPY.refusals.dates, 400],
        [{ code: "<b>ab</b>" }, ADMIN_PROMOTIONS_COPY.refusals.code, 400],
      ];
      for (const [fields, message, status] of cases) {
        const answer = (await schedule(fields)) as Answer;
        expect(answer.init?.status, message).toBe(status);
        expect(answer.data).toMatchObject({ ok: false, message });
        expect(String((answer.data.entered as Record<string, string>).startsAt).length).toBeLessThanOrEqual(
          32,
        );
      }
      expect([await count(promotions), await count(priceHistory)]).toEqual(before);
    });

    it("refuses a public promotion overlapping another, and says a running one cannot be extended", async () => {
      await schedule({ endsAt: rome(DAY) });
      await schedule({ startsAt: rome(3 * DAY), endsAt: rome(4 * DAY) });
      const before = [await count(promotions), await count(priceHistory)];
      const extend = (await schedule({ startsAt: rome(2 * HOUR), endsAt: rome(2 * DAY) })) as Answer;
      expect(extend.init?.status).toBe(409);
      expect(extend.data.message).toBe(ADMIN_PROMOTIONS_COPY.refusals.overlapRunning);
      const overlap = (await schedule({ startsAt: rome(3 * DAY + HOUR), endsAt: rome(5 * DAY) })) as Answer;
      expect(overlap.data.message).toBe(ADMIN_PROMOTIONS_COPY.refusals.overlap);
      expect([await count(promotions), await count(priceHistory)]).toEqual(before);
      // A code promotion may run beside the public one.
      expect(await schedule({ code: "friends-10", percent: "10" })).toMatchObject({ ok: true });
    });

    it("stores exactly one of two overlapping public promotions scheduled at the same moment", async () => {
      const input = (percentOff: number) => ({
        percentOff,
        startsAt: new Date(Date.now() + HOUR),
        endsAt: new Date(Date.now() + DAY),
        code: null,
      });
      const results = await Promise.all([
        schedulePromotion(db(), input(20), "admin"),
        schedulePromotion(db(), input(30), "admin"),
        schedulePromotion(db(), input(40), "admin"),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(await count(promotions)).toBe(1);
      expect(await count(priceHistory)).toBe(3);
    });

    it("does not reopen an ended promotion", async () => {
      await schedule({});
      const [row] = await db().select().from(promotions);
      expect(await endPromotion(db(), row!.id, "admin")).toBe("endedEarly");
      const again = (await post(promotionsRoute, `/${ADMIN}/promozioni`, {
        intent: "promotion-end",
        promotionId: row!.id,
      })) as Answer;
      expect(again.init?.status).toBe(409);
      expect(again.data.message).toBe(ADMIN_PROMOTIONS_COPY.notOpen);
      const forged = (await post(promotionsRoute, `/${ADMIN}/promozioni`, {
        intent: "promotion-end",
        promotionId: "'; drop table promotions; --",
      })) as Answer;
      expect(forged.init?.status).toBe(400);
    });

    it("refuses a scheduling without a session or from another origin", async () => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(clientIpContext, "198.51.100.9");
      const form = () =>
        new URLSearchParams({
          intent: "promotion-create",
          percent: "25",
          startsAt: rome(0),
          endsAt: rome(DAY),
        });
      for (const headers of [{ origin: ORIGIN }, { cookie, origin: "https://evil.example" }] as Record<
        string,
        string
      >[]) {
        const request = new Request(`${ORIGIN}/${ADMIN}/promozioni`, {
          method: "POST",
          headers,
          body: form(),
        });
        const answer = (await promotionsRoute.action({
          request,
          context,
          params: { secret: ADMIN },
          unstable_pattern: "",
          url: new URL(request.url),
        } as never)) as Answer;
        expect([401, 403]).toContain(answer.init?.status);
      }
      expect(await count(promotions)).toBe(0);
    });

    it("applies a running code promotion from the Discount code field, and refuses an unknown or ended code", async () => {
      await schedule({ code: "Coach-15", percent: "15", endsAt: rome(DAY) });
      await schedulePromotion(
        db(),
        { percentOff: 50, startsAt: new Date(), endsAt: new Date(Date.now() + MINUTE), code: "GONE-50" },
        "admin",
      );
      const [gone] = await db().select().from(promotions).where(sql`code = 'GONE-50'`);
      await endPromotion(db(), gone!.id, "admin");
      expect((await checkoutTerms(services)).codeField).toBe(true);
      expect(await currentPrice(db())).toMatchObject({ promotion: null });
      for (const code of ["NOPE-99", "gone-50", "<img src=x>", "x".repeat(5000)]) {
        const refused = (await buy({ code })) as Answer;
        expect(refused.init?.status).toBe(400);
        expect(refused.data).toMatchObject({ field: "code", error: CHECKOUT_COPY.codeInvalid });
      }
      expect(await count(orders as never)).toBe(0);
      expect((await buy({ code: " coach-15 " }, "203.0.113.50")) as Response).toHaveProperty("status", 303);
      const [order] = await db().select().from(orders);
      expect(order).toMatchObject({ amountCents: 3995, discountApplied: true });
    });

    it("stops guessing: 100 codes tried from one address never find the right one", async () => {
      await schedule({ code: "SECRET-20", percent: "20" });
      const answers: number[] = [];
      for (let i = 0; i < 99; i++) {
        const refused = (await buy(
          { code: `GUESS-${i}`, email: `g${i}@example.com` },
          "192.0.2.77",
        )) as Answer;
        answers.push(refused.init?.status ?? 0);
        // The eleventh code within the hour is refused by the codes' own limit, before any lookup.
        if (i === 10) expect(refused.data).toMatchObject({ field: "code", error: CHECKOUT_COPY.codeTooMany });
      }
      const last = (await buy({ code: "SECRET-20" }, "192.0.2.77")) as Answer;
      expect(last.init?.status).toBe(429);
      expect(answers.filter((status) => status === 400).length).toBeLessThanOrEqual(10);
      expect(await count(orders as never)).toBe(0);
    });

    it("records every price change with its time and author, exports them as CSV in UTC and Rome time", async () => {
      await schedule({ startsAt: "2099-07-01T09:00", endsAt: "2099-07-08T09:00" });
      const [row] = await db().select().from(promotions);
      expect(await endPromotion(db(), row!.id, "admin")).toBe("cancelled");
      const csv = await priceHistoryCsv(db());
      const lines = csv
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
      expect(lines[0]).toContain('"in_vigore_dal_utc","in_vigore_dal_roma","evento","prezzo_usd"');
      expect(
        lines.some((line) =>
          line.includes('"2099-07-01T07:00:00.000Z","2099-07-01 09:00:00","inizio promozione","35.25"'),
        ),
      ).toBe(true);
      expect(lines.some((line) => line.includes('"promozione annullata"') && line.includes('"admin"'))).toBe(
        true,
      );
      expect(
        lines.some((line) => line.includes('"prezzo normale","47.00"') && line.includes('"sistema"')),
      ).toBe(true);
    });

    /** Runs a route's loader for a GET of `path`, with the admin's cookie when `signedIn`. */
    const load = (route: { loader: (args: never) => unknown }, path: string, signedIn = true) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(clientIpContext, "198.51.100.7");
      const request = new Request(`${ORIGIN}${path}`, { headers: signedIn ? { cookie } : {} });
      return route.loader({
        request,
        context,
        params: { secret: path.split(/[/?]/)[1] },
        unstable_pattern: "",
        url: new URL(request.url),
      } as never);
    };

    it("opens the checkout at a running promotion's price from any link, the exit dialog's included, with no offer to claim", async () => {
      type Loaded = { claimed: unknown; prices: { base: { priceCents: number }; offer: unknown } };
      const before = (await load(checkout, "/checkout?discount=claimed")) as Loaded;
      expect(before).toMatchObject({ claimed: null, prices: { base: { priceCents: 4700 }, offer: null } });
      await schedule({ endsAt: rome(3 * HOUR) });
      for (const path of ["/checkout", "/checkout?discount=claimed"]) {
        const during = (await load(checkout, path)) as Loaded;
        expect(during).toMatchObject({ claimed: null, prices: { base: { priceCents: 3525 }, offer: null } });
      }
    });

    it("gives the price history's CSV to the signed-in owner only", async () => {
      const refused = await (
        load(priceHistoryCsvRoute, `/${ADMIN}/price-history.csv`, false) as Promise<unknown>
      ).then(
        () => null,
        (thrown: { init: { status: number } }) => thrown,
      );
      expect(refused?.init.status).toBe(401);
      const file = (await load(priceHistoryCsvRoute, `/${ADMIN}/price-history.csv`)) as Response;
      expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="storico-prezzi-/);
      expect(await file.text()).toContain('"prezzo normale","47.00"');
    });

    it("keeps the price history through maintenance, three years on", async () => {
      await schedule({});
      const before = await count(priceHistory);
      await runMaintenance(db(), 30, new Date(Date.now() + 3 * 365 * DAY));
      expect(await count(priceHistory)).toBe(before);
      expect(await count(promotions)).toBe(1);
    });

    it("in test mode keeps the specification's figures: $127 struck, Save 63%, a 25% offer, and Promozioni says so", async () => {
      const testMode = await testServices(backend);
      try {
        await schedule({ percent: "40" });
        expect(await checkoutTerms(testMode)).toEqual({
          base: { priceCents: 4700, compare: { cents: 12700, savePercent: 63 } },
          offer: {
            percent: 25,
            priceCents: 3525,
            compare: { cents: 4700, savePercent: 25 },
          },
          codeField: false,
          promotion: null,
        });
        // Whatever the database holds, test mode's price is the specification's, its offer conditional.
        expect(await publicPrice(testMode.database.db, true)).toEqual(SAMPLE_PUBLIC_PRICE);
        expect(await chargedPrice(testMode, {})).toEqual({ amountCents: 4700, discountApplied: false });
        const offer = createDiscountOffer(testMode.settings.tokenSecrets).token;
        expect(await chargedPrice(testMode, { offer })).toEqual({ amountCents: 3525, discountApplied: true });
        // Promozioni says what the test screens show and why, and what a live store shows instead.
        expect((await loadPromotionsPage(testMode)).testMode).toBe(true);
        expect((await loadPromotionsPage(services)).testMode).toBe(false);
        const note = ADMIN_PROMOTIONS_COPY.testMode("35,25 USD", "127,00 USD", 25);
        expect(note).toMatch(
          /promozione d'esempio della specifica \(−25 %, 35,25 USD, prezzo barrato 127,00 USD/,
        );
        expect(note).toMatch(/mostra solo le promozioni programmate qui/);
      } finally {
        await testMode.dispose();
      }
    });
  });
}
