/**
 * The e-invoices seed-store.ts gives the live store (the one e2e store that names its seller, as
 * invoicing needs): two invoices and a credit note in the quarter of the archive's orders, and one
 * invoice the day before it, which that quarter's files must leave out.
 */
import { quarterOf } from "#app/lib/books/period.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { seedInvoice } from "../setup/seed-invoices.ts";

/** The quarter of the archive's orders (paid 120 days ago, seed-store.ts). */
export const INVOICED_QUARTER = quarterOf(new Date(Date.now() - 120 * 86_400_000));

/** How many documents INVOICED_QUARTER holds. */
export const INVOICED_DOCUMENTS = 3;

const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function seedE2eInvoices(db: Db): Promise<void> {
  const first = INVOICED_QUARTER.firstDay;
  await seedInvoice(db, { date: plusDays(first, -1) });
  await seedInvoice(db, { date: plusDays(first, 1), creditNoteOn: plusDays(first, 30) });
  await seedInvoice(db, { date: plusDays(first, 20), buyer: "eu-business", grossCents: 9000 });
}
