/** The product status card: the file on sale (name, size, date, price, checksum) or a notice of none. */
import { FileArchive } from "lucide-react";
import type { SignedIn } from "#app/components/admin/admin-types.ts";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { PRODUCT } from "#app/content/site.ts";
import { formatFileSize } from "#app/lib/file-size.ts";
import { formatCents } from "#app/lib/money.ts";

const itDate = (iso: string) =>
  new Date(iso).toLocaleString("it-IT", { dateStyle: "long", timeStyle: "short" });

export function ProductStatusCard({ data }: { data: SignedIn }) {
  const copy = ADMIN_COPY.status;
  const product = data.product;
  return (
    <section aria-labelledby="status-title" className="rounded-2xl border border-slate-200 p-6">
      <h3 id="status-title" className="flex items-center gap-2 text-lg font-bold">
        <FileArchive aria-hidden="true" className="size-5 text-brand-700" /> {copy.title}
      </h3>
      {product ? (
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-500">{copy.fileName}</dt>
          <dd className="break-all">{product.fileName}</dd>
          <dt className="text-slate-500">{copy.size}</dt>
          <dd>{formatFileSize(product.size)}</dd>
          <dt className="text-slate-500">{copy.updated}</dt>
          <dd>{itDate(product.uploadedAt)}</dd>
          <dt className="text-slate-500">{copy.price}</dt>
          <dd>{formatCents(PRODUCT.priceCents)}</dd>
          <dt className="text-slate-500">{copy.format}</dt>
          <dd>{copy.formatValue}</dd>
          <dt className="text-slate-500">{copy.entries}</dt>
          <dd>{product.entryCount}</dd>
          <dt className="text-slate-500">{copy.sha256}</dt>
          <dd className="font-mono text-xs break-all">{product.sha256}</dd>
          <dt className="text-slate-500">{copy.state}</dt>
          <dd>
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-800">
              {copy.ready}
            </span>
          </dd>
        </dl>
      ) : (
        <div className="mt-4 rounded-lg bg-amber-50 p-4 text-amber-900">
          <p className="font-semibold">{copy.none}</p>
          <p className="mt-1 text-sm">{copy.noneText}</p>
        </div>
      )}
    </section>
  );
}
