/**
 * The order page at `/{ADMIN_PATH}/ordini/{reference}` (ADR 033): the order's timeline, its
 * evidence pack, resend and copy-link, and apart from them the refund. "Rimborsa…" opens a dialog
 * (its state is `?rimborso=conferma` in the URL, so it opens without JavaScript too) that names
 * the amount and what happens to the buyer's access.
 */
import { useEffect, useRef } from "react";
import { Form, Link, useFetcher, useNavigate, useNavigation, useSearchParams } from "react-router";
import { toast } from "sonner";
import { AdminShell } from "#app/components/admin/admin-shell.tsx";
import type { AdminActionData } from "#app/components/admin/admin-types.ts";
import { useActionToast } from "#app/components/admin/use-action-toast.ts";
import { useRefreshWhileQueued } from "#app/components/admin/use-refresh-while-queued.ts";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";
import { ADMIN_WITHDRAWAL_COPY } from "#app/content/admin-withdrawals.ts";
import { dateTimeIt, moneyIt } from "#app/lib/admin/format-it.ts";
import { formatFileSize } from "#app/lib/file-size.ts";
import type { DeliveryEvidence } from "#app/lib/orders/delivery-evidence.server.ts";
import { refundable } from "#app/lib/orders/refundable.ts";
import { adminAction } from "#app/routes/admin/action.server.ts";
import { adminPage } from "#app/routes/admin/guard.server.ts";
import { loadOrderPage, type TimelineEvent } from "#app/routes/admin/order.server.ts";
import { adminHandle, adminHeaders, adminMeta } from "#app/routes/admin/page-handle.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/order";

const copy = ADMIN_PAGES_COPY.order;

export const handle = adminHandle;
export const headers = adminHeaders;
export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(
    loaderData?.found === "order"
      ? copy.title(loaderData.order.number)
      : loaderData?.found === "erased"
        ? copy.erasedTitle
        : copy.unknownTitle,
  );

export const loader = needsDatabase(async (args: Route.LoaderArgs) =>
  loadOrderPage(await adminPage(args), args.params.reference),
);

export const action = needsDatabase((args: Route.ActionArgs) => adminAction(args));

export default function OrderPage({ loaderData: data, params, actionData }: Route.ComponentProps) {
  useRefreshWhileQueued(
    data.found === "order" &&
      data.timeline.some((event) => event.kind === "email" && event.state === "waiting"),
  );
  const adminPath = params.secret;
  const back = (
    <p className="mt-1 text-sm">
      <Link to={`/${adminPath}/ordini`} className="underline">
        {copy.back}
      </Link>
    </p>
  );
  if (data.found !== "order") {
    return (
      <AdminShell
        adminPath={adminPath}
        title={data.found === "erased" ? copy.erasedTitle : copy.unknownTitle}
      >
        {back}
        <p role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm">
          {data.found === "erased" ? copy.erased(data.reference) : copy.unknown(data.reference)}
        </p>
      </AdminShell>
    );
  }
  const { order } = data;
  const answer = actionData as AdminActionData | undefined;
  const notices = answer && "ok" in answer ? [answer.message] : [];
  const evidence = `/${adminPath}/orders/${order.id}/evidence`;
  return (
    <AdminShell adminPath={adminPath} title={copy.title(order.number)} notices={notices}>
      {back}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl border border-slate-200 p-4 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-slate-600">{copy.reference}</dt>
        <dd className="font-mono">{order.reference}</dd>
        <dt className="text-slate-600">{copy.buyer}</dt>
        <dd className="break-all">{order.email}</dd>
        <dt className="text-slate-600">{copy.amount}</dt>
        <dd>
          {moneyIt(order.amountCents)}
          {order.refundedCents > 0 && ` (${copy.events.refund(moneyIt(order.refundedCents))})`}
        </dd>
        <dt className="text-slate-600">{copy.status}</dt>
        <dd data-testid="order-status">
          {ADMIN_COPY.orders.statuses[order.status]}
          {!order.livemode && (
            <span className="block text-xs text-amber-900" data-testid="order-test">
              {ADMIN_COPY.orders.testHint}
            </span>
          )}
        </dd>
      </dl>
      <div className="mt-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="timeline-title">
          <h2 id="timeline-title" className="text-lg font-bold">
            {copy.timelineTitle}
          </h2>
          <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-4" data-testid="timeline">
            {data.timeline.map((event) => (
              <li key={event.id} className="text-sm">
                <time dateTime={event.at} className="block text-xs text-slate-600">
                  {dateTimeIt(event.at)}
                </time>
                <span className="break-words">{eventText(event)}</span>
              </li>
            ))}
          </ol>
        </section>
        <div className="space-y-6">
          <Actions orderId={order.id} paid={order.status === "paid"} />
          <Refund order={order} />
          {data.withdrawal && <WithdrawalCard withdrawal={data.withdrawal} />}
          <section aria-labelledby="evidence-title" className="rounded-xl border border-slate-200 p-4">
            <h2 id="evidence-title" className="text-lg font-bold">
              {copy.evidenceTitle}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{copy.evidenceText}</p>
            <ul className="mt-2 flex flex-col gap-1 text-sm">
              <li>
                <a href={evidence} className="underline">
                  {copy.evidenceHtml}
                </a>
              </li>
              <li>
                <a href={`${evidence}.json`} className="underline" download>
                  {copy.evidenceJson}
                </a>
              </li>
            </ul>
          </section>
        </div>
      </div>
    </AdminShell>
  );
}

