/** The verify card: downloads the product on sale to check it, and deletes it after a confirmation dialog. */
import { Download, Trash2 } from "lucide-react";
import { useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { AdminActionData } from "#app/components/admin/admin-types.ts";
import { useActionToast } from "#app/components/admin/use-action-toast.ts";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";

export function VerifyProductCard({ hasProduct }: { hasProduct: boolean }) {
  const download = useFetcher<AdminActionData>();
  const remove = useFetcher<AdminActionData>();
  const dialog = useRef<HTMLDialogElement>(null);
  useActionToast(download, (url) => {
    window.location.assign(url);
    toast.success(ADMIN_COPY.toasts.downloadStarted);
  });
  useActionToast(remove);
  const copy = ADMIN_COPY.download;
  return (
    <section aria-labelledby="download-title" className="rounded-2xl border border-slate-200 p-4 sm:p-6">
      <h2 id="download-title" className="flex items-center gap-2 text-lg font-bold">
        <Download aria-hidden="true" className="size-5 text-brand-700" /> {copy.title}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{copy.text}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <download.Form method="post">
          <button
            type="submit"
            name="intent"
            value="download"
            disabled={!hasProduct || download.state !== "idle"}
            aria-describedby={hasProduct ? undefined : "download-disabled"}
            className="inline-flex items-center gap-2 rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700 disabled:opacity-50"
          >
            <Download aria-hidden="true" className="size-4" /> {copy.button}
          </button>
        </download.Form>
        {!hasProduct && (
          <p id="download-disabled" className="w-full text-sm text-slate-600">
            {ADMIN_PAGES_COPY.product.downloadDisabled}
          </p>
        )}
        {hasProduct && (
          <button
            type="button"
            onClick={() => dialog.current?.showModal()}
            className="inline-flex items-center gap-2 rounded-md border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
          >
            <Trash2 aria-hidden="true" className="size-4" /> {ADMIN_COPY.remove.button}
          </button>
        )}
      </div>
      <dialog
        ref={dialog}
        aria-labelledby="delete-title"
        className="m-auto w-[min(92vw,26rem)] rounded-2xl p-6 backdrop:bg-slate-900/60"
      >
        <h2 id="delete-title" className="text-lg font-bold">
          {ADMIN_COPY.remove.confirmTitle}
        </h2>
        <p className="mt-2 text-sm text-slate-600">{ADMIN_COPY.remove.confirmText}</p>
        <remove.Form
          method="post"
          className="mt-6 flex justify-end gap-3"
          onSubmit={() => dialog.current?.close()}
        >
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="rounded-md px-4 py-2 text-sm hover:bg-slate-100"
          >
            {ADMIN_COPY.remove.cancel}
          </button>
          <button
            type="submit"
            name="intent"
            value="delete"
            className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
          >
            {ADMIN_COPY.remove.confirm}
          </button>
        </remove.Form>
      </dialog>
    </section>
  );
}
