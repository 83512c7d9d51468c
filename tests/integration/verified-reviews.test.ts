/**
 * Verified reviews and real social proof (ADR 040): the review form behind the order's signed
 * link, its refusals, one review per order under concurrent posts, the e-mail's and the success
 * page's links, the owner's moderation on Recensioni, the checkout's consent to show a recent
 * purchase, and storefrontProof with a fake clock.
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { ADMIN_REVIEWS_COPY } from "#app/content/admin-reviews.ts";
import { REVIEW_COPY } from "#app/content/reviews.ts";
import { createOrder } from "#app/lib/checkout/create-order.server.ts";
import { unsubscribeUrl } from "#app/lib/mail/unsubscribe.server.ts";
import { eraseBuyer } from "#app/lib/ops/buyer-data.server.ts";
import { queueReviewRequests } from "#app/lib/orders/review-requests.server.ts";
import { setContentTestimonialsConfirmed, setDeclaredProof } from "#app/lib/reviews/declared-proof.server.ts";
import { reviewUrl } from "#app/lib/reviews/reviews.server.ts";
import { storefrontProof } from "#app/lib/reviews/storefront-proof.server.ts";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import { signToken } from "#app/lib/signed-token.server.ts";
import { signInCookie } from "#app/routes/admin/guard.server.ts";
import * as adminReviewsRoute from "#app/routes/admin/reviews.tsx";
import { loadSuccessPage } from "#app/routes/buyer/success.server.ts";
import * as checkoutRoute from "#app/routes/checkout.tsx";
import * as reviewRoute from "#app/routes/review.tsx";
import * as verificationRoute from "#app/routes/reviews-verification.tsx";
import { downloads, emailOutbox, orders, reviewModerations, reviews } from "#db/schema.ts";
import { startFakeStripe } from "../mocks/stripe.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const ORIGIN = "http://shop.test";
const ADMIN = "admin-secret-0123456789";
const SUCCESS = `${ORIGIN}/thank-you-secret-0123456789`;
const DAY_MS = 24 * 3600_000;

/** What a route's loader or action answered: its body and status, thrown or returned alike. */
async function answer<T>(run: () => Promise<unknown>): Promise<{ status: number; body: T }> {
  try {
    const result = await run();
    if (result && typeof result === "object" && "type" in result && result.type === "DataWithResponseInit") {
      const init = result as unknown as { data: T; init: { status?: number } | null };
      return { status: init.init?.status ?? 200, body: init.data };
    }
    return { status: 200, body: result as T };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: null as T };
    const init = thrown as { data: T; init: { status?: number } | null };
    if (init && typeof init === "object" && "init" in init)
      return { status: init.init?.status ?? 500, body: init.data };
    throw thrown;
  }
}

type ReviewAnswer = {
  done: string | null;
  errors: Record<string, string> | null;
  values: Record<string, string> | null;
};

