import { and, asc, eq } from "drizzle-orm";
import { PRODUCT } from "#app/content/site.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import { downloads, emailOutbox, orders, withdrawals } from "#db/schema.ts";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * What the owner sends the payment provider when a buyer disputes a payment (ADR 014):
 * the payment, the delivery e-mails and the SMTP server's acceptance of each, every download with
 * its time, IP address and bytes, the offer the buyer accepted, the terms shown at checkout and the
 * buyer's withdrawal, if any.
 * Null for an unknown order. Times are ISO 8601 (UTC), amounts integer cents.
 */
export async function collectDeliveryEvidence(db: Db, orderId: string, publicUrl: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order ? evidenceFor(db, order, publicUrl) : null;
}

/** The evidence pack of an order already read: its e-mails, downloads and withdrawal, queries run together. */
export async function evidenceFor(db: Db, order: typeof orders.$inferSelect, publicUrl: string) {
  const [emails, served, [withdrawal]] = await Promise.all([
    db
      .select()
      .from(emailOutbox)
      // E-mails to the buyer only: an alert to the owner about the order proves nothing.
      .where(and(eq(emailOutbox.orderId, order.id), eq(emailOutbox.to, order.email)))
      .orderBy(asc(emailOutbox.id)),
    db
      .select()
      .from(downloads)
      .where(eq(downloads.orderId, order.id))
      .orderBy(asc(downloads.at), asc(downloads.id)),
    db.select().from(withdrawals).where(eq(withdrawals.orderId, order.id)),
  ]);
  return {
    generatedAt: new Date().toISOString(),
    payment: {
      reference: order.reference,
      number: order.number,
      buyerEmail: order.email,
      amountCents: order.amountCents,
      currency: order.currency,
      taxCents: order.taxCents,
      country: order.country,
      createdAt: iso(order.createdAt),
      paidAt: iso(order.paidAt),
      provider: order.provider,
      paymentIntentId: order.paymentIntentId,
      status: order.status,
      refundedCents: order.refundedCents,
      refundedAt: iso(order.refundedAt),
      disputeStatus: order.disputeStatus,
    },
    offer: {
      product: PRODUCT.name,
      priceCents: order.amountCents,
      standardPriceCents: PRODUCT.priceCents,
      discountApplied: order.discountApplied,
    },
    terms: { url: `${publicUrl}/terms`, consentAt: iso(order.consentAt) },
    emails: emails.map((e) => ({
      id: e.id,
      to: e.to,
      template: e.template,
      queuedAt: iso(e.createdAt),
      sentAt: iso(e.sentAt),
      attempts: e.attempts,
      /** The SMTP server's reply accepting the message; null if not sent, or written to a file. */
      smtpResponse: e.smtpResponse,
      lastError: e.lastError,
    })),
    // Each transfer: recorded when it started, its bytes as they went; no `finishedAt` means it was cut.
    downloads: served.map((d) => ({
      id: d.id,
      at: iso(d.at),
      ip: d.ip,
      ipHash: d.ipHash,
      bytes: d.bytes,
      finishedAt: iso(d.finishedAt),
      complete: d.finishedAt !== null,
    })),
    // The buyer's withdrawal as made on /withdraw and what the store did about it.
    withdrawal: withdrawal
      ? {
          requestedAt: withdrawal.requestedAt.toISOString(),
          name: withdrawal.name,
          email: withdrawal.email,
          outcome: withdrawal.outcome,
          refundStatus: withdrawal.refundStatus,
          refundedCents: withdrawal.refundedCents,
          refundAttempts: withdrawal.refundAttempts,
          lastError: withdrawal.lastError,
        }
      : null,
  };
}

export type DeliveryEvidence = Awaited<ReturnType<typeof evidenceFor>>;
