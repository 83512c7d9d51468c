/**
 * `npm run buyer -- export|erase <email>` (ADR 018): everything the store holds about one buyer,
 * and its erasure on request. Orders stay for accounting with the address replaced by
 * `erased-<reference>@invalid`; what identifies the person or gives access goes. Invoices and
 * credit notes stay whole, buyer included: the law keeps them for ten years (art. 2220 c.c., art. 39
 * DPR 633/72). The address matches case-insensitively.
 */
import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { and, exists, inArray, not, sql } from "drizzle-orm";
import type { Db } from "#app/lib/db/database.server.ts";
import {
  accessLinks,
  downloadConfirmations,
  downloads,
  emailOutbox,
  invoiceRequests,
  invoices,
  lostLinkRequests,
  orders,
  rateLimits,
  refundRequests,
  reviews,
  unsubscribes,
  withdrawalRequests,
  withdrawals,
} from "#db/schema.ts";

/**
 * The rate-limit rows keyed by the address (checkout and lost-link counters, an hour at most):
 * their keys end with `:email:` and the address, compared as text (a LIKE pattern would read `_`
 * and `%` in an address as wildcards and match other people's).
 */
const addressLimits = (address: string) => {
  const suffix = `:email:${address}`;
  return sql`right(lower(${rateLimits.key}), ${suffix.length}) = ${suffix}`;
};

const sameAddress = (
  column:
    | typeof orders.email
    | typeof emailOutbox.to
    | typeof unsubscribes.email
    | typeof lostLinkRequests.email
    | typeof withdrawalRequests.email,
  address: string,
) => sql`lower(${column}) = ${address}`;

const normalise = (email: string) => email.trim().toLowerCase();

