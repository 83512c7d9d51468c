/**
 * The admin's one action, which every admin page posts to (ADR 033): sign-in and sign-out, then
 * the order, product, refund-request, promotion, settings and fiscal-settings intents. Form parsing, status codes, cookies
 * and the Italian copy live here; the work is done by the domain verbs in app/lib.
 */
import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { ADMIN_FIGURES_COPY } from "#app/content/admin-figures.ts";
import { ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";
import { createAdminDownloadToken } from "#app/lib/downloads/prepare-download.server.ts";
import { HONEYPOT_FIELD, honeypotField } from "#app/lib/honeypot.ts";
import { downloadPath } from "#app/lib/links.ts";
import { logger } from "#app/lib/logger.server.ts";
import { retryEmailNow } from "#app/lib/mail/outbox.server.ts";
import {
  freshDownloadLink,
  orderStatus,
  refundOrder,
  resendDeliveryEmail,
} from "#app/lib/orders/admin-orders.server.ts";
import { deleteTestOrders } from "#app/lib/orders/delete-test-orders.server.ts";
import { reconcileOrders } from "#app/lib/orders/reconcile-orders.server.ts";
import { tellBuyerOfRefund } from "#app/lib/orders/refund-requests.server.ts";
import { setOwnerNotices } from "#app/lib/owner/owner-notices.server.ts";
import { verifyPasswordInTurn } from "#app/lib/password.server.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import { notifyBuyers } from "#app/lib/products/notify-buyers.server.ts";
import { deleteCurrentProduct } from "#app/lib/products/upload-product.server.ts";
import { forget, hitBoth, lockedOut, networkLimitKey } from "#app/lib/rate-limit.server.ts";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import type { Services } from "#app/lib/services.server.ts";
import { getSetting } from "#app/lib/settings.server.ts";
import {
  hasAdminSession,
  isSameOrigin,
  signInCookie,
  signOutCookie,
} from "#app/routes/admin/guard.server.ts";
import { handlePromotionAction } from "#app/routes/admin/promotions.server.ts";
import { handleRefundRequestAction } from "#app/routes/admin/refund-requests.server.ts";
import { handleReviewAction, REVIEW_INTENTS } from "#app/routes/admin/reviews.server.ts";
import { handleFiscalAction } from "#app/routes/admin/settings.server.ts";
import { field, notFound, readForm } from "#app/routes/http.server.ts";

/** Sign-ins from one network in 15 minutes (a success clears its count). */
const SIGN_IN_LIMIT = { limit: 10, windowMs: 15 * 60_000 };
/**
 * Sign-ins the whole store takes in 15 minutes, from every network together: guessing from many
 * networks stops here. The owner signs in a few times a day; while it is reached, the owner waits too.
 */
const SIGN_IN_STORE_LIMIT = { limit: 100, windowMs: 15 * 60_000 };
const SIGN_IN_STORE_KEY = "admin-sign-in:store";

const signInSchema = z.object({ password: z.string().max(1024), [HONEYPOT_FIELD]: honeypotField });

/** The ids the order and e-mail actions name, checked before they reach a query (a bad one was a 500). */
const orderIdSchema = z.uuid();
const emailIdSchema = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const ORDER_INTENTS = new Set(["resend", "link", "refund", "refund-approve", "refund-decline"]);
const PRODUCT_INTENTS = new Set(["notify"]);

export type AdminActionData =
  | { intent: "sign-in"; error: string }
  | { intent: "download"; url: string }
  | { intent: "link"; url: string }
  | { intent: string; ok: boolean; title?: string; message: string };

const fail = (intent: string, title: string, message: string, status: number) =>
  data({ intent, ok: false, title, message } satisfies AdminActionData, { status });

/** The action of every admin page: the path first (404 for any other), then handleAdminAction. */
export async function adminAction(args: {
  request: Request;
  params: { secret?: string };
  context: Readonly<RouterContextProvider>;
}) {
  const services = args.context.get(servicesContext);
  if (args.params.secret !== services.settings.adminPath) notFound(args.request);
  return handleAdminAction(services, args.request, args.context.get(clientIpContext));
}

export async function handleAdminAction(services: Services, request: Request, clientIp: string | null) {
  const db = services.database.db;
  if (!isSameOrigin(request, services.env))
    return fail("unknown", ADMIN_COPY.forbidden, ADMIN_COPY.forbidden, 403);
  const signedIn = await hasAdminSession(services, request);
  const networkKey = networkLimitKey("admin-sign-in", clientIp);
  const locked = (retryAfterMs: number) =>
    data(
      {
        intent: "sign-in",
        error: ADMIN_COPY.signIn.tooMany(Math.max(1, Math.ceil(retryAfterMs / 60_000))),
      } satisfies AdminActionData,
      { status: 429 },
    );
  // A locked-out network without a session is answered before its body is read.
  if (!signedIn) {
    const lock =
      (await lockedOut(db, networkKey, SIGN_IN_LIMIT)) ??
      (await lockedOut(db, SIGN_IN_STORE_KEY, SIGN_IN_STORE_LIMIT));
    if (lock) return locked(lock.retryAfterMs);
  }
  const form = await readForm(request);
  const intent = field(form, "intent");

  if (intent === "sign-in") {
    // Every attempt is counted (one statement, the network's count then the store's) before the
    // ~100 ms password check, so parallel guesses cannot slip past the limits; a successful
    // sign-in clears its network's count.
    const { first, second } = await hitBoth(
      db,
      { key: networkKey, rule: SIGN_IN_LIMIT },
      { key: SIGN_IN_STORE_KEY, rule: SIGN_IN_STORE_LIMIT },
    );
    if (!first.allowed) return locked(first.retryAfterMs);
    if (!second?.allowed) return locked(second?.retryAfterMs ?? 0);
    const parsed = signInSchema.safeParse({
      password: field(form, "password"),
      [HONEYPOT_FIELD]: field(form, HONEYPOT_FIELD),
    });
    const stored = await getSetting(db, "admin_password_hash");
    const verdict =
      parsed.success && stored ? await verifyPasswordInTurn(parsed.data.password, stored) : false;
    if (verdict === "busy")
      return data({ intent, error: ADMIN_COPY.signIn.busy } satisfies AdminActionData, { status: 429 });
    if (!verdict) {
      return data({ intent, error: ADMIN_COPY.signIn.wrong } satisfies AdminActionData, { status: 401 });
    }
    await forget(db, networkKey);
    return redirect(`/${services.settings.adminPath}`, {
      headers: { "Set-Cookie": await signInCookie(services, request) },
    });
  }

  if (!signedIn) {
    return data({ intent: "sign-in", error: ADMIN_COPY.signIn.expired } satisfies AdminActionData, {
      status: 401,
    });
  }
  const orderId = field(form, "orderId");
  const emailId = field(form, "emailId");
  const copy = ADMIN_COPY.orders;
  const noProduct = () =>
    fail(intent, ADMIN_COPY.toasts.noProduct.title, ADMIN_COPY.toasts.noProduct.message, 404);
  const done = (message: string) => ({ intent, ok: true, message }) satisfies AdminActionData;
  const refused = (status: number) => fail(intent, copy.actionError, copy.actionError, status);
  if (
    (ORDER_INTENTS.has(intent) && !orderIdSchema.safeParse(orderId).success) ||
    (intent === "retry-email" && !emailIdSchema.safeParse(emailId).success) ||
    (PRODUCT_INTENTS.has(intent) && !orderIdSchema.safeParse(field(form, "productId")).success)
  ) {
    logger.warn({ intent }, "admin action with a malformed id");
    return refused(400);
  }
  if (REVIEW_INTENTS.has(intent)) return handleReviewAction(services, intent, form, request);
  switch (intent) {
    case "sign-out":
      return redirect(`/${services.settings.adminPath}`, {
        headers: { "Set-Cookie": await signOutCookie(services, request) },
      });
    case "download":
      if (!(await getCurrentProduct(db))) return noProduct();
      return {
        intent,
        url: downloadPath(createAdminDownloadToken(services.settings.tokenSecrets)),
      } satisfies AdminActionData;
    case "delete":
      return (await deleteCurrentProduct(services)) ? done(ADMIN_COPY.toasts.deleted) : noProduct();
    case "resend":
      return (await resendDeliveryEmail(services, orderId)) ? done(copy.resent) : refused(409);
    case "link": {
      const url = await freshDownloadLink(services, orderId);
      return url ? ({ intent, url } satisfies AdminActionData) : refused(409);
    }
    case "refund":
      try {
        const refund = await refundOrder(services, orderId);
        if (refund) {
          await tellBuyerOfRefund(services, orderId, refund.amountCents, { guarantee: false });
          return done(copy.refunded);
        }
        const status = await orderStatus(db, orderId);
        const why =
          status === "refunded"
            ? copy.alreadyRefunded
            : status === "disputed"
              ? copy.disputedNoRefund
              : copy.notRefundable;
        return fail(intent, why, why, 409);
      } catch (error) {
        logger.error({ err: error, orderId }, "refund failed");
        return refused(502);
      }
    case "refund-approve":
    case "refund-decline":
    case "refund-mode":
      return handleRefundRequestAction(services, intent, form);
    case "delete-test-orders":
      return done(ADMIN_PAGES_COPY.orders.testOrders.deleted(await deleteTestOrders(db)));
    case "reconcile": {
      const run = await reconcileOrders(services, "admin");
      if (!run) return fail(intent, ADMIN_COPY.reconcile.busy, ADMIN_COPY.reconcile.busy, 409);
      if (run.error) return fail(intent, copy.actionError, ADMIN_COPY.reconcile.failed(run.error), 502);
      services.kickOutbox();
      return done(ADMIN_COPY.reconcile.done(run.fixedOrders.length));
    }
    case "notify": {
      const result = await notifyBuyers(services, field(form, "productId"));
      if (result.status === "refused")
        return fail(intent, ADMIN_COPY.versions.refused, ADMIN_COPY.versions.refused, 409);
      services.kickOutbox();
      return done(ADMIN_COPY.versions.queued(result.recipients));
    }
    case "promotion-create":
    case "promotion-end":
      return handlePromotionAction(services, intent, form);
    case "fiscal-settings":
    case "invoice-next-number":
      return handleFiscalAction(services, intent, form);
    case "owner-notices":
      await setOwnerNotices(db, {
        sale: field(form, "sale") === "on",
        dailySummary: field(form, "dailySummary") === "on",
      });
      return done(ADMIN_FIGURES_COPY.notices.saved);
    case "retry-email":
      await retryEmailNow(db, Number(emailId));
      services.kickOutbox();
      return done(copy.retried);
    default:
      return refused(400);
  }
}