for (const backend of testBackends()) {
  describe(`verified reviews and social proof on ${backend.name}`, () => {
    let services: TestServices;
    let cookie: string;

    beforeEach(async () => {
      services = await testServices(backend);
      cookie = (await signInCookie(services, new Request(ORIGIN))).split(";")[0]!;
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());
    const db = () => services.database.db;

    async function order(
      values: Partial<typeof orders.$inferInsert> & { email?: string } = {},
    ): Promise<typeof orders.$inferSelect> {
      const [row] = await db()
        .insert(orders)
        .values({
          email: "buyer@example.com",
          amountCents: 4700,
          provider: "test",
          status: "paid",
          paidAt: new Date("2026-11-12T10:00:00Z"),
          ...values,
        })
        .returning();
      return row!;
    }

    const tokenOf = (orderId: string) =>
      new URL(reviewUrl(services.links, services.settings.tokenSecrets, orderId)).pathname.split("/")[2]!;

    const routeArgs = (token: string, init: RequestInit = {}) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, services);
      context.set(clientIpContext, "198.51.100.1");
      return {
        request: new Request(`${ORIGIN}/review/${token}`, init),
        params: { token },
        context,
        unstable_pattern: "",
      } as never;
    };
    const form = (fields: Record<string, string>) => ({
      method: "POST",
      body: new URLSearchParams(fields),
    });
    const good = { rating: "5", comment: "Saved me hours every week.", name: "Daniel W.", consent: "on" };
    const post = (token: string, fields: Record<string, string>) =>
      answer<ReviewAnswer>(() => reviewRoute.action(routeArgs(token, form(fields))));
    const open = (token: string) =>
      answer<{ state: string; month: string | null }>(() => reviewRoute.loader(routeArgs(token)));

    it("publishes a paid order's review as a verified buyer's with the month of purchase, once", async () => {
      const paid = await order();
      const token = tokenOf(paid.id);
      expect(await open(token)).toEqual({ status: 200, body: { state: "open", month: "November 2026" } });
      expect(await post(token, good)).toEqual({
        status: 200,
        body: { done: "published", errors: null, values: null },
      });
      const [row] = await db().select().from(reviews);
      expect(row).toMatchObject({ orderId: paid.id, rating: 5, displayName: "Daniel W.", hiddenAt: null });
      // The link replayed: "already reviewed", and nothing changes.
      expect(await open(token)).toMatchObject({ status: 409, body: { state: "reviewed" } });
      expect(await post(token, { ...good, rating: "1" })).toMatchObject({
        status: 409,
        body: { done: "reviewed" },
      });
      expect(await db().select().from(reviews)).toHaveLength(1);
      expect(REVIEW_COPY.already).toContain("already been reviewed");
    });

    it("refuses refunded, disputed, erased and unpaid orders, forged links and links made for another use", async () => {
      const refused = [
        await order({ status: "refunded", refundedCents: 4700 }),
        await order({ status: "disputed", disputeStatus: "needs_response" }),
        await order({ erasedAt: new Date() }),
        await order({ status: "pending", paidAt: null }),
        await order({ status: "expired", paidAt: null }),
      ];
      for (const row of refused) {
        const token = tokenOf(row.id);
        expect(await open(token)).toMatchObject({ status: 403, body: { state: "not-eligible" } });
        expect(await post(token, good)).toMatchObject({ status: 403, body: { done: "not-eligible" } });
      }
      const paid = await order();
      const genuine = tokenOf(paid.id);
      const secrets = services.settings.tokenSecrets;
      const forged = [
        `${genuine.slice(0, -2)}AA`,
        signToken(["another-secret-entirely-000000000000"], "review", { o: paid.id }, Date.now() + DAY_MS),
        signToken(secrets, "unsubscribe", { o: paid.id }, Date.now() + DAY_MS),
        signToken(secrets, "review", { o: "00000000-0000-4000-8000-000000000000" }, Date.now() + DAY_MS),
        signToken(secrets, "review", { o: "'; drop table reviews; --" }, Date.now() + DAY_MS),
        "not-a-token",
        "x".repeat(5000),
      ];
      for (const token of forged) {
        expect(await open(token)).toMatchObject({ status: 404, body: { state: "invalid" } });
        expect(await post(token, good)).toMatchObject({ status: 404, body: { done: "invalid" } });
      }
      expect(await db().select().from(reviews)).toHaveLength(0);
    });

    it("refuses bad ratings, empty, overlong and linked comments with a clear answer, and keeps HTML as text", async () => {
      const token = tokenOf((await order()).id);
      for (const rating of ["0", "6", "abc", "", "4.5", "-1", "５"]) {
        expect(await post(token, { ...good, rating })).toMatchObject({
          status: 400,
          body: { errors: { rating: "Please choose a rating from 1 to 5 stars." } },
        });
      }
      const long = await post(token, { ...good, comment: "a".repeat(100 * 1024) });
      expect(long).toMatchObject({
        status: 400,
        body: { errors: { comment: "Please keep your review under 2000 characters." } },
      });
      expect(long.body.values?.comment).toHaveLength(2000);
      for (const comment of [
        "Great, see https://spam.example",
        "visit www.spam.test",
        "buy at cheap-pills.com now",
      ]) {
        expect(await post(token, { ...good, comment })).toMatchObject({
          status: 400,
          body: { errors: { comment: REVIEW_COPY.errors.links } },
        });
      }
      expect(await post(token, { ...good, comment: "   " })).toMatchObject({
        body: { errors: { comment: REVIEW_COPY.errors.commentEmpty } },
      });
      expect(await post(token, { ...good, name: "" })).toMatchObject({
        body: { errors: { name: REVIEW_COPY.errors.nameEmpty } },
      });
      expect(await post(token, { ...good, consent: "" })).toMatchObject({
        status: 400,
        body: { errors: { consent: "Please tick the box to allow publishing your review." } },
      });
      expect(await db().select().from(reviews)).toHaveLength(0);

      const html = '<script>alert(1)</script><b>Great</b> & "useful"';
      expect(await post(token, { ...good, comment: html })).toMatchObject({ body: { done: "published" } });
      const [row] = await db().select().from(reviews);
      expect(row?.comment).toBe(html);
    });

    it("refuses a review whose name or text names an address in disguise or shows nothing, and publishes what readers see", async () => {
      const token = tokenOf((await order()).id);
      const refused: [Record<string, string>, Record<string, string>][] = [
        [{ comment: "Half price at evil.ru" }, { comment: REVIEW_COPY.errors.links }],
        [{ comment: "scam.top sells it cheaper" }, { comment: REVIEW_COPY.errors.links }],
        [{ comment: "More at evil.c\u200Bom" }, { comment: REVIEW_COPY.errors.links }],
        [{ comment: "More at evil\uFF0Ecom" }, { comment: REVIEW_COPY.errors.links }],
        [{ name: "\u202Emoc.live" }, { name: REVIEW_COPY.errors.links }],
        [{ comment: "\u200B\u200B\u200B" }, { comment: REVIEW_COPY.errors.commentEmpty }],
        [{ name: "\u200B \u2060" }, { name: REVIEW_COPY.errors.nameEmpty }],
      ];
      for (const [fields, errors] of refused) {
        expect(await post(token, { ...good, ...fields })).toMatchObject({ status: 400, body: { errors } });
      }
      expect(await db().select().from(reviews)).toHaveLength(0);

      const zalgo = `Saved me hours!${"\u0301".repeat(2000)}`;
      expect(await post(token, { ...good, comment: zalgo, name: "Zoë\u202E  K\uFF0E" })).toMatchObject({
        body: { done: "published" },
      });
      const [row] = await db().select().from(reviews);
      expect(row).toMatchObject({ comment: "Saved me hours!\u0301\u0301", displayName: "Zoë K." });
    });

    it("makes one review of concurrent posts for one order", async () => {
      const token = tokenOf((await order()).id);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => post(token, { ...good, comment: `Attempt ${i}` })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(7);
      expect(await db().select().from(reviews)).toHaveLength(1);
    });

    it("links the review-request e-mail to the order's form, and asks no more once the order is reviewed", async () => {
      await seedProduct(services);
      const paid = await order({ paidAt: new Date() });
      await db()
        .insert(downloads)
        .values({ orderId: paid.id, at: new Date(Date.now() - 8 * DAY_MS) });
      expect(await queueReviewRequests(services)).toBe(1);
      const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.template, "review-request"));
      const link = String((mail!.payload as { reviewUrl: string }).reviewUrl);
      expect(link).toMatch(/^http:\/\/shop\.test\/review\//);
      expect((mail!.payload as { externalReviewUrl: string | null }).externalReviewUrl).toBeNull();
      const token = new URL(link).pathname.split("/")[2]!;
      expect(await open(token)).toMatchObject({ status: 200, body: { state: "open" } });
      expect(await post(token, good)).toMatchObject({ body: { done: "published" } });
      // Reviewed: no second request for this order.
      await db().delete(emailOutbox);
      expect(await queueReviewRequests(services)).toBe(0);
    });

    it("shows the success page's review link once the download started, and no more once reviewed", async () => {
      await seedProduct(services);
      const stripe = await startFakeStripe();
      try {
        await services.dispose();
        services = await testServices(backend, {
          STRIPE_SECRET_KEY: "sk_test_store",
          STRIPE_WEBHOOK_SECRET: "whsec_reviews",
          STRIPE_API_BASE: stripe.url,
          REVIEW_URL: "https://www.trustpilot.test/review/shop",
        });
        await seedProduct(services);
        const { orderId } = await createOrder(services, { email: "daniel@example.com", consent: true });
        const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
        stripe.pay(row!.providerSessionId!, { name: "Daniel Walker", city: "London", country: "GB" });
        const page = async () =>
          (
            await loadSuccessPage(
              services,
              new Request(`${SUCCESS}?session_id=${row!.providerSessionId}`),
              null,
            )
          ).payload;
        const before = await page();
        expect(before.review).toMatchObject({
          downloadStarted: false,
          externalUrl: "https://www.trustpilot.test/review/shop",
        });
        expect(before.review?.href).toMatch(/^\/review\//);
        await db().insert(downloads).values({ orderId });
        expect((await page()).review?.downloadStarted).toBe(true);
        const token = before.review!.href.split("/")[2]!;
        expect(await post(token, good)).toMatchObject({ body: { done: "published" } });
        expect((await page()).review).toBeNull();
        // Without the buyer's consent to be shown, neither the name nor the city is kept.
        const [paid] = await db().select().from(orders).where(eq(orders.id, orderId));
        expect(paid).toMatchObject({ status: "paid", country: "GB", buyerShortName: null, city: null });
      } finally {
        await stripe.close();
      }
    });

    it("keeps the payer's first name, initial and city only when the buyer ticked the checkout box", async () => {
      const stripe = await startFakeStripe();
      try {
        await services.dispose();
        services = await testServices(backend, {
          STRIPE_SECRET_KEY: "sk_test_store",
          STRIPE_WEBHOOK_SECRET: "whsec_reviews",
          STRIPE_API_BASE: stripe.url,
        });
        await seedProduct(services);
        const buy = async (email: string, showPurchase: boolean) => {
          const { orderId } = await createOrder(services, { email, consent: true, showPurchase });
          const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
          stripe.pay(row!.providerSessionId!, {
            name: "  Daniel  van  Walker ",
            city: "London",
            country: "GB",
          });
          await loadSuccessPage(
            services,
            new Request(`${SUCCESS}?session_id=${row!.providerSessionId}`),
            null,
          );
          return (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;
        };
        expect(await buy("yes@example.com", true)).toMatchObject({
          status: "paid",
          buyerShortName: "Daniel W.",
          city: "London",
          country: "GB",
        });
        expect(await buy("no@example.com", false)).toMatchObject({
          status: "paid",
          showPurchaseAt: null,
          buyerShortName: null,
          city: null,
          country: "GB",
        });
        const proof = await storefrontProof(db());
        expect(proof.recentSales.map(({ customer, location }) => ({ customer, location }))).toEqual([
          { customer: "Daniel W.", location: "London" },
        ]);
        // Erasing the buyer takes the name and city off the order, and the sale off the page.
        await eraseBuyer(db(), "yes@example.com", services.env.DATA_DIR);
        expect((await storefrontProof(db())).recentSales).toEqual([]);
      } finally {
        await stripe.close();
      }
    });

    it("records the checkout's show-purchase box only when ticked; any other value is a plain order", async () => {
      await seedProduct(services);
      let buyers = 0;
      const buy = async (email: string, showPurchase?: string) => {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        // Each buyer from a network of their own: the checkout's limits are not what this tests.
        buyers += 1;
        context.set(clientIpContext, `10.${buyers}.0.1`);
        const fields = {
          intent: "buy",
          email,
          consent: "on",
          ...(showPurchase !== undefined && { showPurchase }),
        };
        const request = new Request(`${ORIGIN}/checkout`, {
          method: "POST",
          body: new URLSearchParams(fields),
        });
        const response = (await checkoutRoute.action({
          request,
          context,
          params: {},
          unstable_pattern: "",
        } as never)) as Response;
        expect(response.status).toBe(303);
        return (await db().select().from(orders).where(eq(orders.email, email)))[0]!;
      };
      expect((await buy("ticked@example.com", "on")).showPurchaseAt).toBeInstanceOf(Date);
      for (const [i, value] of [undefined, "", "off", "yes", "<b>on</b>", "x".repeat(3000)].entries()) {
        expect((await buy(`plain-${i}@example.com`, value)).showPurchaseAt).toBeNull();
      }
    });

    describe("moderation on Recensioni", () => {
      const adminArgs = (
        fields: Record<string, string>,
        headers: Record<string, string> = { cookie: "", origin: ORIGIN },
      ) => {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(clientIpContext, "198.51.100.1");
        return {
          request: new Request(`${ORIGIN}/${ADMIN}/recensioni`, {
            method: "POST",
            body: new URLSearchParams(fields),
            headers: {
              "user-agent":
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:140.0) Gecko/20100101 Firefox/140.0",
              ...headers,
            },
          }),
          params: { secret: ADMIN },
          context,
          unstable_pattern: "",
        } as never;
      };
      const act = (fields: Record<string, string>, headers?: Record<string, string>) =>
        answer<{ ok?: boolean; message?: string; error?: string }>(() =>
          adminReviewsRoute.action(adminArgs(fields, headers ?? { cookie, origin: ORIGIN })),
        );
      const publishedReview = async () => {
        const paid = await order();
        await post(tokenOf(paid.id), good);
        return (await db().select().from(reviews).where(eq(reviews.orderId, paid.id)))[0]!;
      };

      it("hides a review only for a stated reason, records who, when and why, shows it again, and the public page counts it", async () => {
        const review = await publishedReview();
        const id = String(review.id);
        const copy = ADMIN_REVIEWS_COPY;
        expect(await act({ intent: "review-hide", reviewId: id })).toMatchObject({
          status: 400,
          body: { ok: false, message: copy.noReason },
        });
        expect(await act({ intent: "review-hide", reviewId: id, reason: "negative" })).toMatchObject({
          status: 400,
          body: { message: copy.badReason },
        });
        expect(await act({ intent: "review-hide", reviewId: "999999", reason: "abuse" })).toMatchObject({
          status: 404,
          body: { message: copy.notFound },
        });
        expect(
          await act({ intent: "review-hide", reviewId: "1; drop table", reason: "abuse" }),
        ).toMatchObject({
          status: 404,
        });
        expect(
          await act({ intent: "review-hide", reviewId: id, reason: "abuse" }, { origin: ORIGIN }),
        ).toMatchObject({
          status: 401,
          body: { error: ADMIN_COPY.signIn.expired },
        });
        expect(
          await act(
            { intent: "review-hide", reviewId: id, reason: "abuse" },
            { cookie, origin: "https://evil.test" },
          ),
        ).toMatchObject({ status: 403 });
        expect((await db().select().from(reviews))[0]?.hiddenAt).toBeNull();
        expect(await db().select().from(reviewModerations)).toHaveLength(0);

        expect(await act({ intent: "review-hide", reviewId: id, reason: "personal-data" })).toMatchObject({
          status: 200,
          body: { ok: true, message: copy.hidden },
        });
        expect(await act({ intent: "review-hide", reviewId: id, reason: "abuse" })).toMatchObject({
          status: 409,
          body: { message: copy.alreadyHidden },
        });
        const [log] = await db().select().from(reviewModerations);
        expect(log).toMatchObject({ action: "hide", reason: "personal-data", by: "Firefox · macOS" });
        const counts = await answer<{
          published: number;
          hidden: number;
          hiddenByReason: Record<string, number>;
        }>(() =>
          verificationRoute.loader({ context: (adminArgs({}) as { context: unknown }).context } as never),
        );
        expect(counts.body).toMatchObject({
          published: 0,
          hidden: 1,
          hiddenByReason: { "personal-data": 1 },
        });

        expect(await act({ intent: "review-show", reviewId: id })).toMatchObject({ body: { ok: true } });
        expect((await db().select().from(reviewModerations)).map((m) => m.action).sort()).toEqual([
          "hide",
          "show",
        ]);
        const page = await answer<{ reviews: { hiddenReason: string | null; history: unknown[] }[] }>(() =>
          adminReviewsRoute.loader({
            ...(adminArgs({}) as object),
            request: new Request(`${ORIGIN}/${ADMIN}/recensioni`, { headers: { cookie } }),
          } as never),
        );
        expect(page.body.reviews[0]).toMatchObject({ hiddenReason: null });
        expect(page.body.reviews[0]?.history).toHaveLength(2);
      });

      it("saves declared figures only with their source, and the testimonials' confirmation", async () => {
        const copy = ADMIN_REVIEWS_COPY;
        expect(
          await act({ intent: "proof-declared", rating: "4.9/5", reviewCount: "500+ reviews" }),
        ).toMatchObject({
          status: 400,
          body: { message: copy.declaredIncomplete },
        });
        expect(
          await act({ intent: "proof-declared", trustedBy: "2,000+", trustedBySource: "x".repeat(41) }),
        ).toMatchObject({
          status: 400,
        });
        expect((await storefrontProof(db())).reviewSummary).toBeNull();
        expect(
          await act({
            intent: "proof-declared",
            rating: "4.9/5",
            reviewCount: "500+ reviews",
            reviewSource: "Etsy",
            trustedBy: "2,000+",
            trustedBySource: "Etsy",
          }),
        ).toMatchObject({ status: 200, body: { ok: true } });
        expect(await act({ intent: "proof-testimonials", confirmed: "on" })).toMatchObject({
          body: { ok: true },
        });
        const proof = await storefrontProof(db());
        expect(proof.reviewSummary).toEqual({
          kind: "declared",
          rating: "4.9/5",
          reviews: "500+ reviews",
          source: "Etsy",
        });
        expect(proof.trustedBy).toEqual({ figure: "2,000+", source: "Etsy" });
        expect(proof.contentTestimonialsConfirmed).toBe(true);
        expect(await act({ intent: "proof-testimonials" })).toMatchObject({ body: { ok: true } });
        expect((await storefrontProof(db())).contentTestimonialsConfirmed).toBe(false);
      });
    });

    describe("storefrontProof", () => {
      const now = new Date("2026-11-20T12:00:00Z");
      const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);

      it("shows nothing on a store with no orders and nothing declared", async () => {
        expect(await storefrontProof(db(), now)).toEqual({
          recentSales: [],
          newReviews: [],
          testimonials: [],
          contentTestimonialsConfirmed: false,
          reviewSummary: null,
          trustedBy: null,
          allReviews: { count: 0, path: "/reviews" },
          verificationPath: "/how-reviews-are-verified",
        });
      });

      it("lists the last 7 days' paid, unrefunded sales whose buyer allowed it, and counts the buyers", async () => {
        const consented = {
          showPurchaseAt: ago(1),
          buyerShortName: "Daniel W.",
          city: "London",
          country: "GB",
        };
        await order({ ...consented, paidAt: ago(1) });
        await order({ country: "IT", paidAt: ago(2) }); // no consent: left out
        await order({ country: null, paidAt: ago(3) });
        await order({ ...consented, buyerShortName: "Old O.", paidAt: ago(8) }); // too old
        await order({ ...consented, buyerShortName: "Future F.", paidAt: new Date(now.getTime() + 60_000) });
        await order({
          ...consented,
          buyerShortName: "Refunded R.",
          status: "refunded",
          refundedCents: 4700,
          paidAt: ago(1),
        });
        await order({ ...consented, buyerShortName: "Partly P.", refundedCents: 1000, paidAt: ago(1) });
        await order({ ...consented, buyerShortName: "Disputed D.", status: "disputed", paidAt: ago(1) });
        await order({
          ...consented,
          buyerShortName: "Inquiry I.",
          disputeStatus: "warning_needs_response",
          paidAt: ago(1),
        });
        await order({ ...consented, buyerShortName: "Erased E.", erasedAt: ago(0), paidAt: ago(1) });
        await order({ status: "pending", paidAt: null, country: "FR" });
        const proof = await storefrontProof(db(), now);
        expect(proof.recentSales).toEqual([{ customer: "Daniel W.", location: "London", paidAt: ago(1) }]);
        // Paid, never refunded, not disputed, not erased: Daniel, the Italian, the one with no
        // country, the old one and the one paid "later" than the clock.
        expect(proof.trustedBy).toEqual({ figure: "5", source: null });
        // A week later, no sale is recent.
        expect((await storefrontProof(db(), new Date(now.getTime() + 8 * DAY_MS))).recentSales).toEqual([]);
      });

      it("shows the verified average from the fifth published review, and the newest reviews first in the cards and the grid, whatever their rating", async () => {
        await setDeclaredProof(db(), {
          reviews: { rating: "4.9/5", count: "500+ reviews", source: "Etsy" },
          trustedBy: null,
        });
        await setContentTestimonialsConfirmed(db(), true);
        const ratings = [5, 3, 4, 5, 2];
        for (const [i, rating] of ratings.entries()) {
          const paid = await order({ paidAt: new Date(Date.UTC(2026, 9 + (i % 2), 5)) });
          await db()
            .insert(reviews)
            .values({
              orderId: paid.id,
              rating,
              comment: `Review ${i}`,
              displayName: `Buyer ${i}`,
              purchasedAt: paid.paidAt!,
              createdAt: ago(10 - i),
            });
          if (i === 3) {
            // Four published reviews: the declared figures still stand.
            expect((await storefrontProof(db(), now)).reviewSummary).toMatchObject({
              kind: "declared",
              source: "Etsy",
            });
          }
        }
        const proof = await storefrontProof(db(), now);
        expect(proof.reviewSummary).toEqual({ kind: "verified", average: "3.8", count: 5, hidden: 0 });
        expect(proof.newReviews.map((r) => r.customer)).toEqual([
          "Buyer 4",
          "Buyer 3",
          "Buyer 2",
          "Buyer 1",
          "Buyer 0",
        ]);
        expect(proof.testimonials.map((t) => [t.name, t.rating, t.purchasedMonth])).toEqual([
          ["Buyer 4", 2, "October 2026"],
          ["Buyer 3", 5, "November 2026"],
          ["Buyer 2", 4, "October 2026"],
          ["Buyer 1", 3, "November 2026"],
          ["Buyer 0", 5, "October 2026"],
        ]);
        expect(proof.allReviews).toEqual({ count: 5, path: "/reviews" });
        // One hidden: four published again, so the declared figures come back; the hidden count is public.
        const [first] = await db().select().from(reviews).where(eq(reviews.displayName, "Buyer 4"));
        await db()
          .update(reviews)
          .set({ hiddenAt: now, hiddenReason: "abuse" })
          .where(eq(reviews.id, first!.id));
        const after = await storefrontProof(db(), now);
        expect(after.reviewSummary).toMatchObject({ kind: "declared" });
        expect(after.newReviews.map((r) => r.customer)).not.toContain("Buyer 4");
        expect(after.contentTestimonialsConfirmed).toBe(true);
      });
    });

    it("gives each order's review link its own token, which unsubscribe links never are", async () => {
      const a = await order();
      const b = await order({ email: "other@example.com" });
      expect(tokenOf(a.id)).not.toBe(tokenOf(b.id));
      const unsubscribe = unsubscribeUrl(services.links, services.settings.tokenSecrets, a.email)
        .split("/")
        .at(-1)!;
      expect(await open(unsubscribe)).toMatchObject({ status: 404, body: { state: "invalid" } });
    });
  });
}
