/**
 * Prodotto at `/{ADMIN_PATH}/prodotto` (ADR 033): the file on sale, the upload (its refusals stay
 * on the page), download and delete, the versions with "Avvisa gli acquirenti", and a preview of
 * what buyers see in "What's inside".
 */
import { AdminShell } from "#app/components/admin/admin-shell.tsx";
import { InstructionsCard } from "#app/components/admin/instructions-card.tsx";
import { ProductStatusCard } from "#app/components/admin/product-status-card.tsx";
import { UploadCard } from "#app/components/admin/upload-card.tsx";
import { VerifyProductCard } from "#app/components/admin/verify-product-card.tsx";
import { VersionsSection } from "#app/components/admin/versions-section.tsx";
import { ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";
import { formatFileSize } from "#app/lib/file-size.ts";
import { adminAction } from "#app/routes/admin/action.server.ts";
import { adminPage } from "#app/routes/admin/guard.server.ts";
import { adminHandle, adminHeaders, adminMeta } from "#app/routes/admin/page-handle.ts";
import { loadProductPage } from "#app/routes/admin/product.server.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/product";

const copy = ADMIN_PAGES_COPY.product;

export const handle = adminHandle;
export const meta = () => adminMeta(copy.title);
export const headers = adminHeaders;

export const loader = needsDatabase(async (args: Route.LoaderArgs) =>
  loadProductPage(await adminPage(args), new URL(args.request.url).searchParams),
);

export const action = needsDatabase((args: Route.ActionArgs) => adminAction(args));

export default function ProductPage({ loaderData: data }: Route.ComponentProps) {
  return (
    <AdminShell adminPath={data.adminPath} title={copy.title}>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <ProductStatusCard product={data.product} files={data.files} />
        <UploadCard data={data} />
        <VerifyProductCard hasProduct={data.product !== null} />
        <InstructionsCard />
      </div>
      <VersionsSection versions={data.versions} />
      <section aria-labelledby="inside-title" className="mt-10">
        <h2 id="inside-title" className="text-xl font-bold">
          {copy.insideTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{copy.insideText}</p>
        {!data.product ? (
          <p className="mt-2 text-sm">{copy.insideNone}</p>
        ) : !data.files ? (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {copy.insideUnreadable}
          </p>
        ) : (
          <div className="mt-2 overflow-x-auto rounded-xl border border-slate-200">
            <table lang="en" className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-600">
                <tr lang="it">
                  <th scope="col" className="px-3 py-2">
                    {copy.insideName}
                  </th>
                  <th scope="col" className="px-3 py-2 max-sm:hidden">
                    {copy.insideFolder}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {copy.insideType}
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    {copy.insideSize}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.files.map((file) => (
                  <tr key={file.index} className="border-t border-slate-100">
                    <th scope="row" className="px-3 py-2 font-normal break-all">
                      {file.name}
                    </th>
                    <td className="px-3 py-2 break-all max-sm:hidden">{file.folder}</td>
                    <td className="px-3 py-2">{file.type}</td>
                    <td className="px-3 py-2 text-right whitespace-nowrap">{formatFileSize(file.size)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </AdminShell>
  );
}
