/**
 * What a store works out once per product and keeps (a product's file never changes: a new upload
 * is a new product): the current product's and the few before it, held in the store's services.
 */
export class ProductCache<T> {
  readonly #entries = new Map<string, Promise<T>>();
  readonly #maxProducts: number;

  constructor(maxProducts = 4) {
    this.#maxProducts = maxProducts;
  }

  /** The kept value of `productId`, else `make()`'s, kept unless it fails. */
  get(productId: string, make: () => Promise<T>): Promise<T> {
    const kept = this.#entries.get(productId);
    if (kept) return kept;
    const made = make();
    made.catch(() => this.#entries.delete(productId));
    this.#entries.set(productId, made);
    // Map keeps insertion order: the first keys are the oldest products.
    for (const key of this.#entries.keys())
      if (this.#entries.size > this.#maxProducts) this.#entries.delete(key);
    return made;
  }
}
