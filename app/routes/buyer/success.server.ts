/**
 * The success page's loader and action at `/{SUCCESS_PATH}`: the order and its download for a
 * paid order, a "payment processing" page while a delayed payment settles, a "confirming" page
 * while the provider cannot be asked, the "lost your link?" form otherwise. Form parsing, status
 * codes and copy live here.
 */
import { sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import { CHECKOUT_COPY, SUCCESS_COPY } from "#app/content/checkout.ts";
import { lostLinkSchema } from "#app/lib/checkout/checkout-schema.ts";
import { findPaidOrder, findPurchase } from "#app/lib/checkout/find-paid-order.server.ts";
import { acceptLostLinkRequest } from "#app/lib/checkout/send-lost-link.server.ts";
import { createDownloadToken } from "#app/lib/downloads/prepare-download.server.ts";
import { HONEYPOT_FIELD } from "#app/lib/honeypot.ts";
import { downloadPath, insidePagePath, successAnswerPath } from "#app/lib/links.ts";
import { receiptUrl } from "#app/lib/orders/receipt-url.server.ts";
import { guaranteeStateFor } from "#app/lib/orders/refund-requests.server.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import { reviewState, reviewUrl } from "#app/lib/reviews/reviews.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import {
  answerInvoiceRequest,
  type InvoiceActionData,
  loadInvoiceSection,
} from "#app/routes/buyer/invoice-request.server.ts";
import { handleRefundAction, type RefundActionData } from "#app/routes/buyer/refund-requests.server.ts";
import { field, readForm } from "#app/routes/http.server.ts";

const accessFrom = (params: URLSearchParams | FormData) => ({
  sessionId: params.get("session_id")?.toString() || null,
  token: params.get("t")?.toString() || null,
});

/** "What's inside" for the same access proof (ADR 019). */
const insideHref = (successPath: string, access: ReturnType<typeof accessFrom>) =>
  access.token
    ? insidePagePath(successPath, { t: access.token })
    : access.sessionId
      ? insidePagePath(successPath, { session_id: access.sessionId })
      : null;

/** The order's review link, whether its download has started, and REVIEW_URL; null once reviewed or when it cannot be reviewed. */
async function reviewLinks(services: Services, orderId: string) {
  const db = services.database.db;
  if ((await reviewState(db, orderId)).kind !== "open") return null;
  const started = await db.execute(sql`select 1 from downloads where order_id = ${orderId} limit 1`);
  return {
    href: new URL(reviewUrl(services.links, services.settings.tokenSecrets, orderId)).pathname,
    downloadStarted: started.rows.length > 0,
    externalUrl: services.env.REVIEW_URL ?? null,
  };
}

/** What the page shows: the download, a payment still settling, a payment being confirmed, or the lost-link form. */
export type SuccessView = "paid" | "processing" | "confirming" | "session-expired" | "lost-link";

/** The page's data and HTTP status (a payment that cannot be confirmed right now is a 503 or 429, never a 500). */
export async function loadSuccessPage(services: Services, request: Request, clientIp: string | null) {
  const access = accessFrom(new URL(request.url).searchParams);
  const purchase = await findPurchase(services, access, { ip: clientIp });
  const order = purchase.kind === "paid" || purchase.kind === "processing" ? purchase.order : null;
  const view: SuccessView =
    purchase.kind === "paid" || purchase.kind === "processing" || purchase.kind === "session-expired"
      ? purchase.kind
      : purchase.kind === "unconfirmed"
        ? "confirming"
        : "lost-link";
  const product = purchase.kind === "paid" ? await getCurrentProduct(services.database.db) : null;
  const payload = {
    view,
    supportEmail: services.env.SUPPORT_EMAIL,
    // The store's review form for a paid order not yet reviewed, shown once its download has started
    // (ADR 040); REVIEW_URL, an outside site, is offered beside it when set.
    review: purchase.kind === "paid" ? await reviewLinks(services, purchase.order.id) : null,
    // Buyers see the order's reference; its sequential number is the owner's.
    order: order && {
      reference: order.reference,
      email: order.email,
      amountCents: order.amountCents,
      discountApplied: order.discountApplied,
      paidAt: (order.paidAt ?? order.createdAt).toISOString(),
      taxCents: order.taxCents,
      receiptUrl: await receiptUrl(services, order),
    },
    access: purchase.kind === "paid" ? access : null,
    productSize: product?.size ?? null,
    guarantee:
      purchase.kind === "paid" ? await guaranteeStateFor(services.database.db, purchase.order) : null,
    // The store's own invoice: issued, being prepared, the form to ask for it, or whom to write to.
    invoice: purchase.kind === "paid" ? await loadInvoiceSection(services, purchase.order, new Date()) : null,
    // The version and English changelog of the file the buyer downloads (ADR 022).
    release:
      product && (product.version || product.changelogEn)
        ? { version: product.version, changelog: product.changelogEn }
        : null,
    insideHref: purchase.kind === "paid" ? insideHref(services.settings.successPath, access) : null,
    // Where the page script posts the download and lost-link forms (app/enhance/success.ts).
    answerPath: successAnswerPath(services.settings.successPath),
  };
  const status = purchase.kind === "unconfirmed" ? (purchase.reason === "rate-limited" ? 429 : 503) : 200;
  return { payload, status };
}

