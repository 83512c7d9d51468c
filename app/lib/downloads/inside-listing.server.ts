/**
 * "What's inside" a page at a time (ADR 035): a ZIP may list 10,000 files, and every
 * buyer's request once decoded, sorted and rendered all of them (30 requests at once took the
 * store from 613 MB to 1.09 GB). The listing is made once per product and kept as the ZIP's
 * directory is; a request renders one page of it.
 */
import { productZipDirectory } from "#app/lib/downloads/zip-directory.server.ts";
import { type ListedEntry, listEntries } from "#app/lib/downloads/zip-entries.server.ts";
import type { FileStore } from "#app/lib/storage/file-store.ts";

/** Files on one page: a real pack fits on one, a hostile one takes pages. */
export const INSIDE_PAGE_SIZE = 200;

/** How many products' listings are kept: the current one and the few before it. */
const CACHED_PRODUCTS = 4;
const listings = new Map<string, Promise<ListedEntry[]>>();

/** The product's whole listing, made once per product (its file never changes). */
function productListing(files: FileStore, product: { id: string; fileKey: string; size: number }) {
  const cached = listings.get(product.id);
  if (cached) return cached;
  const listing = productZipDirectory(files, product).then((directory) => listEntries(directory.entries));
  listing.catch(() => listings.delete(product.id));
  listings.set(product.id, listing);
  for (const key of listings.keys()) if (listings.size > CACHED_PRODUCTS) listings.delete(key);
  return listing;
}

/** Page `page` (from 1; a page past the last is the last) of the product's files, and how many pages there are. */
export async function insidePage(
  files: FileStore,
  product: { id: string; fileKey: string; size: number },
  page: number,
): Promise<{ files: ListedEntry[]; page: number; pages: number }> {
  const listing = await productListing(files, product);
  const pages = Math.max(1, Math.ceil(listing.length / INSIDE_PAGE_SIZE));
  const shown = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return {
    files: listing.slice((shown - 1) * INSIDE_PAGE_SIZE, shown * INSIDE_PAGE_SIZE),
    page: shown,
    pages,
  };
}
