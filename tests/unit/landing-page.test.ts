import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { landingPage, liveLandingPage, readAtMostEvery } from "../../server/landing-page.ts";
import { encode } from "../../server/page-in-memory.ts";

const offer = (availability: string) =>
  `<script type="application/ld+json">{"@type":"Product","offers":{"@type":"Offer","availability":"https://schema.org/${availability}"}}</script>`;
const html = `<!DOCTYPE html><html><head>${offer("InStock")}</head><body>InStock in the text</body></html>`;

/** A page whose Content Security Policy stands in for the real one: which offer it was computed from. */
const policyFor = (page: string) =>
  encode(page, { "Content-Security-Policy": `policy of ${offerAvailabilityIn(page)}` });
const offerAvailabilityIn = (page: string) => /schema\.org\/(\w+)/.exec(page)?.[1];

describe("the landing page's two variants", () => {
  const page = landingPage(html, policyFor);

  it("keeps the prerendered page for InStock and changes only the offer for OutOfStock", () => {
    expect(page.inStock.identity.body.toString()).toBe(html);
    expect(page.outOfStock.identity.body.toString()).toBe(
      html.replace(offer("InStock"), offer("OutOfStock")),
    );
  });

  it("compresses each variant to the same bytes", () => {
    for (const variant of [page.inStock, page.outOfStock]) {
      expect(brotliDecompressSync(variant.br.body)).toEqual(variant.identity.body);
      expect(gunzipSync(variant.gzip.body)).toEqual(variant.identity.body);
    }
  });

  it("gives every body its own ETag, the same on every start", () => {
    const tags = [page.inStock, page.outOfStock].flatMap((v) => [v.br.etag, v.gzip.etag, v.identity.etag]);
    expect(new Set(tags).size).toBe(6);
    expect(landingPage(html, policyFor).outOfStock.br.etag).toBe(page.outOfStock.br.etag);
  });

  it("carries the policy computed from each variant's own HTML", () => {
    expect(page.inStock.headers["Content-Security-Policy"]).toBe("policy of InStock");
    expect(page.outOfStock.headers["Content-Security-Policy"]).toBe("policy of OutOfStock");
  });

  it.each([
    ["no offer", "<html><head></head></html>", 0],
    ["two offers", `<html><head>${offer("InStock")}${offer("InStock")}</head></html>`, 2],
  ])("refuses a build with %s", (_name, built, count) => {
    expect(() => landingPage(built, policyFor)).toThrow(`it carries ${count}`);
  });
});

describe("readAtMostEvery", () => {
  afterEach(() => vi.useRealTimers());

  it("reads once a second however many ask, then again", async () => {
    vi.useFakeTimers();
    let reads = 0;
    const forSale = readAtMostEvery(1_000, async () => ++reads % 2 === 1);
    expect(await Promise.all([forSale(), forSale(), forSale()])).toEqual([true, true, true]);
    vi.advanceTimersByTime(999);
    expect(await forSale()).toBe(true);
    expect(reads).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await forSale()).toBe(false);
    expect(reads).toBe(2);
  });

  it("does not keep a failed read", async () => {
    vi.useFakeTimers();
    let reads = 0;
    const forSale = readAtMostEvery(1_000, async () => {
      if (++reads === 1) throw new Error("database down");
      return true;
    });
    await expect(forSale()).rejects.toThrow("database down");
    expect(await forSale()).toBe(true);
    expect(reads).toBe(2);
  });
});

describe("a live store's landing page", () => {
  /** Renders the facts into a page that says them, counting the renders. */
  const renderer = () => {
    const rendered: string[] = [];
    const render = async (facts: { price: string }) => {
      rendered.push(facts.price);
      return landingPage(
        `<html><head>${offer("InStock")}</head><body>${facts.price}</body></html>`,
        policyFor,
      );
    };
    return { rendered, render };
  };
  const text = (page: { identity: { body: Buffer } }) => page.identity.body.toString();

  it("renders once per change of the facts, whoever asks, and serves the stock's variant", async () => {
    const { rendered, render } = renderer();
    let facts = { price: "$47.00" };
    const page = liveLandingPage({
      readFacts: async () => facts,
      fallback: { price: "fallback" },
      render,
      onReadError: () => {},
    });
    const pages = await Promise.all([page(true), page(true), page(false)]);
    expect(pages.map(text)).toEqual([
      expect.stringContaining("$47.00"),
      expect.stringContaining("$47.00"),
      expect.stringContaining("OutOfStock"),
    ]);
    expect(rendered).toEqual(["$47.00"]);
    facts = { price: "$35.25" };
    expect(text(await page(true))).toContain("$35.25");
    expect(text(await page(true))).toContain("$35.25");
    expect(rendered).toEqual(["$47.00", "$35.25"]);
  });

  it("keeps the last page while the facts cannot be read, and says so", async () => {
    const { rendered, render } = renderer();
    let fail = false;
    const errors: unknown[] = [];
    const page = liveLandingPage({
      readFacts: async () => {
        if (fail) throw new Error("database away");
        return { price: "$35.25" };
      },
      fallback: { price: "fallback" },
      render,
      onReadError: (error) => errors.push(error),
    });
    expect(text(await page(true))).toContain("$35.25");
    fail = true;
    expect(text(await page(true))).toContain("$35.25");
    expect(errors).toHaveLength(1);
    expect(rendered).toEqual(["$35.25"]);
  });

  it("serves the fallback's page when the facts were never read", async () => {
    const { render } = renderer();
    const page = liveLandingPage({
      readFacts: () => Promise.reject(new Error("database away")),
      fallback: { price: "$47.00 and nothing else" },
      render,
      onReadError: () => {},
    });
    expect(text(await page(true))).toContain("$47.00 and nothing else");
  });

  it("renders again after a failed render instead of keeping the failure", async () => {
    let renders = 0;
    const page = liveLandingPage({
      readFacts: async () => ({ price: "$47.00" }),
      fallback: { price: "fallback" },
      render: async (facts) => {
        if (++renders === 1) throw new Error("render failed");
        return landingPage(
          `<html><head>${offer("InStock")}</head><body>${facts.price}</body></html>`,
          policyFor,
        );
      },
      onReadError: () => {},
    });
    await expect(page(true)).rejects.toThrow("render failed");
    expect(text(await page(true))).toContain("$47.00");
  });
});