export type SuccessPageData = Awaited<ReturnType<typeof loadSuccessPage>>["payload"];

export type SuccessActionData =
  | { intent: "download"; url: string }
  | { intent: "download"; error: { title: string; message: string } }
  | { intent: "lost-link"; message: string; ok: boolean }
  | InvoiceActionData
  | RefundActionData;

/** A form's answer and its HTTP status, before it is sent as a page or as JSON. */
export interface SuccessAnswer {
  body: SuccessActionData;
  status: number;
}

/**
 * The page's forms, answered the same whether they were posted as a document (no JavaScript) or
 * by the page script (app/enhance/success.ts, through `success-answer.ts`); only how the answer
 * is sent differs. The guarantee's two steps are refund-requests.server.ts's. "Download Now"
 * answers with a short-lived link to the file. "Lost your link?" answers once the client's limit
 * is checked and the request recorded; the lookup and the e-mail come later (the e-mail worker),
 * so its timing is the same whether or not the address bought.
 */
export async function answerSuccessForm(
  services: Services,
  request: Request,
  clientIp: string | null,
): Promise<SuccessAnswer> {
  const form = await readForm(request);
  const intent = field(form, "intent");

  if (intent === "download") {
    const order = await findPaidOrder(services, accessFrom(form), { ip: clientIp });
    if (!order) return { body: { intent, error: SUCCESS_COPY.downloadError }, status: 403 };
    const product = await getCurrentProduct(services.database.db);
    if (!product) return { body: { intent, error: SUCCESS_COPY.downloadUnavailable }, status: 404 };
    const url = downloadPath(
      createDownloadToken(services.settings.tokenSecrets, { orderId: order.id, productId: product.id }),
    );
    return { body: { intent, url }, status: 200 };
  }

  if (intent === "refund-review" || intent === "refund") {
    return handleRefundAction(services, form, accessFrom(form), clientIp);
  }

  if (intent === "invoice") return answerInvoiceRequest(services, form, accessFrom(form), clientIp);

  if (intent === "lost-link") {
    const parsed = lostLinkSchema.safeParse({
      email: field(form, "email"),
      [HONEYPOT_FIELD]: field(form, HONEYPOT_FIELD),
    });
    if (!parsed.success) {
      return { body: { intent, ok: false, message: CHECKOUT_COPY.emailInvalid.message }, status: 400 };
    }
    if (!(await acceptLostLinkRequest(services, parsed.data.email, clientIp))) {
      return { body: { intent, ok: false, message: SUCCESS_COPY.lostRateLimited }, status: 429 };
    }
    return { body: { intent, ok: true, message: SUCCESS_COPY.lostSent }, status: 200 };
  }

  return { body: { intent: "lost-link", ok: false, message: SUCCESS_COPY.unknownRequest }, status: 400 };
}

/**
 * The page's forms posted as a document: the answer is the page again, except a download link,
 * which the browser is sent to (the file itself; the page stays where it was).
 */
export async function handleSuccessAction(services: Services, request: Request, clientIp: string | null) {
  const { body, status } = await answerSuccessForm(services, request, clientIp);
  if (body.intent === "download" && "url" in body) return redirect(body.url, 303);
  return data(body, { status });
}
