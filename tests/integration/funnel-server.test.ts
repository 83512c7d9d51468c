import { afterAll, describe, expect, it } from "vitest";
import { funnelReport } from "#app/lib/funnel/funnel-report.server.ts";
import { testBackends } from "../setup/databases.ts";
import { startSeededServer } from "../setup/seeded-server.ts";

const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
const DESKTOP =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const ARTICLE = "lead-magnets-for-coaches";

/** A scripted set of visits and a purchase against the built store: the admin's figures are exactly these. */
for (const backend of testBackends()) {
  describe(`funnel over HTTP on ${backend.name}`, () => {
    afterAll(() => backend.cleanup());

    it("counts the scripted visits, payments and first download exactly, and no bot", async () => {
      const seeded = await startSeededServer(backend);
      const { server } = seeded;
      const get = (path: string, headers: Record<string, string> = {}) =>
        fetch(`${server.url}${path}`, { headers }).then((r) => r.text());
      try {
        for (let i = 0; i < 3; i++)
          await get("/", { "user-agent": PHONE, referer: "https://www.google.com/" });
        await get("/", { "user-agent": DESKTOP });
        for (let i = 0; i < 2; i++)
          await get(`/blog/${ARTICLE}?utm_source=newsletter`, { "user-agent": DESKTOP });
        // Not counted: crawlers, clients without a user agent, prefetches, HEAD, unknown articles.
        for (let i = 0; i < 5; i++) await get("/", { "user-agent": GOOGLEBOT });
        await fetch(`${server.url}/`, { headers: { "user-agent": "" } });
        await get("/", { "user-agent": DESKTOP, "sec-purpose": "prefetch" });
        await fetch(`${server.url}/`, { method: "HEAD", headers: { "user-agent": DESKTOP } });
        await get("/blog/not-an-article", { "user-agent": DESKTOP });
        const checkout = await get("/checkout", {
          "user-agent": DESKTOP,
          referer: `${server.url}/blog/${ARTICLE}?utm_source=newsletter`,
        });
        expect(checkout).toContain('name="source" value="newsletter"');
        expect(checkout).toContain(`name="article" value="${ARTICLE}"`);
        const post = await fetch(`${server.url}/checkout`, {
          method: "POST",
          headers: { "user-agent": DESKTOP, origin: server.url },
          body: new URLSearchParams({
            intent: "buy",
            email: "reader@example.com",
            consent: "on",
            source: "newsletter",
            campaign: "",
            article: ARTICLE,
          }),
          redirect: "manual",
        });
        expect(post.status).toBe(303);
        // The seeded buyer downloads twice: one first download.
        for (let i = 0; i < 2; i++)
          await (await fetch(`${server.url}/download/${seeded.token()}`)).arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 300));
      } finally {
        expect(await server.stop()).toBe(0);
      }
      const services = await seeded.open();
      try {
        const report = await funnelReport(services.database.db, 7);
        expect(report.steps).toEqual({
          visit_landing: 4,
          visit_blog: 2,
          visit_checkout: 1,
          payment_started: 1,
          // The seeded order, paid before the server started.
          payment_completed: 1,
          download: 1,
        });
        expect(report.sources).toEqual([
          { label: "google.com", visits: 3, sales: 0 },
          { label: "newsletter", visits: 2, sales: 0 },
        ]);
        expect(report.articles).toEqual([{ label: ARTICLE, visits: 2, sales: 0 }]);
      } finally {
        await services.close();
      }
    }, 120_000);
  });
}
