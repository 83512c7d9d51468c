import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "react-router";
import { ADMIN_COPY } from "#app/content/admin.ts";
import {
  createAdminSession,
  destroyAdminSession,
  hasAdminSession,
} from "#app/lib/admin/admin-session.server.ts";
import { isSameOrigin } from "#app/lib/admin/require-admin.server.ts";
import { createAdminDownloadToken } from "#app/lib/downloads/prepare-download.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { retryEmailNow } from "#app/lib/mail/outbox.server.ts";
import {
  failedEmails,
  freshDownloadLink,
  listOrders,
  refundOrder,
  resendDeliveryEmail,
  revenueSummary,
} from "#app/lib/orders/admin-orders.server.ts";
import { verifyPassword } from "#app/lib/password.server.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import { deleteCurrentProduct } from "#app/lib/products/upload-product.server.ts";
import { hit, peek } from "#app/lib/rate-limit.server.ts";
import { clientIpContext } from "#app/lib/request-context.ts";
import { getServices } from "#app/lib/services.server.ts";
import { getSetting } from "#app/lib/settings.server.ts";

const SIGN_IN_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

/** The panel's data for a signed-in admin; only `signedIn: false` otherwise. */
export async function loadAdminPage({ request }: LoaderFunctionArgs) {
  const services = await getServices();
  const db = services.database.db;
  if (!(await hasAdminSession(db, services.env.PUBLIC_URL, request))) return { signedIn: false as const };
  const url = new URL(request.url);
  const product = await getCurrentProduct(db);
  return {
    signedIn: true as const,
    adminPath: services.settings.adminPath,
    maxUploadBytes: services.env.MAX_UPLOAD_BYTES,
    product: product && {
      fileName: product.fileName,
      size: product.size,
      uploadedAt: product.uploadedAt.toISOString(),
      entryCount: product.entryCount,
      sha256: product.sha256,
    },
    query: url.searchParams.get("q")?.slice(0, 200) ?? "",
    orders: await listOrders(db, {
      query: url.searchParams.get("q") ?? "",
      page: Number(url.searchParams.get("page")) || 1,
    }),
    revenue: await revenueSummary(db),
    failedEmails: (await failedEmails(db)).map((e) => ({
      ...e,
      nextAttemptAt: e.nextAttemptAt.toISOString(),
    })),
  };
}

export type AdminPageData = Awaited<ReturnType<typeof loadAdminPage>>;

export type AdminActionData =
  | { intent: "sign-in"; error: string }
  | { intent: "download"; url: string }
  | { intent: "link"; url: string }
  | { intent: string; ok: boolean; title?: string; message: string };

const fail = (intent: string, title: string, message: string, status: number) =>
  data({ intent, ok: false, title, message } as AdminActionData, { status });

export async function handleAdminAction({ request, context }: ActionFunctionArgs) {
  const services = await getServices();
  const db = services.database.db;
  const publicUrl = services.env.PUBLIC_URL;
  if (!isSameOrigin(request, publicUrl))
    return fail("unknown", ADMIN_COPY.forbidden, ADMIN_COPY.forbidden, 403);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  if (intent === "sign-in") {
    const ipKey = `admin-sign-in:${context.get(clientIpContext) ?? "unknown"}`;
    const state = await peek(db, ipKey, SIGN_IN_LIMIT.limit);
    if (!state.allowed) {
      const minutes = Math.max(1, Math.ceil(state.retryAfterMs / 60_000));
      return data({ intent, error: ADMIN_COPY.signIn.tooMany(minutes) } as AdminActionData, { status: 429 });
    }
    const password = String(form.get("password") ?? "");
    const stored = await getSetting(db, "admin_password_hash");
    const honeypot = String(form.get("website") ?? "");
    if (honeypot || !stored || !(await verifyPassword(password, stored))) {
      await hit(db, ipKey, SIGN_IN_LIMIT);
      return data({ intent, error: ADMIN_COPY.signIn.wrong } as AdminActionData, { status: 401 });
    }
    const cookie = await createAdminSession(db, publicUrl, request.headers.get("user-agent"));
    return redirect(`/${services.settings.adminPath}`, { headers: { "Set-Cookie": cookie } });
  }

  if (!(await hasAdminSession(db, publicUrl, request))) {
    return data({ intent: "sign-in", error: ADMIN_COPY.signIn.expired } as AdminActionData, { status: 401 });
  }
  const orderId = String(form.get("orderId") ?? "");
  const copy = ADMIN_COPY.orders;
  switch (intent) {
    case "sign-out": {
      const cookie = await destroyAdminSession(db, publicUrl, request);
      return redirect(`/${services.settings.adminPath}`, { headers: { "Set-Cookie": cookie } });
    }
    case "download":
      if (!(await getCurrentProduct(db))) {
        return fail(intent, ADMIN_COPY.toasts.noProduct.title, ADMIN_COPY.toasts.noProduct.message, 404);
      }
      return {
        intent,
        url: `/download/${createAdminDownloadToken(services.settings.sessionSecrets)}`,
      } as AdminActionData;
    case "delete":
      if (!(await deleteCurrentProduct(services))) {
        return fail(intent, ADMIN_COPY.toasts.noProduct.title, ADMIN_COPY.toasts.noProduct.message, 404);
      }
      return { intent, ok: true, message: ADMIN_COPY.toasts.deleted } as AdminActionData;
    case "resend":
      return (await resendDeliveryEmail(services, orderId))
        ? ({ intent, ok: true, message: copy.resent } as AdminActionData)
        : fail(intent, copy.actionError, copy.actionError, 409);
    case "link": {
      const url = await freshDownloadLink(services, orderId);
      return url
        ? ({ intent, url } as AdminActionData)
        : fail(intent, copy.actionError, copy.actionError, 409);
    }
    case "refund":
      try {
        return (await refundOrder(services, orderId))
          ? ({ intent, ok: true, message: copy.refunded } as AdminActionData)
          : fail(intent, copy.actionError, copy.actionError, 409);
      } catch (error) {
        logger.error({ err: error, orderId }, "refund failed");
        return fail(intent, copy.actionError, copy.actionError, 502);
      }
    case "retry-email":
      await retryEmailNow(db, Number(form.get("emailId")));
      services.kickOutbox();
      return { intent, ok: true, message: copy.retried } as AdminActionData;
    default:
      return fail(intent, copy.actionError, copy.actionError, 400);
  }
}
