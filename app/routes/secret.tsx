/**
 * The admin panel and the purchase success page live at secret paths generated at first start
 * (DESIGN.md), which routes.ts cannot name. This route resolves a one-segment path to one of the
 * two and answers 404 for everything else; each page's code lives in its own modules and its
 * component loads only when that page is shown.
 */
import { lazy, Suspense } from "react";
import { handleAdminAction, loadAdminPage } from "#app/lib/admin/admin-page.server.ts";
import { handleSuccessAction, loadSuccessPage } from "#app/lib/checkout/success-page.server.ts";
import { notFound } from "#app/lib/not-found.server.ts";
import { getServices } from "#app/lib/services.server.ts";
import type { Route } from "./+types/secret";

const AdminPage = lazy(() => import("#app/components/admin/admin-page.tsx"));
const SuccessPage = lazy(() => import("#app/components/success/success-page.tsx"));

async function pageFor(args: Route.LoaderArgs | Route.ActionArgs) {
  const { settings } = await getServices();
  if (args.params.secret === settings.adminPath) return "admin" as const;
  if (args.params.secret === settings.successPath) return "success" as const;
  notFound(args.request);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.page === "admin" ? "Pannello di amministrazione segreto" : "Purchase successful" },
  { name: "robots", content: "noindex, nofollow" },
];

export function headers() {
  // Neither page may be cached by a browser or a proxy: both show personal or secret data, and
  // their secret URL is never sent to another site as a referrer.
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

export async function loader(args: Route.LoaderArgs) {
  return (await pageFor(args)) === "admin"
    ? { page: "admin" as const, data: await loadAdminPage(args) }
    : { page: "success" as const, data: await loadSuccessPage(args) };
}

export async function action(args: Route.ActionArgs) {
  return (await pageFor(args)) === "admin" ? handleAdminAction(args) : handleSuccessAction(args);
}

export default function SecretPage({ loaderData }: Route.ComponentProps) {
  return (
    <Suspense>
      {loaderData.page === "admin" ? (
        <AdminPage data={loaderData.data} />
      ) : (
        <SuccessPage data={loaderData.data} />
      )}
    </Suspense>
  );
}
