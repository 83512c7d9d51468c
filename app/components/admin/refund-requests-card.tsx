/** The buyers' refund requests waiting for the owner (Ordini), and the mode switch (Impostazioni): ADR 021. */
import { RotateCcw } from "lucide-react";
import { useFetcher } from "react-router";
import type { AdminActionData, OrdersPageData, SettingsPageData } from "#app/components/admin/admin-types.ts";
import { useActionToast } from "#app/components/admin/use-action-toast.ts";
import { ADMIN_REFUND_REQUESTS_COPY as copy } from "#app/content/admin.ts";
import { dateTimeIt, moneyIt } from "#app/lib/admin/format-it.ts";

type Waiting = OrdersPageData["refundRequests"][number];

/** The buyers' refund requests waiting for the owner, each with approve and decline. */
export function RefundRequestsCard({ waiting }: { waiting: OrdersPageData["refundRequests"] }) {
  // One fetcher for every request: an approved request leaves the list, and its answer's toast must not leave with it.
  const decide = useFetcher<AdminActionData>();
  useActionToast(decide);
  return (
    <section
      id="richieste-rimborso"
      aria-labelledby="refund-requests-title"
      className="mt-10 rounded-2xl border border-slate-200 p-4 sm:p-6"
    >
      <h2 id="refund-requests-title" className="flex items-center gap-2 text-xl font-bold">
        <RotateCcw aria-hidden="true" className="size-5 text-brand-700" /> {copy.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{copy.intro}</p>
      {waiting.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">{copy.empty}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {waiting.map((request) => (
            <WaitingRequest key={request.orderId} request={request} fetcher={decide} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Whether requests wait for the owner's approval or are refunded at once (a setting). */
export function RefundModeForm({
  mode,
  share,
}: {
  mode: SettingsPageData["refundMode"];
  share: SettingsPageData["refundRevokesPercent"];
}) {
  const fetcher = useFetcher<AdminActionData>();
  useActionToast(fetcher);
  return (
    <fetcher.Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
      <fieldset>
        <legend className="text-sm font-semibold">{copy.mode}</legend>
        {(["approve", "immediate"] as const).map((value) => (
          <label key={value} className="mt-1 flex items-center gap-2 text-sm">
            <input type="radio" name="mode" value={value} defaultChecked={mode === value} />
            {copy.modes[value]}
          </label>
        ))}
      </fieldset>
      <label className="block max-w-xs text-sm">
        <span className="font-semibold">{copy.share}</span>
        <input
          type="number"
          name="share"
          min={1}
          max={100}
          step={1}
          required
          defaultValue={share}
          aria-describedby="refund-share-hint"
          className="mt-1 block w-24 rounded border border-slate-300 px-2 py-1.5"
        />
        <span id="refund-share-hint" className="mt-1 block text-xs text-slate-600">
          {copy.shareHint}
        </span>
      </label>
      <button
        type="submit"
        name="intent"
        value="refund-mode"
        className="rounded border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
      >
        {copy.save}
      </button>
    </fetcher.Form>
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
        <span className="break-all">{request.email}</span> · {moneyIt(request.amountCents)} ·{" "}
        {dateTimeIt(request.createdAt)}
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
