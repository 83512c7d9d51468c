import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { landingPage, readAtMostEvery } from "../../server/landing-page.ts";
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
