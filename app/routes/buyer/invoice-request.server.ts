/**
 * The success page's "Invoice" section and its form: the invoice and credit notes issued for the
 * order (links to their courtesy copies), a request waiting to be issued, the request form (within
 * the days the seller allows after payment, prefilled with the billing country and tax ID the order holds),
 * or, after them, whom to write to. The form posts as a document to the success page's action.
 */
import { asc, eq } from "drizzle-orm";
import { INVOICE_REQUEST_COPY as COPY } from "#app/content/invoice-request.ts";
import { courtesyCopyPath } from "#app/lib/books/courtesy-copy-link.server.ts";
import { readFiscalSettings } from "#app/lib/books/fiscal-settings.server.ts";
import {
  type InvoiceField,
  type InvoiceFormValues,
  invoiceFormValues,
  parseInvoiceRequest,
} from "#app/lib/books/invoice-request.ts";
import {
  type InvoiceRequestRefusal,
  invoiceRequestDeadline,
  recordInvoiceRequest,
} from "#app/lib/books/invoice-requests.server.ts";
import { findPaidOrder } from "#app/lib/checkout/find-paid-order.server.ts";
import type { Order } from "#app/lib/orders/fulfil-order.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { invoiceRequests, invoices } from "#db/schema.ts";

export type InvoiceSection =
  | { kind: "issued"; documents: { label: string; href: string }[] }
  | { kind: "preparing" }
  | { kind: "form"; days: number; values: InvoiceFormValues }
  | { kind: "closed"; days: number };

export type InvoiceActionData =
  | { intent: "invoice"; ok: true; message: string }
  | {
      intent: "invoice";
      ok: false;
      message: string;
      values?: InvoiceFormValues;
      errors?: Partial<Record<InvoiceField, string>>;
    };

/** What the section shows for a paid order, at `now`. */
export async function loadInvoiceSection(
  services: Services,
  order: Order,
  now: Date,
): Promise<InvoiceSection> {
  const db = services.database.db;
  const issued = await db
    .select({ id: invoices.id, kind: invoices.kind, series: invoices.series, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.orderId, order.id))
    .orderBy(asc(invoices.progressive));
  if (issued.length > 0)
    return {
      kind: "issued",
      documents: issued.map((document) => ({
        label: (document.kind === "invoice" ? COPY.invoiceLabel : COPY.creditNoteLabel)(
          `${document.series}/${document.number}`,
        ),
        href: courtesyCopyPath(services.settings.tokenSecrets, document.id),
      })),
    };
  const [requested] = await db
    .select({ orderId: invoiceRequests.orderId })
    .from(invoiceRequests)
    .where(eq(invoiceRequests.orderId, order.id));
  if (requested) return { kind: "preparing" };
  const { requestDays } = await readFiscalSettings(db, services.env);
  const paidAt = order.paidAt ?? order.createdAt;
  if (now > invoiceRequestDeadline(paidAt, requestDays)) return { kind: "closed", days: requestDays };
  return {
    kind: "form",
    days: requestDays,
    values: prefill(order),
  };
}

/**
 * The form as the order fills it: the billing country the payment provider reported, and the tax
 * ID the buyer gave at checkout (Stripe's tax ID collection), which makes the buyer a business. The
 * store keeps no name or street of the payer, so the buyer types those; the page asks the provider
 * nothing.
 */
function prefill(order: Order): InvoiceFormValues {
  return {
    ...(order.country && { country: order.country }),
    buyerType: order.taxId ? "business" : "consumer",
    ...(order.taxId && { vatNumber: order.taxId }),
  };
}

/** Refusals by their status: asked already or at the wrong time is a conflict, too late is gone. */
const REFUSAL_STATUS: Record<InvoiceRequestRefusal, number> = {
  "already-asked": 409,
  "unknown-order": 404,
  "not-paid": 409,
  refunded: 409,
  "too-late": 410,
};

/** The section's form, posted with the page's access proof (the provider's session id or the e-mail link's token). */
export async function answerInvoiceRequest(
  services: Services,
  form: FormData,
  access: { sessionId: string | null; token: string | null },
  clientIp: string | null,
): Promise<{ body: InvoiceActionData; status: number }> {
  const order = await findPaidOrder(services, access, { ip: clientIp });
  if (!order) return { body: { intent: "invoice", ok: false, message: COPY.forbidden }, status: 403 };
  const values = invoiceFormValues(form);
  const parsed = parseInvoiceRequest(values);
  if (!parsed.ok)
    return {
      body: { intent: "invoice", ok: false, message: COPY.refused.message, values, errors: parsed.errors },
      status: 400,
    };
  const { requestDays } = await readFiscalSettings(services.database.db, services.env);
  const recorded = await recordInvoiceRequest(services.database.db, {
    orderId: order.id,
    request: parsed.value,
    via: "success-page",
    now: new Date(),
    requestDays,
  });
  if (!recorded.ok)
    return {
      body: { intent: "invoice", ok: false, message: recorded.message },
      status: REFUSAL_STATUS[recorded.reason],
    };
  return { body: { intent: "invoice", ok: true, message: COPY.preparing }, status: 200 };
}
