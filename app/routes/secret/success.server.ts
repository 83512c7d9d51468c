/**
 * The success page's loader and action at `/{SUCCESS_PATH}`: the order and its download for a
 * paid order, a "payment processing" page while a delayed payment settles, a "confirming" page
 * while the provider cannot be asked, the "lost your link?" form otherwise. Form parsing, status
 * codes and copy live here.
 */
import { data, redirect } from "react-router";
import { CHECKOUT_COPY, SUCCESS_COPY } from "#app/content/checkout.ts";
import { lostLinkSchema } from "#app/lib/checkout/checkout-schema.ts";
import { findPaidOrder, findPurchase } from "#app/lib/checkout/find-paid-order.server.ts";
import {
  acceptLostLinkRequest,
  runAfterResponse,
  sendLostLink,
} from "#app/lib/checkout/send-lost-link.server.ts";
import { createDownloadToken } from "#app/lib/downloads/prepare-download.server.ts";
import { HONEYPOT_FIELD } from "#app/lib/honeypot.ts";
import { downloadPath, insidePagePath } from "#app/lib/links.ts";
import { receiptUrl } from "#app/lib/orders/receipt-url.server.ts";
import { guaranteeStateFor } from "#app/lib/orders/refund-request.server.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { field, readForm } from "#app/routes/http.server.ts";
import { handleRefundAction, type RefundActionData } from "#app/routes/secret/refund-request.server.ts";

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
    reviewUrl: services.env.REVIEW_URL ?? null,
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
    // The version and English changelog of the file the buyer downloads (issue 18, item 1).
    release:
      product && (product.version || product.changelogEn)
        ? { version: product.version, changelog: product.changelogEn }
        : null,
    insideHref: purchase.kind === "paid" ? insideHref(services.settings.successPath, access) : null,
  };
  const status = purchase.kind === "unconfirmed" ? (purchase.reason === "rate-limited" ? 429 : 503) : 200;
  return { payload, status };
}

export type SuccessPageData = Awaited<ReturnType<typeof loadSuccessPage>>["payload"];

export type SuccessActionData =
  | { intent: "download"; url: string }
  | { intent: "download"; error: { title: string; message: string } }
  | { intent: "lost-link"; message: string; ok: boolean }
  | RefundActionData;

/** A fetcher's request (`/{SUCCESS_PATH}.data`), as opposed to a whole-document form post. */
const isDataRequest = (request: Request) => new URL(request.url).pathname.endsWith(".data");

/**
 * The page's forms. The guarantee's two steps are refund-request.server.ts's. "Download Now" answers a fetcher with the link (the page starts the
 * download and shows a toast) and a whole-document post (no JavaScript, or a click before the page
 * has hydrated) with a redirect to the file itself. "Lost your link?" answers once the client's
 * limit is checked; the lookup and the e-mail run after the answer (`runLater`), so its timing is
 * the same whether or not the address bought.
 */
export async function handleSuccessAction(
  services: Services,
  request: Request,
  clientIp: string | null,
  runLater: (work: () => Promise<void>) => void = runAfterResponse,
) {
  const form = await readForm(request);
  const intent = field(form, "intent");

  if (intent === "download") {
    const order = await findPaidOrder(services, accessFrom(form), { ip: clientIp });
    if (!order)
      return data({ intent, error: SUCCESS_COPY.downloadError } satisfies SuccessActionData, { status: 403 });
    const product = await getCurrentProduct(services.database.db);
    if (!product) {
      return data({ intent, error: SUCCESS_COPY.downloadUnavailable } satisfies SuccessActionData, {
        status: 404,
      });
    }
    const url = downloadPath(
      createDownloadToken(services.settings.tokenSecrets, { orderId: order.id, productId: product.id }),
    );
    if (!isDataRequest(request)) return redirect(url, 303);
    return { intent, url } satisfies SuccessActionData;
  }

  if (intent === "refund-review" || intent === "refund") {
    return handleRefundAction(services, form, accessFrom(form), clientIp);
  }

  if (intent === "lost-link") {
    const parsed = lostLinkSchema.safeParse({
      email: field(form, "email"),
      [HONEYPOT_FIELD]: field(form, HONEYPOT_FIELD),
    });
    if (!parsed.success) {
      return data(
        { intent, ok: false, message: CHECKOUT_COPY.emailInvalid.message } satisfies SuccessActionData,
        { status: 400 },
      );
    }
    if (!(await acceptLostLinkRequest(services, clientIp))) {
      return data({ intent, ok: false, message: SUCCESS_COPY.lostRateLimited } satisfies SuccessActionData, {
        status: 429,
      });
    }
    const { email } = parsed.data;
    runLater(() => sendLostLink(services, email));
    return { intent, ok: true, message: SUCCESS_COPY.lostSent } satisfies SuccessActionData;
  }

  return data(
    { intent: "lost-link", ok: false, message: SUCCESS_COPY.unknownRequest } satisfies SuccessActionData,
    { status: 400 },
  );
}
