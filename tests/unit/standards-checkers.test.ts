/**
 * The checkers tests/e2e/standards.spec.ts relies on, checked themselves: each accepts what is right
 * and rejects what is wrong, so a green standards run means something.
 */
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { checkPage, type PageData } from "../e2e/structured-data.ts";

const site = "https://shop.example";
const meta = {
  "og:site_name": "Coaching Toolkit",
  "og:locale": "en_US",
  "og:title": "A title",
  "og:description": "A description",
  "og:image": `${site}/og/home.png`,
  "twitter:title": "A title",
  "twitter:description": "A description",
};
const product = () => ({
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Toolkit",
  image: `${site}/toolkit.png`,
  description: "Templates",
  offers: {
    "@type": "Offer",
    price: "47.00",
    priceCurrency: "USD",
    availability: "https://schema.org/InStock",
    url: `${site}/checkout`,
  },
});
const faq = () => ({
  "@context": "https://schema.org",
  "@type": "FAQPage",
  mainEntity: [
    { "@type": "Question", name: "Why?", acceptedAnswer: { "@type": "Answer", text: "Because." } },
  ],
});
const posting = () => ({
  "@context": "https://schema.org",
  "@type": "BlogPosting",
  headline: "An article",
  image: [`${site}/og/an-article.png`],
  datePublished: "2025-01-05",
  dateModified: "2025-01-06T09:00:00Z",
  author: { "@type": "Organization", name: "Coaching Toolkit" },
  publisher: {
    "@type": "Organization",
    name: "Coaching Toolkit",
    logo: { "@type": "ImageObject", url: `${site}/logo.png` },
  },
});
const breadcrumbs = () => ({
  "@context": "https://schema.org",
  "@type": "BreadcrumbList",
  itemListElement: [
    { "@type": "ListItem", position: 1, name: "Home", item: `${site}/` },
    { "@type": "ListItem", position: 2, name: "Blog", item: `${site}/blog` },
  ],
});
const page = (jsonLd: unknown[], metaTags: Record<string, string> = meta): PageData => ({
  jsonLd,
  meta: metaTags,
});

describe("the structured-data checker", () => {
  it("accepts complete pages of each kind", () => {
    expect(checkPage("landing", page([product(), faq()]))).toEqual([]);
    expect(checkPage("article", page([posting(), breadcrumbs(), faq()]))).toEqual([]);
    expect(
      checkPage("blog-index", page([{ "@context": "https://schema.org", "@type": "Blog", name: "Blog" }])),
    ).toEqual([]);
    // Nodes inside an @graph count like top-level ones.
    expect(
      checkPage("landing", page([{ "@context": "https://schema.org", "@graph": [product(), faq()] }])),
    ).toEqual([]);
  });

  it("rejects a Product without image, and an Offer without currency, availability or url", () => {
    const { image: _, ...noImage } = product();
    expect(checkPage("landing", page([noImage, faq()]))).toEqual(["Product: image is missing"]);
    const offer = { ...product(), offers: { "@type": "Offer", price: "forty-seven" } };
    expect(checkPage("landing", page([offer, faq()]))).toEqual([
      "Product: offers.price is missing or not a number",
      "Product: offers.priceCurrency is missing or not an ISO 4217 code",
      "Product: offers.availability is missing or not a schema.org ItemAvailability URL",
      "Product: offers.url is missing or not an absolute URL",
    ]);
  });

  it("rejects an FAQ whose question has no answer text, and a page missing a required type", () => {
    const noAnswer = { ...faq(), mainEntity: [{ "@type": "Question", name: "Why?", acceptedAnswer: {} }] };
    expect(checkPage("landing", page([product(), noAnswer]))).toEqual([
      "FAQPage: mainEntity[0].acceptedAnswer.text is missing",
    ]);
    expect(checkPage("landing", page([product()]))).toEqual(["JSON-LD: no FAQPage"]);
    expect(checkPage("blog-index", page([]))).toEqual(["JSON-LD: no Blog / CollectionPage / ItemList"]);
  });

  it("rejects a BlogPosting without image, dateModified, author or publisher logo, or with a local date", () => {
    const { image: _i, dateModified: _d, author: _a, ...bare } = posting();
    const incomplete = {
      ...bare,
      datePublished: "05/01/2025",
      publisher: { "@type": "Organization", name: "X" },
    };
    expect(checkPage("article", page([incomplete, breadcrumbs()]))).toEqual([
      "BlogPosting: image is missing",
      "BlogPosting: datePublished is missing or not ISO 8601",
      "BlogPosting: dateModified is missing or not ISO 8601",
      "BlogPosting: author (a Person or Organization with a name) is missing",
      "BlogPosting: publisher.logo is missing",
    ]);
  });

  it("rejects breadcrumbs out of order or without a name or address", () => {
    const list = {
      ...breadcrumbs(),
      itemListElement: [
        { "@type": "ListItem", position: 2, name: "Home", item: `${site}/` },
        { "@type": "ListItem", position: 2, item: "/blog" },
      ],
    };
    expect(checkPage("article", page([posting(), list]))).toEqual([
      "BreadcrumbList: itemListElement[0].position is not 1",
      "BreadcrumbList: itemListElement[1].name is missing",
      "BreadcrumbList: itemListElement[1].item is missing or not a URL",
    ]);
  });

  it("rejects missing or malformed preview tags and unparsable JSON-LD", () => {
    const { "og:site_name": _, ...noSiteName } = meta;
    expect(checkPage("landing", page([product(), faq()], { ...noSiteName, "og:locale": "en-us" }))).toEqual([
      "meta: og:site_name is missing",
      "meta: og:locale is not in the language_TERRITORY form (en_US)",
    ]);
    expect(checkPage("landing", page([product(), faq(), "unparsable JSON-LD: {"]))).toEqual([
      "JSON-LD: unparsable JSON-LD: {",
    ]);
  });
});

describe("the sitemaps.org schema in tests/fixtures", () => {
  const validate = async (urls: string) =>
    validateXML({
      xml: [
        {
          fileName: "sitemap.xml",
          contents: `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
        },
      ],
      schema: [{ fileName: "sitemap.xsd", contents: await readFile("tests/fixtures/sitemap.xsd", "utf8") }],
    });

  it("accepts addresses with and without a date or a time", async () => {
    const result = await validate(
      `<url><loc>${site}/</loc><lastmod>2025-01-24</lastmod></url>` +
        `<url><loc>${site}/blog</loc><lastmod>2025-01-24T09:00:00+00:00</lastmod></url>` +
        `<url><loc>${site}/checkout</loc></url>`,
    );
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("rejects a url without loc, a malformed lastmod and an unknown element", async () => {
    for (const url of [
      "<url><lastmod>2025-01-24</lastmod></url>",
      `<url><loc>${site}/</loc><lastmod>24/01/2025</lastmod></url>`,
      `<url><loc>${site}/</loc><updated>2025-01-24</updated></url>`,
    ]) {
      expect((await validate(url)).valid, url).toBe(false);
    }
  });
});
