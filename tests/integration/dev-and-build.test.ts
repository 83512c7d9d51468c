import { request } from "node:http";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testBackends } from "../setup/databases.ts";
import { startSeededServer } from "../setup/seeded-server.ts";

const SUCCESS_PATH = "dev-build-success-path-0123";

/** A raw request, so the path reaches the server exactly as written (fetch turns a backslash into a slash). */
function raw(port: number, path: string, method = "GET") {
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on("error", reject);
    req.end();
  });
}

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

      const ordered = await form(`${base}/checkout`, {
        intent: "buy",
        email: "Dev.Buyer@Example.com",
        consent: "on",
      });
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
      // A whole-document post (no JavaScript) is answered with the file's address.
      const answer = await form(`${base}/${SUCCESS_PATH}`, { intent: "download", session_id: sessionId });
      expect(answer.status).toBe(303);
      const link = answer.headers.get("location")?.match(/^\/download\/[\w-]+\.[\w-]+$/)?.[0];
      expect(link).toBeDefined();

      const file = await fetch(`${base}${link}`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-disposition")).toContain("attachment");
      // The buyer's personal copy (ADR 019): the product's entries as stored, then their licence.
      const bytes = Buffer.from(await file.arrayBuffer());
      expect(
        bytes
          .subarray(0, seeded.copy.directory.offset)
          .equals(seeded.bytes.subarray(0, seeded.copy.directory.offset)),
      ).toBe(true);
      expect(bytes.toString("latin1")).toMatch(/LICENSE - LCT-[0-9A-F]{10}\.pdf/);
    });

    it("sells at the discount in a real browser, with the checkout's page script running", async () => {
      const browser = await chromium.launch({
        executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
        args: ["--disable-background-networking", "--disable-component-update", "--no-first-run"],
      });
      /** One purchase at the discount, from the checkout to the success page; returns the page's errors. */
      const buy = async (email: string) => {
        const page = await browser.newPage();
        // Under `npm run dev` Vite compiles each module the first time the browser asks for it,
        // which on a loaded two-core machine takes far longer than a built page.
        page.setDefaultTimeout(90_000);
        const failures: string[] = [];
        page.on("pageerror", (error) => failures.push(error.message));
        // The store's own address (PUBLIC_URL), where its redirects lead.
        await page.goto(`http://localhost:${seeded.server.port}/checkout`);
        // The dialog opens only when the page script runs; it closes once the offer is in, and until
        // then the page behind it takes no typing.
        await page.getByRole("button", { name: "Unlock 25% Discount Now" }).click();
        await page.getByRole("dialog").waitFor({ state: "hidden" });
        await page.getByLabel("Email address").fill(email);
        await page.getByRole("checkbox", { name: /I want immediate access to the download/ }).check();
        await page.getByRole("button", { name: "Complete Purchase - $35.25" }).click();
        await page.getByRole("button", { name: "Pay $35.25" }).click();
        await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
        await page.close();
        return failures;
      };
      try {
        // On its first pages `npm run dev` bundles the dependencies it meets and reloads the page
        // when it finds new ones (Vite's behaviour on a cold start, not the store's): a first
        // purchase warms it, whatever becomes of it, and the second is the one checked.
        if (mode === "dev") await buy("warm.up@example.com").catch(() => undefined);
        expect(await buy("browser.buyer@example.com")).toEqual([]);
      } finally {
        await browser.close();
      }
    }, 420_000);

    it("answers the same machine-readable routes and the 404 page", async () => {
      const base = seeded.server.url;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect(await (await fetch(`${base}/blog/rss.xml`)).text()).toContain("<rss");
      expect((await fetch(`${base}/download/not-a-token`)).status).toBe(403);
      expect((await fetch(`${base}/webhooks/stripe`)).status).toBe(405);
      const missing = await fetch(`${base}/no-such-page/at-all`);
      expect(missing.status).toBe(404);
      const notFound = await missing.text();
      expect(notFound).toContain("Page not found");
      // The root error boundary's pages carry a title: the 404, an unknown article, other errors.
      expect(notFound).toContain("<title>Page not found</title>");
      const article = await fetch(`${base}/blog/no-such-article`);
      expect(article.status).toBe(404);
      expect(await article.text()).toContain("<title>Page not found</title>");
      const refused = await fetch(`${base}/blog`, { method: "POST", body: new URLSearchParams({ a: "b" }) });
      expect(refused.status).toBe(405);
      expect(await refused.text()).toContain("<title>Unexpected Application Error!</title>");
    });

    it("answers one address per page: a trailing slash redirects permanently, never to another host", async () => {
      const { port } = seeded.server;
      for (const [path, location] of [
        ["/blog/", "/blog"],
        ["/blog//", "/blog"],
        ["/blog/canva-pro-worth-it/?utm_source=feed&a=1", "/blog/canva-pro-worth-it?utm_source=feed&a=1"],
      ]) {
        expect(await raw(port, path!), path).toEqual({ status: 301, location });
        expect(await raw(port, path!, "HEAD"), path).toEqual({ status: 301, location });
      }
      // Other methods keep theirs (308), and the body.
      expect(await raw(port, "/blog/?x=1", "POST")).toEqual({ status: 308, location: "/blog?x=1" });
      expect((await raw(port, "/")).status).toBe(200);
      for (const path of ["//evil.example/", "///evil.example/", "/\\evil.example/", "//evil.example/x/"]) {
        const answer = await raw(port, path);
        expect(answer.location, path).toBeUndefined();
        expect(answer.status, path).toBe(404);
      }
    });
  });
}
