import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { SUCCESS_COPY } from "#app/content/checkout.ts";
import { findPaidOrder } from "#app/lib/checkout/find-paid-order.server.ts";
import { sendLostLink } from "#app/lib/checkout/send-lost-link.server.ts";
import { createDownloadToken } from "#app/lib/downloads/prepare-download.server.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import { clientIpContext } from "#app/lib/request-context.ts";
import { getServices } from "#app/lib/services.server.ts";

const accessFrom = (params: URLSearchParams | FormData) => ({
  sessionId: params.get("session_id")?.toString() || null,
  token: params.get("t")?.toString() || null,
});

/** The success page: the order and its download for a paid order, the "lost your link" form otherwise. */
export async function loadSuccessPage({ request }: LoaderFunctionArgs) {
  const services = await getServices();
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

const lostLinkSchema = z.object({
  email: z.string().trim().min(1).max(254).pipe(z.email()),
  website: z.string().max(0).optional(),
});

export type SuccessActionData =
  | { intent: "download"; url: string }
  | { intent: "download"; error: { title: string; message: string } }
  | { intent: "lost-link"; message: string; ok: boolean };

export async function handleSuccessAction({ request, context }: ActionFunctionArgs) {
  const services = await getServices();
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "download") {
    const order = await findPaidOrder(services, accessFrom(form));
    if (!order)
      return data({ intent, error: SUCCESS_COPY.downloadError } as SuccessActionData, { status: 403 });
    if (!(await getCurrentProduct(services.database.db))) {
      return data({ intent, error: SUCCESS_COPY.downloadUnavailable } as SuccessActionData, { status: 404 });
    }
    return {
      intent,
      url: `/download/${createDownloadToken(services.settings.sessionSecrets, order.id)}`,
    } as SuccessActionData;
  }

  if (intent === "lost-link") {
    const parsed = lostLinkSchema.safeParse({
      email: form.get("email") ?? "",
      website: form.get("website") ?? "",
    });
    if (!parsed.success) {
      return data(
        {
          intent,
          ok: false,
          message: "Please enter a valid email address, like name@example.com.",
        } as SuccessActionData,
        { status: 400 },
      );
    }
    const ip = context.get(clientIpContext);
    const { rateLimited } = await sendLostLink(services, parsed.data.email, ip);
    if (rateLimited) {
      return data({ intent, ok: false, message: SUCCESS_COPY.lostRateLimited } as SuccessActionData, {
        status: 429,
      });
    }
    return { intent, ok: true, message: SUCCESS_COPY.lostSent } as SuccessActionData;
  }

  return data({ intent: "lost-link", ok: false, message: "Unknown request." } as SuccessActionData, {
    status: 400,
  });
}
