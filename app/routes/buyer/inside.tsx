/**
 * "What's inside" at `/{SUCCESS_PATH}/inside` (ADR 019): the pack's files read from the stored
 * ZIP's central directory, for the buyer the success page's access proof (`t` or `session_id`)
 * entitles. `?entry=N` answers with a fresh download link for file N (a redirect), so the page's
 * links never expire however long it stays open; the download itself checks the order again.
 */
import { data, redirect } from "react-router";
import WhatsInsidePage from "#app/components/success/whats-inside.tsx";
import { INSIDE_COPY } from "#app/content/inside.ts";
import { findPaidOrder } from "#app/lib/checkout/find-paid-order.server.ts";
import { insidePage } from "#app/lib/downloads/inside-listing.server.ts";
import { createDownloadToken } from "#app/lib/downloads/prepare-download.server.ts";
import { downloadPath, type SuccessAccess, successPagePath } from "#app/lib/links.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import type { PageHandle } from "#app/root.tsx";
import { needsDatabase, notFound } from "#app/routes/http.server.ts";
import type { Route } from "./+types/inside";

export const handle: PageHandle = { purchaseStep: () => true };

export const meta: Route.MetaFunction = () => [
  { title: INSIDE_COPY.title },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers() {
  // Personal: never cached by a browser or a proxy (as the success page).
  return { "Cache-Control": "no-store" };
}

export const loader = needsDatabase(async ({ params, request, context }: Route.LoaderArgs) => {
  const services = context.get(servicesContext);
  if (params.secret !== services.settings.successPath) notFound(request);
  const query = new URL(request.url).searchParams;
  const sessionId = query.get("session_id");
  const token = query.get("t");
  const access: SuccessAccess | null = token ? { t: token } : sessionId ? { session_id: sessionId } : null;
  const order = access
    ? await findPaidOrder(services, { sessionId, token }, { ip: context.get(clientIpContext) })
    : null;
  const backHref = successPagePath(services.settings.successPath, access ?? undefined);
  if (!order) return data({ backHref, error: INSIDE_COPY.noAccess, files: [], pages: null }, { status: 403 });
  const product = await getCurrentProduct(services.database.db);
  if (!product)
    return data({ backHref, error: INSIDE_COPY.noProduct, files: [], pages: null }, { status: 404 });

  const entry = query.get("entry");
  if (entry !== null) {
    if (!/^\d{1,7}$/.test(entry)) notFound(request);
    const link = downloadPath(
      createDownloadToken(services.settings.tokenSecrets, { orderId: order.id, productId: product.id }),
    );
    throw redirect(`${link}/entries/${entry}`, 303);
  }
  try {
    const listed = await insidePage(services, product, Number(query.get("page") ?? 1));
    const entryHref = (index: number) => `?${new URLSearchParams({ ...access, entry: String(index) })}`;
    const pageHref = (page: number) => `?${new URLSearchParams({ ...access, page: String(page) })}`;
    const files = listed.files.map((file) => ({ ...file, href: entryHref(file.index) }));
    const { page, pages: count } = listed;
    const pages =
      count > 1
        ? {
            page,
            count,
            previous: page > 1 ? pageHref(page - 1) : null,
            next: page < count ? pageHref(page + 1) : null,
          }
        : null;
    return { backHref, error: null, files, pages };
  } catch (error) {
    logger.error({ err: error, productId: product.id }, "could not read the product's ZIP directory");
    return data({ backHref, error: INSIDE_COPY.unreadable, files: [], pages: null }, { status: 500 });
  }
});

export default function InsideRoute({ loaderData }: Route.ComponentProps) {
  return <WhatsInsidePage {...loaderData} />;
}
