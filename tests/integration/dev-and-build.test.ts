import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../setup/databases.ts";
import { startSeededServer } from "../setup/seeded-server.ts";

const SUCCESS_PATH = "dev-build-success-path-0123";

/**
 * `npm start` (the build) and `npm run dev` (the same app through Vite) serve the same store: a
 * whole purchase in test mode, from the checkout form to the bytes of the download, over HTTP as a
 * browser without JavaScript sends it.
 */
for (const mode of ["build", "dev"] as const) {
  describe(`a purchase through \`npm ${mode === "dev" ? "run dev" : "start"}\``, () => {
    let seeded: Awaited<ReturnType<typeof startSeededServer>>;
    beforeAll(async () => {
      seeded = await startSeededServer(testBackends()[0]!, { SUCCESS_PATH }, undefined, {
        dev: mode === "dev",
      });
    }, 120_000);
    afterAll(() => seeded.server.stop());

    const form = (url: string, fields: Record<string, string>) =>
      fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });

    it("sells, takes the test payment, shows the order and hands out the file", async () => {
      const base = seeded.server.url;
      const checkout = await (await fetch(`${base}/checkout`)).text();
      expect(checkout).toContain('name="email"');

      const ordered = await form(`${base}/checkout`, { intent: "buy", email: "Dev.Buyer@Example.com" });
      expect(ordered.status).toBe(303);
      const payPage = new URL(ordered.headers.get("location")!).pathname;
      expect(payPage).toMatch(/^\/pay\/test\/test_cs_[\w-]+$/);
      expect(await (await fetch(`${base}${payPage}`)).text()).toContain("Test mode");

      const paid = await form(`${base}${payPage}`, { intent: "pay" });
      expect(paid.status).toBe(303);
      const success = paid.headers.get("location")!;
      expect(success).toMatch(new RegExp(`^/${SUCCESS_PATH}\\?session_id=test_cs_`));

      const page = await (await fetch(`${base}${success}`)).text();
      expect(page).toContain("dev.buyer@example.com");
      const sessionId = new URL(success, base).searchParams.get("session_id")!;
      const answer = await (
        await form(`${base}/${SUCCESS_PATH}`, { intent: "download", session_id: sessionId })
      ).text();
      const link = answer.match(/\/download\/[\w-]+\.[\w-]+/)?.[0];
      expect(link).toBeDefined();

      const file = await fetch(`${base}${link}`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-disposition")).toContain("attachment");
      const bytes = Buffer.from(await file.arrayBuffer());
      const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
      expect(sha(bytes)).toBe(sha(seeded.bytes));
    });

    it("answers the same machine-readable routes and the 404 page", async () => {
      const base = seeded.server.url;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect(await (await fetch(`${base}/blog/rss.xml`)).text()).toContain("<rss");
      expect((await fetch(`${base}/download/not-a-token`)).status).toBe(403);
      expect((await fetch(`${base}/webhooks/stripe`)).status).toBe(405);
      const missing = await fetch(`${base}/no-such-page/at-all`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain("Page not found");
    });
  });
}
