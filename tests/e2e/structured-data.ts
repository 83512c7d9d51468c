/**
 * A checker for what a page tells search engines and link previews: its JSON-LD (the properties
 * Google's structured-data documentation marks required or recommended for the types the store
 * uses) and its Open Graph / Twitter meta tags. It reads already-parsed data, so it runs anywhere;
 * `extractPageData` (run in a browser page) gets that data from a document's HTML.
 *
 * Each check returns the problems it found as sentences naming the type and property, [] if none.
 */

/** What a page carries: its JSON-LD blocks (parsed) and its meta tags by property or name. */
export type PageData = { jsonLd: unknown[]; meta: Record<string, string> };

/** What a page is, for search engines: which types its JSON-LD must include. */
export type PageKind = "landing" | "blog-index" | "article";

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : null);

/** A URL in any form schema.org allows for an image or logo: a string, an ImageObject, or a list. */
function imageUrl(value: unknown): string | null {
  if (Array.isArray(value)) return value.length > 0 && value.every((v) => imageUrl(v) !== null) ? "ok" : null;
  if (isNode(value)) return text(value.url) ?? text(value.contentUrl);
  return text(value);
}

const isUrl = (value: unknown) => {
  if (typeof value !== "string") return false;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** An ISO 8601 date or date-time, as Google reads datePublished and dateModified. */
const isIsoDate = (value: unknown) =>
  typeof value === "string" &&
  /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(value) &&
  !Number.isNaN(Date.parse(value));

const typesOf = (node: Node): string[] => {
  const type = node["@type"];
  return Array.isArray(type)
    ? type.filter((t) => typeof t === "string")
    : typeof type === "string"
      ? [type]
      : [];
};

/** Every typed node of the page's JSON-LD, top-level ones and those inside an @graph or a list. */
export function nodesOf(jsonLd: unknown[]): Node[] {
  const nodes: Node[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isNode(value)) {
      if (Array.isArray(value["@graph"])) value["@graph"].forEach(visit);
      if (value["@type"] !== undefined) nodes.push(value);
    }
  };
  jsonLd.forEach(visit);
  return nodes;
}

export function checkProduct(product: Node): string[] {
  const problems: string[] = [];
  if (!text(product.name)) problems.push("Product: name is missing");
  if (!imageUrl(product.image)) problems.push("Product: image is missing");
  if (!text(product.description)) problems.push("Product: description is missing");
  const offers = Array.isArray(product.offers) ? product.offers : [product.offers];
  if (!offers.every(isNode) || offers.length === 0) {
    problems.push("Product: offers (an Offer) is missing");
    return problems;
  }
  for (const offer of offers as Node[]) {
    const price = offer.price;
    if (
      !(
        (typeof price === "number" && price >= 0) ||
        (typeof price === "string" && /^\d+(\.\d+)?$/.test(price))
      )
    )
      problems.push("Product: offers.price is missing or not a number");
    if (typeof offer.priceCurrency !== "string" || !/^[A-Z]{3}$/.test(offer.priceCurrency))
      problems.push("Product: offers.priceCurrency is missing or not an ISO 4217 code");
    if (typeof offer.availability !== "string" || !/^https?:\/\/schema\.org\/\w+$/.test(offer.availability))
      problems.push("Product: offers.availability is missing or not a schema.org ItemAvailability URL");
    if (!isUrl(offer.url)) problems.push("Product: offers.url is missing or not an absolute URL");
  }
  return problems;
}

export function checkFaqPage(faq: Node): string[] {
  const questions = Array.isArray(faq.mainEntity) ? faq.mainEntity : [faq.mainEntity];
  if (!questions.every(isNode) || questions.length === 0) return ["FAQPage: mainEntity has no Question"];
  const problems: string[] = [];
  (questions as Node[]).forEach((question, i) => {
    if (!typesOf(question).includes("Question")) problems.push(`FAQPage: mainEntity[${i}] is not a Question`);
    if (!text(question.name)) problems.push(`FAQPage: mainEntity[${i}].name is missing`);
    const answer = question.acceptedAnswer;
    if (!isNode(answer) || !text(answer.text))
      problems.push(`FAQPage: mainEntity[${i}].acceptedAnswer.text is missing`);
  });
  return problems;
}

