/**
 * "What's inside" a page at a time (ADR 035): a ZIP may list 10,000 files, and every
 * buyer's request once decoded, sorted and rendered all of them (30 requests at once took the
 * store from 613 MB to 1.09 GB). The listing is made once per product and kept as the ZIP's
 * directory is (the store's ProductCache); a request renders one page of it.
 */
import type { ProductCache } from "#app/lib/downloads/product-cache.server.ts";
import { productZipDirectory } from "#app/lib/downloads/zip-directory.server.ts";
import { type ListedEntry, listEntries } from "#app/lib/downloads/zip-entries.server.ts";

/** Files on one page: a real pack fits on one, a hostile one takes pages. */
export const INSIDE_PAGE_SIZE = 200;

/** What "What's inside" reads: the store's files and what it keeps per product. */
type InsideStore = Parameters<typeof productZipDirectory>[0] & {
  memory: { insideListings: ProductCache<ListedEntry[]> };
};

/** Page `page` (from 1; a page past the last is the last) of the product's files, and how many pages there are. */
export async function insidePage(
  store: InsideStore,
  product: { id: string; fileKey: string; size: number },
  page: number,
): Promise<{ files: ListedEntry[]; page: number; pages: number }> {
  const listing = await store.memory.insideListings.get(product.id, () =>
    productZipDirectory(store, product).then((directory) => listEntries(directory.entries)),
  );
  const pages = Math.max(1, Math.ceil(listing.length / INSIDE_PAGE_SIZE));
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return {
    files: listing.slice((shown - 1) * INSIDE_PAGE_SIZE, shown * INSIDE_PAGE_SIZE),
    page: shown,
    pages,
  };
}
