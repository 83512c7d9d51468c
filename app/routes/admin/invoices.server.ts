/**
 * Fatture at `/{ADMIN_PATH}/fatture` (ADR 043): the invoices and credit notes of a month or a
 * quarter (by their date), and the invoice requests still waiting with the reason. The XML files
 * themselves are served one by one (invoice-xml.ts) and as the period's ZIP (invoices-zip.ts).
 */
import { sql } from "drizzle-orm";
import type { Buyer } from "#app/lib/books/fatturapa.ts";
import { documentNumber } from "#app/lib/books/numbering.server.ts";
import { type Period, parsePeriod, quarterOf, recentPeriods } from "#app/lib/books/period.ts";
import type { TreatmentKind } from "#app/lib/books/sale-regime.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import type { Services } from "#app/lib/services.server.ts";

/** The waiting requests shown: the oldest first, as many as a page can hold. */
const WAITING_LIMIT = 200;

/** A buyer's name as the invoice writes it. */
export function buyerName(buyer: unknown): string {
  const name = (buyer as Partial<Buyer> | null)?.name;
  if (!name) return "";
  return "company" in name ? name.company : `${name.first} ${name.last}`;
}

/** The period's documents, oldest first, without their XML. */
export async function invoicesOf(db: Db, period: Period) {
  const result = await db.execute<{
    id: string;
    kind: "invoice" | "credit-note";
    series: string;
    number: number;
    date: string;
    reference: string;
    buyer: unknown;
    treatment: TreatmentKind;
    rate_percent: string | number;
    natura: string | null;
    total_cents: number;
    taxable_cents: number;
    tax_cents: number;
    stamp_duty_cents: number;
    file_name: string;
    livemode: boolean;
  }>(sql`
    select i.id, i.kind, i.series, i.number, i.date::text as date, o.reference, i.buyer, i.treatment,
      i.rate_percent, i.natura, i.total_cents, i.taxable_cents, i.tax_cents, i.stamp_duty_cents, i.file_name,
      o.livemode
    from invoices i join orders o on o.id = i.order_id
    where i.date between ${period.firstDay} and ${period.lastDay}
    order by i.date, i.progressive`);
  return result.rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    number: documentNumber(row.series, row.number),
    date: row.date,
    reference: row.reference,
    buyer: buyerName(row.buyer),
    treatment: row.treatment,
    ratePercent: Number(row.rate_percent),
    natura: row.natura,
    totalCents: Number(row.total_cents),
    taxableCents: Number(row.taxable_cents),
    taxCents: Number(row.tax_cents),
    stampDutyCents: Number(row.stamp_duty_cents),
    fileName: row.file_name,
    /** A test payment's document: no fiscal value, listed apart, never in the ZIP. */
    test: !row.livemode,
  }));
}

/**
 * Paid orders' requests whose invoice is not issued yet, with the reason the issuing gave, if any
 * (an abandoned checkout's request waits for nothing: it is never invoiced).
 */
async function waitingRequests(db: Db) {
  const result = await db.execute<{
    reference: string;
    requested_at: Date | string;
    buyer_type: "consumer" | "business";
    buyer: unknown;
    problem: string | null;
  }>(sql`
    select o.reference, r.requested_at, r.buyer_type, r.buyer, r.problem
    from invoice_requests r join orders o on o.id = r.order_id
    where o.paid_at is not null
      and not exists (select 1 from invoices i where i.order_id = r.order_id and i.kind = 'invoice')
    order by r.requested_at
    limit ${WAITING_LIMIT}`);
  return result.rows.map((row) => ({
    reference: row.reference,
    requestedAt: new Date(row.requested_at).toISOString(),
    buyerType: row.buyer_type,
    buyer: buyerName(row.buyer),
    problem: row.problem,
  }));
}

export async function loadInvoicesPage(services: Services, url: URL, now = new Date()) {
  const db = services.database.db;
  const asked = url.searchParams.get("periodo");
  const parsed = asked === null ? null : parsePeriod(asked);
  const period = parsed ?? quarterOf(now);
  const [all, waiting] = await Promise.all([invoicesOf(db, period), waitingRequests(db)]);
  return {
    adminPath: services.settings.adminPath,
    badPeriod: asked !== null && parsed === null,
    period,
    choices: recentPeriods(now, period),
    documents: all.filter((document) => !document.test),
    testDocuments: all.filter((document) => document.test),
    waiting,
  };
}

export type InvoicesPageData = Awaited<ReturnType<typeof loadInvoicesPage>>;
