/** The buyers' refund requests waiting for the owner, with one-click approve/decline, and the mode switch (ADR 021). */
import { RotateCcw } from "lucide-react";
import { useFetcher } from "react-router";
import type { AdminActionData, SignedIn } from "#app/components/admin/admin-types.ts";
import { useActionToast } from "#app/components/admin/use-action-toast.ts";
import { ADMIN_REFUND_REQUESTS_COPY as copy } from "#app/content/admin.ts";
import { formatCents } from "#app/lib/money.ts";

type Waiting = SignedIn["refundRequests"]["waiting"][number];

export function RefundRequestsCard({ data }: { data: SignedIn["refundRequests"] }) {
  const fetcher = useFetcher<AdminActionData>();
  useActionToast(fetcher);
  // One fetcher for every request: an approved request leaves the list, and its answer's toast must not leave with it.
  const decide = useFetcher<AdminActionData>();
  useActionToast(decide);
  return (
    <section
      aria-labelledby="refund-requests-title"
      className="mt-10 rounded-2xl border border-slate-200 p-6"
    >
      <h2 id="refund-requests-title" className="flex items-center gap-2 text-xl font-bold">
        <RotateCcw aria-hidden="true" className="size-5 text-brand-700" /> {copy.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{copy.intro}</p>
      <fetcher.Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <fieldset>
          <legend className="text-sm font-semibold">{copy.mode}</legend>
          {(["approve", "immediate"] as const).map((mode) => (
            <label key={mode} className="mt-1 flex items-center gap-2 text-sm">
              <input type="radio" name="mode" value={mode} defaultChecked={data.mode === mode} />
              {copy.modes[mode]}
            </label>
          ))}
        </fieldset>
        <button
          type="submit"
          name="intent"
          value="refund-mode"
          className="rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
        >
          {copy.save}
        </button>
      </fetcher.Form>
      {data.waiting.length === 0 ? (
        <p className="mt-4 text-sm text-slate-500">{copy.empty}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {data.waiting.map((request) => (
            <WaitingRequest key={request.orderId} request={request} fetcher={decide} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WaitingRequest({
  request,
  fetcher,
}: {
  request: Waiting;
  fetcher: ReturnType<typeof useFetcher<AdminActionData>>;
}) {
  const busy = fetcher.state !== "idle";
  const button = "rounded px-3 py-1.5 text-sm font-semibold disabled:opacity-50";
  return (
    <li className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm">
      <p>
        <strong>#{request.number}</strong> <span className="font-mono text-xs">{request.reference}</span> ·{" "}
        <span className="break-all">{request.email}</span> · {formatCents(request.amountCents)} ·{" "}
        {new Date(request.createdAt).toLocaleString("it-IT")}
      </p>
      <p className="mt-1 break-words">
        <span className="font-semibold">{copy.reason}:</span> {request.reason ?? copy.noReason}
      </p>
      {request.status === "failed" && <p className="mt-1 text-red-800">{copy.failed}</p>}
      <fetcher.Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="orderId" value={request.orderId} />
        <button
          type="submit"
          name="intent"
          value="refund-approve"
          disabled={busy}
          className={`${button} bg-slate-900 text-white hover:bg-slate-700`}
        >
          {copy.approve}
        </button>
        <button
          type="submit"
          name="intent"
          value="refund-decline"
          disabled={busy}
          className={`${button} border border-slate-300 bg-white hover:bg-slate-50`}
        >
          {copy.decline}
        </button>
      </fetcher.Form>
    </li>
  );
}
