/** The product status card: the file on sale (name, size, date, version, files, checksum) or a notice of none. */
import { FileArchive } from "lucide-react";
import type { ProductPageData } from "#app/components/admin/admin-types.ts";
import { ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";
import { dateTimeIt, numberIt } from "#app/lib/admin/format-it.ts";
import { formatFileSize } from "#app/lib/file-size.ts";

const copy = ADMIN_PAGES_COPY.product;

export function ProductStatusCard({ product, files }: Pick<ProductPageData, "product" | "files">) {
  return (
    <section aria-labelledby="status-title" className="rounded-2xl border border-slate-200 p-4 sm:p-6">
      <h2 id="status-title" className="flex items-center gap-2 text-lg font-bold">
        <FileArchive aria-hidden="true" className="size-5 text-brand-700" /> {copy.current}
      </h2>
      {product ? (
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">{copy.fileName}</dt>
          <dd className="break-all">{product.fileName}</dd>
          <dt className="text-slate-600">{copy.size}</dt>
          <dd>{formatFileSize(product.size)}</dd>
          <dt className="text-slate-600">{copy.uploaded}</dt>
          <dd>{dateTimeIt(product.uploadedAt)}</dd>
          {product.version && (
            <>
              <dt className="text-slate-600">{copy.version}</dt>
              <dd>{product.version}</dd>
            </>
          )}
          <dt className="text-slate-600">{copy.format}</dt>
          <dd>{copy.formatValue}</dd>
          {files && (
            <>
              <dt className="text-slate-600">{copy.files}</dt>
              <dd data-testid="file-count">{numberIt(files.length)}</dd>
            </>
          )}
          <dt className="text-slate-600">{copy.sha256}</dt>
          <dd className="font-mono text-xs break-all">{product.sha256}</dd>
          <dt className="text-slate-600">{copy.state}</dt>
          <dd>
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-800">
              {copy.onSale}
            </span>
          </dd>
        </dl>
      ) : (
        <p className="mt-4 rounded-lg bg-amber-50 p-4 text-sm font-semibold text-amber-900">{copy.none}</p>
      )}
    </section>
  );
}
