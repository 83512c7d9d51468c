/**
 * The landing page is prerendered at build, and its Product offer says InStock (ADR 006). With no
 * product ZIP uploaded the store sells nothing, so the server then answers the same page with the
 * offer OutOfStock. Both variants are made from the build once at start, compressed once, and
 * served from memory with an ETag of their bytes (server/page-in-memory.ts). Which one a request
 * gets is read from the database at most once a second (a query per request halved the page's
 * throughput), so every instance follows an upload or a deletion within a second. Each variant
 * carries the Content Security Policy computed from its own HTML (ADR 012).
 */
import type { PageInMemory } from "./page-in-memory.ts";

const IN_STOCK = '"availability":"https://schema.org/InStock"';
const OUT_OF_STOCK = '"availability":"https://schema.org/OutOfStock"';

interface LandingPage {
  inStock: PageInMemory;
  outOfStock: PageInMemory;
}

/**
 * Both variants of the prerendered page, each made by `pageOf` from its own HTML (which gives it
 * the policy of that HTML); throws unless the HTML carries exactly one InStock offer.
 */
export function landingPage(html: string, pageOf: (html: string) => PageInMemory): LandingPage {
  const offers = html.split(IN_STOCK).length - 1;
  if (offers !== 1) {
    throw new Error(`The prerendered landing page should carry one ${IN_STOCK}; it carries ${offers}.`);
  }
  const outOfStock = html.replace(IN_STOCK, OUT_OF_STOCK);
  return { inStock: pageOf(html), outOfStock: pageOf(outOfStock) };
}

/**
 * `read`, called at most once per `maxAgeMs` however many ask at once; a failed read is not kept,
 * so the next caller tries again.
 */
export function readAtMostEvery<T>(maxAgeMs: number, read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= maxAgeMs) {
      const value = read();
      last = { at: now, value };
      value.catch(() => {
        if (last?.value === value) last = undefined;
      });
    }
    return last.value;
  };
}

/**
 * A live store's landing page (ADR 038): rendered by React Router for the facts the store has
 * recorded, once per change of them, and kept like the prerendered one. `readFacts` is asked at
 * most once a second (readAtMostEvery), so a promotion that starts or ends, a new sale or review
 * reaches every instance's page within a second; visitors in between get the page in memory.
 * While the facts cannot be read (the database is away) the last page stays; before any, the page
 * of `fallback` (the regular price, nothing else claimed) is served.
 */
export function liveLandingPage<Facts>(options: {
  readFacts: () => Promise<Facts>;
  fallback: Facts;
  render: (facts: Facts) => Promise<LandingPage>;
  onReadError: (error: unknown) => void;
}): (inStock: boolean) => Promise<PageInMemory> {
  let current: { key: string; page: Promise<LandingPage> } | undefined;
  const pageFor = (facts: Facts) => {
    const key = JSON.stringify(facts);
    if (current?.key !== key) {
      const page = options.render(facts);
      current = { key, page };
      // A failed render is not kept: the next request renders again.
      page.catch(() => {
        if (current?.page === page) current = undefined;
      });
    }
    return current.page;
  };
  return async (inStock) => {
    let page: Promise<LandingPage>;
    try {
      page = pageFor(await options.readFacts());
    } catch (error) {
      options.onReadError(error);
      page = current?.page ?? pageFor(options.fallback);
    }
    const variants = await page;
    return inStock ? variants.inStock : variants.outOfStock;
  };
}
