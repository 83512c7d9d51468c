/**
 * The sales seed-store.ts gives each shop store in the second quarter of 2026, for Registri: buyers
 * in Italy, Germany, France (in dollars, with the ECB's rates of its day and of the quarter's last
 * day) and the United States, and what the page and its files show for them.
 */
import type { Db } from "#app/lib/db/database.server.ts";
import { exchangeRates, orders } from "#db/schema.ts";

export const REGISTER_QUARTER = { key: "2026-T2", label: "2º trimestre 2026" } as const;
/** Where the quarter begins in Rome: the store's older seeded orders are paid before it. */
export const REGISTER_QUARTER_START = new Date("2026-04-01T00:00:00+02:00");

export async function seedRegisterSales(db: Db) {
  const sale = (email: string, country: string, currency: string, at: string) => ({
    email,
    amountCents: 4700,
    currency,
    provider: "test",
    livemode: true,
    status: "paid" as const,
    country,
    createdAt: new Date(`${at}+02:00`),
    paidAt: new Date(`${at}+02:00`),
  });
  await db
    .insert(orders)
    .values([
      sale("registri-it@example.com", "IT", "eur", "2026-04-14T10:00:00"),
      sale("registri-de@example.com", "DE", "eur", "2026-05-06T10:00:00"),
      sale("registri-fr@example.com", "FR", "usd", "2026-06-10T10:00:00"),
      sale("registri-us@example.com", "US", "eur", "2026-06-20T10:00:00"),
    ]);
  await db.insert(exchangeRates).values([
    { day: "2026-06-10", currency: "USD", perEuro: 1.175 },
    { day: "2026-06-30", currency: "USD", perEuro: 1.25 },
  ]);
}