/** Everything held about `email`, at one moment: orders, downloads (with IPs), e-mails, link hashes, refund requests, withdrawals, invoices, unsubscribes. */
export async function exportBuyer(db: Db, email: string) {
  const address = normalise(email);
  return db.transaction(
    async (tx) => {
      const orderRows = await tx.select().from(orders).where(sameAddress(orders.email, address));
      const ids = orderRows.map((o) => o.id);
      return {
        email: address,
        exportedAt: new Date().toISOString(),
        orders: orderRows,
        downloads: await tx.select().from(downloads).where(inArray(downloads.orderId, ids)),
        emails: await tx
          .select()
          .from(emailOutbox)
          .where(sql`${sameAddress(emailOutbox.to, address)} or ${inArray(emailOutbox.orderId, ids)}`),
        /** Only hashes of the links' tokens are stored: the links themselves cannot be rebuilt. */
        accessLinks: await tx.select().from(accessLinks).where(inArray(accessLinks.orderId, ids)),
        downloadConfirmations: await tx
          .select()
          .from(downloadConfirmations)
          .where(inArray(downloadConfirmations.orderId, ids)),
        refundRequests: await tx.select().from(refundRequests).where(inArray(refundRequests.orderId, ids)),
        withdrawals: await tx.select().from(withdrawals).where(inArray(withdrawals.orderId, ids)),
        /** Withdrawal statements not yet matched to an order (they wait a second or so). */
        withdrawalRequests: await tx
          .select()
          .from(withdrawalRequests)
          .where(sameAddress(withdrawalRequests.email, address)),
        reviews: await tx.select().from(reviews).where(inArray(reviews.orderId, ids)),
        invoiceRequests: await tx.select().from(invoiceRequests).where(inArray(invoiceRequests.orderId, ids)),
        /** Invoices and credit notes, with their FatturaPA XML. */
        invoices: await tx.select().from(invoices).where(inArray(invoices.orderId, ids)),
        unsubscribes: await tx.select().from(unsubscribes).where(sameAddress(unsubscribes.email, address)),
        rateLimits: await tx.select().from(rateLimits).where(addressLimits(address)),
        lostLinkRequests: await tx
          .select()
          .from(lostLinkRequests)
          .where(sameAddress(lostLinkRequests.email, address)),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

export type BuyerExport = Awaited<ReturnType<typeof exportBuyer>>;

/**
 * Erases `email` in one transaction: its orders keep their amounts, dates and references with the
 * address replaced and `erased_at` set; access links and download confirmations are deleted (the
 * lifetime links stop working); unsent e-mails to it or about its orders are deleted and sent ones
 * keep only that they were sent (address replaced, payload emptied); downloads lose IP, its hash
 * and network; refund reasons, the unsubscribe row and the address's rate-limit rows go; a
 * withdrawal stays, as the record of the contract's end, with its name and address replaced, and a
 * statement not yet matched goes; an invoice
 * request keeps no buyer data once its invoice exists (the invoice keeps it, by law) and is deleted
 * when none was issued; invoices and credit notes are left as they are; then the
 * `.eml` files written to the address in `mailDir` (mail without SMTP) are deleted. Returns how many
 * rows (and files) each step changed.
 */
export async function eraseBuyer(db: Db, email: string, mailDir: string) {
  const address = normalise(email);
  const counts = await db.transaction(async (tx) => {
    const erased = await tx
      .update(orders)
      .set({
        email: sql`'erased-' || ${orders.reference} || '@invalid'`,
        erasedAt: sql`now()`,
        updatedAt: sql`now()`,
        buyerShortName: null,
        city: null,
        taxId: null,
      })
      .where(sameAddress(orders.email, address))
      .returning({ id: orders.id });
    const ids = erased.map((o) => o.id);
    const about = sql`(${sameAddress(emailOutbox.to, address)} or ${inArray(emailOutbox.orderId, ids)})`;
    const unsent = await tx
      .delete(emailOutbox)
      .where(sql`${about} and ${emailOutbox.sentAt} is null`)
      .returning({ id: emailOutbox.id });
    // The owner's own alerts about these orders keep their recipient; the buyer's take the order's new address.
    const scrubbed = await tx
      .update(emailOutbox)
      .set({
        to: sql`case when lower(${emailOutbox.to}) = ${address}
          then coalesce((select o.email from orders o where o.id = ${emailOutbox.orderId}), 'erased@invalid')
          else ${emailOutbox.to} end`,
        payload: {},
      })
      .where(about)
      .returning({ id: emailOutbox.id });
    const links = await tx
      .delete(accessLinks)
      .where(inArray(accessLinks.orderId, ids))
      .returning({ id: accessLinks.tokenHash });
    const confirmations = await tx
      .delete(downloadConfirmations)
      .where(inArray(downloadConfirmations.orderId, ids))
      .returning({ id: downloadConfirmations.tokenHash });
    const downloadRows = await tx
      .update(downloads)
      .set({ ip: null, ipHash: null, network: null })
      .where(inArray(downloads.orderId, ids))
      .returning({ id: downloads.id });
    const reasons = await tx
      .update(refundRequests)
      .set({ reason: null })
      .where(sql`${inArray(refundRequests.orderId, ids)} and ${refundRequests.reason} is not null`)
      .returning({ id: refundRequests.orderId });
    // A review names its writer and is theirs: it goes with the rest (its moderation log with it).
    const reviewRows = await tx
      .delete(reviews)
      .where(inArray(reviews.orderId, ids))
      .returning({ id: reviews.id });
    const invoiced = exists(
      tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(sql`${invoices.orderId} = ${invoiceRequests.orderId} and ${invoices.kind} = 'invoice'`),
    );
    const clearedRequests = await tx
      .update(invoiceRequests)
      .set({ buyer: {} })
      .where(and(inArray(invoiceRequests.orderId, ids), invoiced))
      .returning({ id: invoiceRequests.orderId });
    const droppedRequests = await tx
      .delete(invoiceRequests)
      .where(and(inArray(invoiceRequests.orderId, ids), not(invoiced)))
      .returning({ id: invoiceRequests.orderId });
    const withdrawn = await tx
      .update(withdrawals)
      .set({
        name: "erased",
        email: sql`(select o.email from orders o where o.id = ${withdrawals.orderId})`,
        updatedAt: sql`now()`,
      })
      .where(inArray(withdrawals.orderId, ids))
      .returning({ id: withdrawals.orderId });
    const statements = await tx
      .delete(withdrawalRequests)
      .where(sameAddress(withdrawalRequests.email, address))
      .returning({ id: withdrawalRequests.id });
    const unsubscribed = await tx
      .delete(unsubscribes)
      .where(sameAddress(unsubscribes.email, address))
      .returning({ email: unsubscribes.email });
    const limits = await tx
      .delete(rateLimits)
      .where(addressLimits(address))
      .returning({ key: rateLimits.key });
    const requests = await tx
      .delete(lostLinkRequests)
      .where(sameAddress(lostLinkRequests.email, address))
      .returning({ id: lostLinkRequests.id });
    return {
      orders: ids.length,
      accessLinks: links.length,
      downloadConfirmations: confirmations.length,
      unsentEmailsDeleted: unsent.length,
      sentEmailsScrubbed: scrubbed.length,
      downloads: downloadRows.length,
      refundReasons: reasons.length,
      reviews: reviewRows.length,
      invoiceRequests: clearedRequests.length + droppedRequests.length,
      withdrawals: withdrawn.length,
      withdrawalStatements: statements.length,
      unsubscribes: unsubscribed.length,
      rateLimits: limits.length,
      lostLinkRequests: requests.length,
    };
  });
  return { ...counts, mailFiles: await deleteMailTo(mailDir, address) };
}

/**
 * Deletes the `.eml` files in `mailDir` addressed to `address` (the delivery and link e-mails, with
 * their lifetime links); the owner's e-mails carry no buyer's address. Returns how many went.
 */
async function deleteMailTo(mailDir: string, address: string): Promise<number> {
  const names = await readdir(mailDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  let deleted = 0;
  for (const name of names.filter((file) => file.endsWith(".eml"))) {
    const path = join(mailDir, name);
    const [head = ""] = (await readFile(path, "utf8")).split(/\r?\n\r?\n/, 1);
    // The To header, unfolded; its addresses are plain text (the store's addresses are ASCII).
    const to = /^to:(.*(?:\r?\n[ \t].*)*)/im.exec(head)?.[1] ?? "";
    const recipients: string[] = to.toLowerCase().match(/[^\s<>,";]+@[^\s<>,";]+/g) ?? [];
    if (recipients.includes(address)) {
      await rm(path, { force: true });
      deleted++;
    }
  }
  return deleted;
}

export type BuyerErasure = Awaited<ReturnType<typeof eraseBuyer>>;

/** What an erasure did, in one line for the owner. */
export function describeErasure(counts: BuyerErasure): string {
  if (Object.values(counts).every((n) => n === 0)) return "Nothing held for that address; nothing changed.";
  return [
    `${counts.orders} orders anonymised (address replaced, kept for accounting)`,
    `${counts.accessLinks} access links and ${counts.downloadConfirmations} download confirmations deleted`,
    `${counts.unsentEmailsDeleted} unsent e-mails deleted and ${counts.sentEmailsScrubbed} sent ones scrubbed`,
    `${counts.downloads} download records without IP address`,
    `${counts.refundReasons} refund reasons cleared and ${counts.reviews} reviews deleted`,
    `${counts.invoiceRequests} invoice requests cleared (issued invoices and credit notes are kept for ten years, as the law requires)`,
    `${counts.withdrawals} withdrawals anonymised (kept as the record of the contract's end) and ${counts.withdrawalStatements} pending withdrawal statements deleted`,
    `${counts.unsubscribes} unsubscribes, ${counts.rateLimits} rate-limit counters and ${counts.lostLinkRequests} pending link requests removed`,
    `${counts.mailFiles} e-mail files deleted`,
  ]
    .join("; ")
    .concat(".");
}
