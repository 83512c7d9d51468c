/**
 * Which orders the admin's list shows: sales (paid, refunded, disputed: the default), attempts
 * that were never paid (pending, processing, failed, expired), open disputes, or links flagged
 * as shared, or those the buyer withdrew from. The values are the `?filtro=` of the list's URL.
 */
export const ORDER_FILTERS = ["vendite", "tentativi", "contestazioni", "condivisi", "recessi"] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];
