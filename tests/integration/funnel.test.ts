import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createOrder } from "#app/lib/checkout/create-order.server.ts";
import { attributionFromForm, attributionOf } from "#app/lib/funnel/attribution.server.ts";
import { funnelReport } from "#app/lib/funnel/funnel-report.server.ts";
import { OTHER, startVisitCounter } from "#app/lib/funnel/visit-counter.server.ts";
import { fulfilOrder } from "#app/lib/orders/fulfil-order.server.ts";
import { funnelDaily, orders } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { seedProduct } from "../setup/seed-product.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
const DESKTOP =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36";
const STORE = "https://shop.test";
const ARTICLE = "lead-magnets-for-coaches";

describe("attribution", () => {
  it("takes the outside referrer's host, utm_* first, the article and the device class, nothing else", () => {
    expect(
      attributionOf({
        url: `${STORE}/`,
        referer: "https://www.google.com/search?q=x",
        userAgent: PHONE,
        publicUrl: STORE,
      }),
    ).toEqual({ source: "google.com", campaign: "", device: "phone", article: "" });
    expect(
      attributionOf({
        url: `${STORE}/blog/${ARTICLE}?utm_source=Newsletter&utm_campaign=Black Friday`,
        referer: "https://instagram.com/",
        userAgent: DESKTOP,
        publicUrl: STORE,
      }),
    ).toEqual({ source: "newsletter", campaign: "black-friday", device: "desktop", article: ARTICLE });
    // One page back on the store: the checkout learns the article and the campaign link.
    expect(
      attributionOf({
        url: `${STORE}/checkout`,
        referer: `${STORE}/blog/${ARTICLE}?utm_source=ig&utm_campaign=autumn`,
        userAgent: DESKTOP,
        publicUrl: STORE,
      }),
    ).toEqual({ source: "ig", campaign: "autumn", device: "desktop", article: ARTICLE });
  });

  it("turns markup, long text, emoji, unknown articles and odd hosts into nothing", () => {
    const odd = attributionOf({
      url: `${STORE}/blog/not-an-article?utm_source=<script>&utm_campaign=${"x".repeat(500)}`,
      referer: "http://[::1]:80/",
      userAgent: DESKTOP,
      publicUrl: STORE,
    });
    expect(odd).toEqual({ source: "", campaign: "", device: "desktop", article: "" });
    expect(attributionFromForm({ source: "🎉", campaign: ["a"], article: "../etc/passwd" }, PHONE)).toEqual({
      source: "",
      campaign: "",
      device: "phone",
      article: "",
    });
  });
});

for (const backend of testBackends()) {
  describe(`funnel counts on ${backend.name}`, () => {
    let services: TestServices;
    beforeEach(async () => {
      services = await testServices(backend);
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());
    const db = () => services.database.db;
    const total = async (step: string) =>
      Number(
        (
          await db()
            .select({ n: sql<number>`coalesce(sum(${funnelDaily.count}), 0)` })
            .from(funnelDaily)
            .where(eq(funnelDaily.step, step))
        )[0]?.n,
      );

    it("adds counts from two counters (two instances) into the same rows", async () => {
      const a = startVisitCounter(db());
      const b = startVisitCounter(db());
      const visit = { source: "google.com", campaign: "", device: "phone", article: "" };
      for (let i = 0; i < 3; i++) a.count("visit_landing", visit);
      for (let i = 0; i < 4; i++) b.count("visit_landing", visit);
      await Promise.all([a.stop(), b.stop()]);
      const rows = await db().select().from(funnelDaily);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ step: "visit_landing", source: "google.com", count: 7 });
    });

    it("keeps a burst of 50,000 visits with random sources bounded: every visit counted, few rows", async () => {
      const counter = startVisitCounter(db(), { flushEveryMs: 60_000, maxKeys: 500, maxValues: 100 });
      let peak = 0;
      for (let i = 0; i < 50_000; i++) {
        counter.count("visit_landing", {
          source: `spam${i}.example`,
          campaign: `c${i}`,
          device: i % 2 ? "phone" : "desktop",
          article: "",
        });
        peak = Math.max(peak, counter.pendingKeys());
      }
      expect(peak).toBeLessThanOrEqual(500 + 2);
      await counter.stop();
      expect(await total("visit_landing")).toBe(50_000);
      const rows = await db().select().from(funnelDaily);
      expect(rows.length).toBeLessThanOrEqual(102);
      expect(rows.some((row) => row.source === OTHER)).toBe(true);
    });

    it("keeps counts whose flush failed for the next flush", async () => {
      const counter = startVisitCounter(db(), { flushEveryMs: 60_000 });
      counter.count("visit_blog", { source: "", campaign: "", device: "desktop", article: ARTICLE });
      const insert = vi.spyOn(db(), "execute").mockImplementationOnce(() => {
        throw new Error("database down");
      });
      await counter.flush();
      insert.mockRestore();
      expect(counter.pendingKeys()).toBe(1);
      await counter.stop();
      expect(await total("visit_blog")).toBe(1);
    });

    it("records where a buyer came from on the order and counts the payment started and completed", async () => {
      await seedProduct(services);
      const cameFrom = { source: "newsletter", campaign: "autumn", device: "phone", article: ARTICLE };
      const { orderId } = await createOrder(services, { email: "b@x.co", consent: true, cameFrom });
      expect(await total("payment_started")).toBe(1);
      const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({
        source: "newsletter",
        campaign: "autumn",
        device: "phone",
        article: ARTICLE,
      });
      await fulfilOrder(db(), services.links, { orderId });
      await fulfilOrder(db(), services.links, { orderId });
      expect(await total("payment_completed")).toBe(1);
      const report = await funnelReport(db(), 7);
      expect(report.steps).toMatchObject({ payment_started: 1, payment_completed: 1 });
      expect(report.sources).toEqual([{ label: "newsletter", visits: 0, sales: 1 }]);
      expect(report.articles).toEqual([{ label: ARTICLE, visits: 0, sales: 1 }]);
      expect(report.revenue.at(-1)).toMatchObject({ cents: 4700, orders: 1 });
      expect(report.revenue).toHaveLength(7);
    });
  });
}
