/**
 * The history of uploaded versions (date, size, SHA-256, who uploaded, the changelogs), the
 * current one marked, and "Avvisa gli acquirenti" on the current one until it has been pressed.
 * Cards, not a table, so it reads the same at 390 px.
 */
import { History, Send } from "lucide-react";
import { useFetcher } from "react-router";
import type { AdminActionData, ProductPageData } from "#app/components/admin/admin-types.ts";
import { useActionToast } from "#app/components/admin/use-action-toast.ts";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { dateTimeIt } from "#app/lib/admin/format-it.ts";
import { formatFileSize } from "#app/lib/file-size.ts";

type Version = ProductPageData["versions"]["items"][number];

type NotifyFetcher = ReturnType<typeof useFetcher<AdminActionData>>;

export function VersionsSection({ versions }: { versions: ProductPageData["versions"] }) {
  const copy = ADMIN_COPY.versions;
  // Here, not in the button: the answer removes the button, and its toast must still show.
  const fetcher = useFetcher<AdminActionData>();
  useActionToast(fetcher);
  return (
    <section aria-labelledby="versions-title" className="mt-10">
      <h2 id="versions-title" className="flex items-center gap-2 text-2xl font-bold">
        <History aria-hidden="true" className="size-6 text-brand-700" /> {copy.title}
      </h2>
      {versions.items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{copy.empty}</p>
      ) : (
        <ol className="mt-4 space-y-4">
          {versions.items.map((version) => (
            <VersionCard
              key={version.id}
              version={version}
              perMinute={versions.perMinute}
              fetcher={fetcher}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function VersionCard({
  version,
  perMinute,
  fetcher,
}: {
  version: Version;
  perMinute: number;
  fetcher: NotifyFetcher;
}) {
  const copy = ADMIN_COPY.versions;
  return (
    <li
      className={`rounded-2xl border p-5 ${version.current ? "border-2 border-brand-600 bg-brand-50" : "border-slate-200"}`}
    >
      <h3 className="flex flex-wrap items-center gap-2 text-lg font-bold">
        <span className="break-all">{version.version ?? copy.noVersion}</span>
        {version.current && (
          <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-800">
            {copy.current}
          </span>
        )}
      </h3>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{copy.uploadedAt}</dt>
        <dd>{dateTimeIt(version.uploadedAt)}</dd>
        <dt className="text-slate-600">{copy.size}</dt>
        <dd>
          {formatFileSize(version.size)}{" "}
          <span className="break-all text-slate-600">({version.fileName})</span>
        </dd>
        <dt className="text-slate-600">{copy.sha256}</dt>
        <dd className="font-mono text-xs break-all">{version.sha256}</dd>
        <dt className="text-slate-600">{copy.uploadedBy}</dt>
        <dd>{version.uploadedBy ?? copy.unknownUploader}</dd>
        {version.changelogIt && (
          <>
            <dt className="text-slate-600">{copy.changelogIt}</dt>
            <dd className="break-words whitespace-pre-line">{version.changelogIt}</dd>
          </>
        )}
        {version.changelogEn && (
          <>
            <dt className="text-slate-600">{copy.changelogEn}</dt>
            <dd lang="en" className="break-words whitespace-pre-line">
              {version.changelogEn}
            </dd>
          </>
        )}
      </dl>
      {version.notifiedAt ? (
        <p className="mt-3 text-sm text-slate-600">{copy.notifiedAt(dateTimeIt(version.notifiedAt))}</p>
      ) : (
        version.current && <NotifyButton productId={version.id} perMinute={perMinute} fetcher={fetcher} />
      )}
    </li>
  );
}

function NotifyButton({
  productId,
  perMinute,
  fetcher,
}: {
  productId: string;
  perMinute: number;
  fetcher: NotifyFetcher;
}) {
  const copy = ADMIN_COPY.versions;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="mt-4">
      <input type="hidden" name="productId" value={productId} />
      <p className="text-sm text-slate-600">{copy.notifyHint(perMinute)}</p>
      <button
        type="submit"
        name="intent"
        value="notify"
        disabled={busy}
        className="mt-2 inline-flex items-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        <Send aria-hidden="true" className="size-4" /> {busy ? copy.notifying : copy.notify}
      </button>
    </fetcher.Form>
  );
}
