/** Ordini's card for the test orders: how many there are, and their deletion after a confirmation that names the count. */
import { Trash2 } from "lucide-react";
import { useRef } from "react";
import { useFetcher } from "react-router";
import type { AdminActionData } from "#app/components/admin/admin-types.ts";
import { useActionToast } from "#app/components/admin/use-action-toast.ts";
import { ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";

const copy = ADMIN_PAGES_COPY.orders.testOrders;

export function TestOrdersCard({ deletable, inProgress }: { deletable: number; inProgress: number }) {
  const remove = useFetcher<AdminActionData>();
  const dialog = useRef<HTMLDialogElement>(null);
  useActionToast(remove);
  if (deletable === 0 && inProgress === 0) return null;
  return (
    <section
      aria-labelledby="test-orders-title"
      className="mt-6 rounded-2xl border border-amber-200 bg-amber-50 p-4"
      data-testid="test-orders"
    >
      <h2 id="test-orders-title" className="font-bold">
        {copy.title}
      </h2>
      <p className="mt-1 text-sm">{copy.text(deletable, inProgress)}</p>
      {deletable > 0 && (
        <button
          type="button"
          onClick={() => dialog.current?.showModal()}
          className="mt-3 inline-flex items-center gap-2 rounded-md border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50"
        >
          <Trash2 aria-hidden="true" className="size-4" /> {copy.button}
        </button>
      )}
      <dialog
        ref={dialog}
        aria-labelledby="delete-test-orders-title"
        className="m-auto w-[min(92vw,26rem)] rounded-2xl p-6 backdrop:bg-slate-900/60"
      >
        <h2 id="delete-test-orders-title" className="text-lg font-bold">
          {copy.confirmTitle}
        </h2>
        <p className="mt-2 text-sm text-slate-600">{copy.confirmText(deletable)}</p>
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
            {copy.cancel}
          </button>
          <button
            type="submit"
            name="intent"
            value="delete-test-orders"
            className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
          >
            {copy.confirm}
          </button>
        </remove.Form>
      </dialog>
    </section>
  );
}
