/** The reconciliation card: what the last passes checked and fixed, and the "Riconcilia ora" button. */
import { RefreshCw } from "lucide-react";
import { useFetcher } from "react-router";
import type { AdminActionData, SettingsPageData } from "#app/components/admin/admin-types.ts";
import { useActionToast } from "#app/components/admin/use-action-toast.ts";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { dateTimeIt } from "#app/lib/admin/format-it.ts";

export function ReconcileCard({ reconcile }: { reconcile: NonNullable<SettingsPageData["reconcile"]> }) {
  const copy = ADMIN_COPY.reconcile;
  const fetcher = useFetcher<AdminActionData>();
  useActionToast(fetcher);
  const busy = fetcher.state !== "idle";
  return (
    <section aria-labelledby="reconcile-title" className="mt-10 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="reconcile-title" className="text-lg font-bold">
          {copy.title}
        </h2>
        <fetcher.Form method="post">
          <button
            type="submit"
            name="intent"
            value="reconcile"
            disabled={busy}
            className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-60"
          >
            <RefreshCw aria-hidden="true" className="size-4" /> {busy ? copy.running : copy.button}
          </button>
        </fetcher.Form>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        {reconcile.intervalS > 0 ? copy.every(Math.round(reconcile.intervalS / 60)) : copy.off}
      </p>
      {reconcile.runs.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{copy.empty}</p>
      ) : (
        <>
          <h3 className="mt-3 text-sm font-semibold">{copy.lastRuns}</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {reconcile.runs.map((run) => (
              <li key={run.id} className={run.error ? "text-red-800" : "text-slate-700"}>
                {dateTimeIt(run.startedAt)} ({copy.triggers[run.trigger] ?? run.trigger}
                ): {copy.checked(run.sessionsChecked)},{" "}
                {run.error ? copy.failed(run.error) : copy.fixed(run.fixedOrders)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