export function checkBlogPosting(post: Node): string[] {
  const problems: string[] = [];
  if (!text(post.headline)) problems.push("BlogPosting: headline is missing");
  else if ((post.headline as string).length > 110)
    problems.push("BlogPosting: headline is over 110 characters");
  if (!imageUrl(post.image)) problems.push("BlogPosting: image is missing");
  if (!isIsoDate(post.datePublished)) problems.push("BlogPosting: datePublished is missing or not ISO 8601");
  if (!isIsoDate(post.dateModified)) problems.push("BlogPosting: dateModified is missing or not ISO 8601");
  const authors = Array.isArray(post.author) ? post.author : [post.author];
  if (authors.length === 0 || !authors.every((a) => isNode(a) && text(a.name)))
    problems.push("BlogPosting: author (a Person or Organization with a name) is missing");
  const publisher = post.publisher;
  if (!isNode(publisher) || !text(publisher.name)) problems.push("BlogPosting: publisher.name is missing");
  if (!isNode(publisher) || !imageUrl(publisher.logo))
    problems.push("BlogPosting: publisher.logo is missing");
  return problems;
}

export function checkBreadcrumbList(list: Node): string[] {
  const items = list.itemListElement;
  if (!Array.isArray(items) || items.length === 0) return ["BreadcrumbList: itemListElement is empty"];
  const problems: string[] = [];
  items.forEach((item, i) => {
    if (!isNode(item)) {
      problems.push(`BreadcrumbList: itemListElement[${i}] is not a ListItem`);
      return;
    }
    if (item.position !== i + 1)
      problems.push(`BreadcrumbList: itemListElement[${i}].position is not ${i + 1}`);
    if (!text(item.name)) problems.push(`BreadcrumbList: itemListElement[${i}].name is missing`);
    const target = isNode(item.item) ? item.item["@id"] : item.item;
    if (!isUrl(target)) problems.push(`BreadcrumbList: itemListElement[${i}].item is missing or not a URL`);
  });
  return problems;
}

const BLOG_INDEX_TYPES = ["Blog", "CollectionPage", "ItemList"];

/** The types each kind of page must carry, and the checks each type gets wherever it appears. */
const REQUIRED: Record<PageKind, string[][]> = {
  landing: [["Product"], ["FAQPage"]],
  "blog-index": [BLOG_INDEX_TYPES],
  article: [["BlogPosting", "Article"], ["BreadcrumbList"]],
};
const CHECKS: Record<string, (node: Node) => string[]> = {
  Product: checkProduct,
  FAQPage: checkFaqPage,
  BlogPosting: checkBlogPosting,
  Article: checkBlogPosting,
  BreadcrumbList: checkBreadcrumbList,
};

/** The meta tags link previews read, on every page that is shared: landing, blog index, articles. */
export const REQUIRED_META = [
  "og:site_name",
  "og:locale",
  "og:title",
  "og:description",
  "og:image",
  "twitter:title",
  "twitter:description",
] as const;

export function checkMeta(meta: Record<string, string>): string[] {
  const problems = REQUIRED_META.filter((name) => !text(meta[name])).map(
    (name) => `meta: ${name} is missing`,
  );
  if (text(meta["og:image"]) && !isUrl(meta["og:image"]))
    problems.push("meta: og:image is not an absolute URL");
  if (text(meta["og:locale"]) && !/^[a-z]{2}_[A-Z]{2}$/.test(meta["og:locale"]!))
    problems.push("meta: og:locale is not in the language_TERRITORY form (en_US)");
  return problems;
}

/** Everything wrong with a page's structured data and preview tags, [] if nothing. */
export function checkPage(kind: PageKind, data: PageData): string[] {
  const nodes = nodesOf(data.jsonLd);
  const problems = data.jsonLd
    .filter((block) => typeof block === "string")
    .map((block) => `JSON-LD: ${block}`);
  for (const anyOf of REQUIRED[kind]) {
    if (!nodes.some((node) => typesOf(node).some((t) => anyOf.includes(t))))
      problems.push(`JSON-LD: no ${anyOf.join(" / ")}`);
  }
  for (const node of nodes) for (const type of typesOf(node)) problems.push(...(CHECKS[type]?.(node) ?? []));
  return [...problems, ...checkMeta(data.meta)];
}

/**
 * Reads a document's JSON-LD and meta tags. Runs in the browser (`page.evaluate(extractPageData,
 * html)`), where DOMParser parses the HTML exactly as a browser does. A JSON-LD block that does not
 * parse is kept as a string, which no check accepts.
 */
export function extractPageData(html: string): PageData {
  const doc = new DOMParser().parseFromString(html, "text/html");
  const jsonLd = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((script) => {
    try {
      return JSON.parse(script.textContent ?? "") as unknown;
    } catch {
      return `unparsable JSON-LD: ${script.textContent?.slice(0, 80)}`;
    }
  });
  const meta: Record<string, string> = {};
  for (const tag of doc.querySelectorAll("meta[property], meta[name]")) {
    const key = tag.getAttribute("property") ?? tag.getAttribute("name")!;
    meta[key] ??= tag.getAttribute("content") ?? "";
  }
  return { jsonLd, meta };
}
