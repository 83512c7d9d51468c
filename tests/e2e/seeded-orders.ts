/** How many old paid orders seed-store.ts gives each shop store. */
export const SEEDED_ORDERS = 200;
