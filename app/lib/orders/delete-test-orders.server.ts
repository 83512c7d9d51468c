/**
 * "Elimina gli ordini di prova": an owner who tried the store before going live removes the test
 * orders (orders not paid live) at once, with what points to them: their e-mails, downloads, access
 * links, refund requests, reviews and test documents (which have no fiscal value). Live orders are
 * never touched. A test purchase in progress is kept: a pending order is one whose checkout page may
 * still be paid (the test payment page or Stripe's), and a processing one waits for its money, so
 * deleting either would leave that payment without its order; the hourly maintenance removes them
 * once nothing can pay them.
 */
import { sql } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";

/** What the confirmation names: the test orders that will go, and those kept because a purchase is in progress. */
export async function countTestOrders(db: Db): Promise<{ deletable: number; inProgress: number }> {
  const result = await db.execute<{ deletable: number | string; in_progress: number | string }>(sql`
    select count(*) filter (where status not in ('pending', 'processing')) as deletable,
      count(*) filter (where status in ('pending', 'processing')) as in_progress
    from orders where not livemode`);
  const row = result.rows[0];
  return { deletable: Number(row?.deletable ?? 0), inProgress: Number(row?.in_progress ?? 0) };
}

/** Deletes every test order not in progress, in one transaction; returns how many. */
export async function deleteTestOrders(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    // Locked first, so a payment that moves one of them meanwhile waits, and the rest see the same set.
    const locked = await tx.execute<{ id: string }>(sql`
      select id from orders where not livemode and status not in ('pending', 'processing')
      for update`);
    const ids = locked.rows.map((row) => row.id);
    if (ids.length === 0) return 0;
    const list = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    // Credit notes name their invoice: they go first.
    await tx.execute(sql`delete from invoices where order_id in (${list}) and credit_note_of is not null`);
    for (const table of [
      "invoices",
      "reviews",
      "downloads",
      "email_outbox",
      "access_links",
      "refund_requests",
      "download_confirmations",
      "withdrawals",
    ])
      await tx.execute(sql`delete from ${sql.identifier(table)} where order_id in (${list})`);
    const deleted = await tx.execute(sql`
      delete from orders where id in (${list}) and not livemode returning id`);
    return deleted.rows.length;
  });
}
