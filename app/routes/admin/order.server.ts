/**
 * The order page at `/{ADMIN_PATH}/ordini/{reference}` (ADR 033): the order by the reference
 * buyers quote, then its evidence pack (e-mails, downloads) and its refund request, read together;
 * every event of the order on one timeline, oldest first. An unknown reference or an erased
 * order is said on the page (404), never a 500.
 */
import { eq } from "drizzle-orm";
import { data } from "react-router";
import { evidenceFor } from "#app/lib/orders/delivery-evidence.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { orders, refundRequests } from "#db/schema.ts";

const REFERENCE = /^LCT-[0-9A-F]{10}$/;

/** One event; `id` is unique on the page (the kind, and for e-mails and downloads their row id). */
export type TimelineEvent = { id: string } & (
  | { kind: "created" | "paid" | "consent" | "sharing"; at: string }
  | {
      kind: "email";
      at: string;
      template: string;
      state: "sent" | "waiting" | "failing";
      smtp: string | null;
      error: string | null;
      attempts: number;
    }
  | { kind: "download"; at: string; bytes: number; ip: string | null; complete: boolean }
  | { kind: "refund"; at: string; cents: number }
  | { kind: "refund-request"; at: string; status: string; reason: string | null }
  | { kind: "dispute"; at: string; status: string }
  | { kind: "withdrawal"; at: string; outcome: string }
);

export async function loadOrderPage(services: Services, reference: string) {
  const db = services.database.db;
  const asked = reference.toUpperCase();
  const [order] = REFERENCE.test(asked)
    ? await db.select().from(orders).where(eq(orders.reference, asked))
    : [];
  if (!order) return data({ found: "unknown" as const, reference: reference.slice(0, 40) }, { status: 404 });
  if (order.erasedAt)
    return data(
      { found: "erased" as const, reference: order.reference, erasedAt: order.erasedAt.toISOString() },
      { status: 404 },
    );
  const [evidence, [request]] = await Promise.all([
    evidenceFor(db, order, services.env.PUBLIC_URL),
    db.select().from(refundRequests).where(eq(refundRequests.orderId, order.id)),
  ]);
  const timeline: TimelineEvent[] = [{ id: "created", kind: "created", at: order.createdAt.toISOString() }];
  if (order.consentAt) timeline.push({ id: "consent", kind: "consent", at: order.consentAt.toISOString() });
  if (order.paidAt) timeline.push({ id: "paid", kind: "paid", at: order.paidAt.toISOString() });
  for (const email of evidence.emails) {
    timeline.push({
      id: `email-${email.id}`,
      kind: "email",
      at: email.sentAt ?? email.queuedAt ?? order.createdAt.toISOString(),
      template: email.template,
      state: email.sentAt ? "sent" : email.lastError ? "failing" : "waiting",
      smtp: email.smtpResponse,
      error: email.lastError,
      attempts: email.attempts,
    });
  }
  for (const download of evidence.downloads) {
    timeline.push({
      id: `download-${download.id}`,
      kind: "download",
      at: download.at ?? "",
      bytes: download.bytes,
      ip: download.ip,
      complete: download.complete,
    });
  }
  if (request) {
    timeline.push({
      id: "refund-request",
      kind: "refund-request",
      at: request.createdAt.toISOString(),
      status: request.status,
      reason: request.reason,
    });
  }
  if (evidence.withdrawal)
    timeline.push({
      id: "withdrawal",
      kind: "withdrawal",
      at: evidence.withdrawal.requestedAt,
      outcome: evidence.withdrawal.outcome,
    });
  if (order.sharingFlaggedAt)
    timeline.push({ id: "sharing", kind: "sharing", at: order.sharingFlaggedAt.toISOString() });
  if (order.refundedCents > 0 && order.refundedAt)
    timeline.push({
      id: "refund",
      kind: "refund",
      at: order.refundedAt.toISOString(),
      cents: order.refundedCents,
    });
  if (order.disputeStatus)
    timeline.push({
      id: "dispute",
      kind: "dispute",
      at: order.updatedAt.toISOString(),
      status: order.disputeStatus,
    });
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  return {
    found: "order" as const,
    adminPath: services.settings.adminPath,
    order: {
      id: order.id,
      number: order.number,
      reference: order.reference,
      email: order.email,
      amountCents: order.amountCents,
      refundedCents: order.refundedCents,
      status: order.status,
      livemode: order.livemode,
      disputeStatus: order.disputeStatus,
      attention: order.attention,
      provider: order.provider,
    },
    timeline,
    withdrawal: evidence.withdrawal,
  };
}