/** The buyer's withdrawal as made on /withdraw, what it meant, and where its refund stands. */
function WithdrawalCard({ withdrawal }: { withdrawal: NonNullable<DeliveryEvidence["withdrawal"]> }) {
  const w = ADMIN_WITHDRAWAL_COPY;
  const rows: [string, string][] = [
    [w.requestedAt, dateTimeIt(withdrawal.requestedAt)],
    [w.name, withdrawal.name],
    [w.email, withdrawal.email],
    [w.outcome, w.outcomes[withdrawal.outcome] ?? withdrawal.outcome],
  ];
  if (withdrawal.refundStatus) {
    rows.push([
      w.refund,
      `${w.refundStatuses[withdrawal.refundStatus] ?? withdrawal.refundStatus}${withdrawal.refundedCents ? ` (${moneyIt(withdrawal.refundedCents)})` : ""}`,
    ]);
    rows.push([w.attempts, String(withdrawal.refundAttempts)]);
  }
  if (withdrawal.lastError) rows.push([w.lastError, withdrawal.lastError]);
  return (
    <section
      aria-labelledby="withdrawal-title"
      className={`rounded-xl border p-4 ${withdrawal.refundStatus === "failed" ? "border-red-300 bg-red-50" : "border-slate-200"}`}
      data-testid="withdrawal"
    >
      <h2 id="withdrawal-title" className="text-lg font-bold">
        {w.title}
      </h2>
      <dl className="mt-2 space-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-600">{term}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function eventText(event: TimelineEvent): string {
  const events = copy.events;
  switch (event.kind) {
    case "created":
    case "paid":
    case "consent":
    case "sharing":
      return events[event.kind];
    case "refund":
      return events.refund(moneyIt(event.cents));
    case "dispute":
      return events.dispute(event.status);
    case "withdrawal":
      return ADMIN_WITHDRAWAL_COPY.timeline(ADMIN_WITHDRAWAL_COPY.outcomes[event.outcome] ?? event.outcome);
    case "refund-request":
      return `${events.refundRequest(event.status)}${event.reason ? ` · ${events.reason(event.reason)}` : ""}`;
    case "download":
      return `${events.download(formatFileSize(event.bytes), event.ip ?? "—")}${event.complete ? "" : ` (${events.downloadCut})`}`;
    case "email": {
      const state =
        event.state === "sent"
          ? event.smtp
            ? events.emailSent(event.smtp)
            : events.emailSentFile
          : event.state === "failing"
            ? events.emailFailing(event.attempts, event.error ?? "")
            : events.emailWaiting;
      return `${events.email(event.template)}: ${state}`;
    }
  }
}

function Actions({ orderId, paid }: { orderId: string; paid: boolean }) {
  const fetcher = useFetcher<AdminActionData>();
  useActionToast(fetcher, (url) => {
    navigator.clipboard
      .writeText(url)
      .then(() => toast.success(ADMIN_COPY.orders.linkCopied))
      .catch(() => toast.error(ADMIN_COPY.orders.actionError));
  });
  const button =
    "rounded-md border border-slate-300 px-3 py-2 text-left text-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <section aria-labelledby="actions-title" className="rounded-xl border border-slate-200 p-4">
      <h2 id="actions-title" className="text-lg font-bold">
        {copy.actionsTitle}
      </h2>
      <fetcher.Form method="post" className="mt-2 flex flex-col gap-2">
        <input type="hidden" name="orderId" value={orderId} />
        <button
          type="submit"
          name="intent"
          value="resend"
          className={button}
          disabled={!paid || fetcher.state !== "idle"}
          aria-describedby={paid ? undefined : "actions-why"}
        >
          {copy.resend}
        </button>
        <button
          type="submit"
          name="intent"
          value="link"
          className={button}
          disabled={!paid || fetcher.state !== "idle"}
          aria-describedby={paid ? undefined : "actions-why"}
        >
          {copy.copyLink}
        </button>
      </fetcher.Form>
      {!paid && (
        <p id="actions-why" className="mt-2 text-sm text-slate-600">
          {copy.notPaid}
        </p>
      )}
    </section>
  );
}

function Refund({
  order,
}: {
  order: {
    id: string;
    number: number;
    email: string;
    amountCents: number;
    refundedCents: number;
    status: string;
  };
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const dialog = useRef<HTMLDialogElement>(null);
  const asked = params.get("rimborso") === "conferma" && refundable(order);
  const amount = moneyIt(order.amountCents - order.refundedCents);
  useEffect(() => {
    const element = dialog.current;
    if (!asked || !element) return;
    // Rendered open by the server (for a browser without JavaScript): reopened as a modal.
    if (element.open) element.close();
    element.showModal();
  }, [asked]);
  // Closed by Escape: the URL follows. (Reopening the server's open dialog as a modal fires a
  // "close" too, after which the dialog is open again.)
  const cancel = () => {
    if (!dialog.current?.open) navigate("?", { replace: true, preventScrollReset: true });
  };
  const why =
    order.status === "refunded"
      ? copy.refundNotPossible.refunded
      : order.status === "disputed"
        ? copy.refundNotPossible.disputed
        : copy.refundNotPossible.other;
  return (
    <section aria-labelledby="refund-title" className="rounded-xl border border-red-200 p-4">
      <h2 id="refund-title" className="text-lg font-bold">
        {copy.refundTitle}
      </h2>
      {refundable(order) ? (
        <Link
          to="?rimborso=conferma"
          preventScrollReset
          className="mt-2 inline-block rounded-md border border-red-300 px-3 py-2 text-sm font-semibold text-red-800 hover:bg-red-50"
        >
          {copy.refundOpen}
        </Link>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{why}</p>
      )}
      {asked && (
        <dialog
          ref={dialog}
          open
          aria-labelledby="refund-dialog-title"
          onClose={cancel}
          className="m-auto w-[min(92vw,28rem)] rounded-2xl p-6 backdrop:bg-slate-900/60"
        >
          <h2 id="refund-dialog-title" className="text-lg font-bold">
            {copy.dialogTitle(order.number)}
          </h2>
          <p className="mt-2 text-sm">{copy.dialogAmount(amount, order.email)}</p>
          <p className="mt-2 text-sm text-slate-700">{copy.dialogAccess}</p>
          <Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
            <input type="hidden" name="orderId" value={order.id} />
            <Link
              to="?"
              replace
              preventScrollReset
              className="rounded-md px-4 py-2 text-sm hover:bg-slate-100"
            >
              {copy.dialogCancel}
            </Link>
            <button
              type="submit"
              name="intent"
              value="refund"
              disabled={navigation.state !== "idle"}
              className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
            >
              {copy.dialogConfirm(amount)}
            </button>
          </Form>
        </dialog>
      )}
    </section>
  );
}
