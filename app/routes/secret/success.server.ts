/**
 * The success page's loader and action at `/{SUCCESS_PATH}`: the order and its download for a
 * paid order, the "lost your link?" form otherwise. Form parsing, status codes and copy live here.
 */
import { data } from "react-router";
import { CHECKOUT_COPY, SUCCESS_COPY } from "#app/content/checkout.ts";
import { lostLinkSchema } from "#app/lib/checkout/checkout-schema.ts";
import { findPaidOrder } from "#app/lib/checkout/find-paid-order.server.ts";
import { sendLostLink } from "#app/lib/checkout/send-lost-link.server.ts";
import { createDownloadToken } from "#app/lib/downloads/prepare-download.server.ts";
import { HONEYPOT_FIELD } from "#app/lib/honeypot.ts";
import { downloadPath } from "#app/lib/links.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { field, readForm } from "#app/routes/http.server.ts";

const accessFrom = (params: URLSearchParams | FormData) => ({
  sessionId: params.get("session_id")?.toString() || null,
  token: params.get("t")?.toString() || null,
});

export async function loadSuccessPage(services: Services, request: Request) {
  const access = accessFrom(new URL(request.url).searchParams);
  const order = await findPaidOrder(services, access);
  const product = order ? await getCurrentProduct(services.database.db) : null;
  return {
    supportEmail: services.env.SUPPORT_EMAIL,
    reviewUrl: services.env.REVIEW_URL ?? null,
    order: order && {
      number: order.number,
      email: order.email,
      amountCents: order.amountCents,
      discountApplied: order.discountApplied,
      paidAt: (order.paidAt ?? order.createdAt).toISOString(),
    },
    access: order ? access : null,
    productSize: product?.size ?? null,
  };
}

export type SuccessPageData = Awaited<ReturnType<typeof loadSuccessPage>>;

export type SuccessActionData =
  | { intent: "download"; url: string }
  | { intent: "download"; error: { title: string; message: string } }
  | { intent: "lost-link"; message: string; ok: boolean };

export async function handleSuccessAction(services: Services, request: Request, clientIp: string | null) {
  const form = await readForm(request);
  const intent = field(form, "intent");

  if (intent === "download") {
    const order = await findPaidOrder(services, accessFrom(form));
    if (!order)
      return data({ intent, error: SUCCESS_COPY.downloadError } satisfies SuccessActionData, { status: 403 });
    if (!(await getCurrentProduct(services.database.db))) {
      return data({ intent, error: SUCCESS_COPY.downloadUnavailable } satisfies SuccessActionData, {
        status: 404,
      });
    }
    const token = createDownloadToken(services.settings.tokenSecrets, order.id);
    return { intent, url: downloadPath(token) } satisfies SuccessActionData;
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
    const { rateLimited } = await sendLostLink(services, parsed.data.email, clientIp);
    if (rateLimited) {
      return data({ intent, ok: false, message: SUCCESS_COPY.lostRateLimited } satisfies SuccessActionData, {
        status: 429,
      });
    }
    return { intent, ok: true, message: SUCCESS_COPY.lostSent } satisfies SuccessActionData;
  }

  return data(
    { intent: "lost-link", ok: false, message: SUCCESS_COPY.unknownRequest } satisfies SuccessActionData,
    { status: 400 },
  );
}
