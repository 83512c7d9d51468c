/**
 * The secret segment's resolver (ADR 005, ADR 033). The admin area and the purchase success page
 * live at paths generated at first start, which routes.ts cannot name: this route answers
 * `/{ADMIN_PATH}` with the admin's Panoramica (app/routes/admin/) and `/{SUCCESS_PATH}` with the
 * buyer's success page (app/routes/buyer/), and 404 for every other segment. Each side's
 * component loads only when its page is shown. The admin's other pages are routes of their own.
 */
import { lazy, Suspense } from "react";
import { data } from "react-router";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";
import { SUCCESS_COPY } from "#app/content/checkout.ts";
// A standalone page script, not a worker: see home.tsx and ADR 008 (ADR 030 for the success page).
import successScript from "#app/enhance/success.ts?worker&url";
import { clientIpContext, servicesContext } from "#app/lib/router-context.ts";
import type { PageHandle } from "#app/root.tsx";
import { handleAdminAction } from "#app/routes/admin/action.server.ts";
import { loadOverviewPage } from "#app/routes/admin/overview.server.ts";
import {
  handleSuccessAction,
  loadSuccessPage,
  type SuccessActionData,
} from "#app/routes/buyer/success.server.ts";
import { needsDatabase, notFound } from "#app/routes/http.server.ts";
import { loadAsDocument } from "#app/routes/load-as-document.ts";
import type { Route } from "./+types/secret";

const AdminIndex = lazy(() => import("#app/components/admin/admin-index.tsx"));
const SuccessPage = lazy(() => import("#app/components/success/success-page.tsx"));

function pageFor({ params, request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const services = context.get(servicesContext);
  if (params.secret === services.settings.adminPath) return { page: "admin" as const, services };
  if (params.secret === services.settings.successPath) return { page: "success" as const, services };
  notFound(request);
}

type SecretData = Route.ComponentProps["loaderData"];

/**
 * The admin area is Italian and has its own header: its document says so (root.tsx reads both).
 * The success page ships without React, enhanced by its page script (ADR 030); the admin area
 * keeps React.
 */
export const handle: PageHandle = {
  lang: (data) => ((data as SecretData | undefined)?.page === "admin" ? "it" : undefined),
  ownHeader: (data) => (data as SecretData | undefined)?.page === "admin",
  script: (data) => ((data as SecretData | undefined)?.page === "success" ? successScript : undefined),
  purchaseStep: (data) => (data as SecretData | undefined)?.page === "success",
};

/**
 * A client-side navigation into this route (the test payment page's form redirects here) loads
 * the success page as a document, so it gets its page script (ADR 008's `loadAsDocument`); the
 * admin area's own navigations and revalidations stay client-side. Which page a path is only the
 * server knows, so its answer is asked first.
 */
export async function clientLoader(args: Route.ClientLoaderArgs) {
  const loaded = await args.serverLoader();
  if (loaded.page === "success") loadAsDocument(args);
  return loaded;
}

/** Each page is titled by what it shows: without an order the success page is the lost-link form. */
function title(data: SecretData | undefined): string {
  if (data?.page === "admin")
    return data.data.signedIn ? `${ADMIN_PAGES_COPY.overview.title} · ${ADMIN_COPY.title}` : ADMIN_COPY.title;
  switch (data?.data.view) {
    case "paid":
      return "Purchase successful";
    case "processing":
      return SUCCESS_COPY.processing.title;
    case "confirming":
      return SUCCESS_COPY.confirming.title;
    default:
      return SUCCESS_COPY.lostTitle;
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: title(loaderData) },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers() {
  // Neither page may be cached by a browser or a proxy: both show personal or secret data. Their
  // secret URL is never sent to another site as a referrer: server/app.ts's one Referrer-Policy,
  // "same-origin", covers every page (a second header here would contradict it, ADR 012).
  return { "Cache-Control": "no-store" };
}

export const loader = needsDatabase(async (args: Route.LoaderArgs) => {
  const { page, services } = pageFor(args);
  if (page === "admin") return { page, data: await loadOverviewPage(services, args.request) };
  const success = await loadSuccessPage(services, args.request, args.context.get(clientIpContext));
  return data({ page, data: success.payload }, { status: success.status });
});

export const action = needsDatabase(async (args: Route.ActionArgs) => {
  const { page, services } = pageFor(args);
  const ip = args.context.get(clientIpContext);
  return page === "admin"
    ? handleAdminAction(services, args.request, ip)
    : handleSuccessAction(services, args.request, ip);
});

export default function SecretPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Suspense>
      {loaderData.page === "admin" ? (
        <AdminIndex data={loaderData.data} />
      ) : (
        // A form posted as a document (the success page has no React in the browser) is answered
        // with the page and the form's answer.
        <SuccessPage data={loaderData.data} answer={actionData as SuccessActionData | undefined} />
      )}
    </Suspense>
  );
}
