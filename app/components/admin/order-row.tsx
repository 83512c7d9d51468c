/** One row of the orders table, with its resend, copy-link and refund buttons. */
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import type { AdminActionData, AdminOrder } from "#app/components/admin/admin-types.ts";
import { useActionToast } from "#app/components/admin/use-action-toast.ts";
import { ADMIN_COPY, ADMIN_EVIDENCE_COPY } from "#app/content/admin.ts";
import { formatCents } from "#app/lib/money.ts";

export function OrderRow({ order }: { order: AdminOrder }) {
  const copy = ADMIN_COPY.orders;
  const fetcher = useFetcher<AdminActionData>();
  useActionToast(fetcher, (url) => {
    navigator.clipboard
      .writeText(url)
      .then(() => toast.success(copy.linkCopied))
      .catch(() => toast.error(copy.actionError));
  });
  const button = "rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-50 disabled:opacity-50";
  // Below 768 px each row is a card: every cell on its own line, named by its column (CSS only).
  const cell =
    "px-3 py-2 max-md:flex max-md:gap-3 max-md:px-0 max-md:py-1 max-md:before:w-32 max-md:before:shrink-0 max-md:before:font-semibold max-md:before:text-slate-500 max-md:before:content-[attr(data-label)]";
  const columns = copy.columns;
  return (
    <tr className="border-t border-slate-100 align-top max-md:block max-md:px-4 max-md:py-3">
      <td data-label={columns.date} className={`${cell} whitespace-nowrap`}>
        {new Date(order.createdAt).toLocaleString("it-IT")}
      </td>
      <td data-label={columns.number} className={`${cell} font-medium`}>
        #{order.number}
        <span className="block font-mono text-xs font-normal text-slate-500">{order.reference}</span>
      </td>
      <td data-label={columns.email} className={`${cell} break-all`}>
        {order.email}
      </td>
      <td data-label={columns.amount} className={`${cell}`}>
        {formatCents(order.amountCents)}
      </td>
      <td data-label={columns.discount} className={`${cell}`}>
        {order.discountApplied ? copy.yes : copy.no}
      </td>
      <td data-label={columns.status} className={`${cell}`}>
        {copy.statuses[order.status]}
        {order.refundedCents > 0 && order.status === "paid" && (
          <span className="block text-xs text-slate-500">
            {ADMIN_COPY.attention.refundedPart(formatCents(order.refundedCents))}
          </span>
        )}
        {order.attention && (
          <span
            className="mt-1 block w-fit rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
            title={attentionText(order.attention)}
          >
            {attentionLabel(order.attention)}
          </span>
        )}
        {order.sharingFlaggedAt && (
          <span
            className="mt-1 block w-fit rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900"
            title={ADMIN_COPY.attention.sharingText}
          >
            {ADMIN_COPY.attention.sharing}
          </span>
        )}
      </td>
      <td data-label={columns.emailState} className={`${cell}`} title={order.lastEmailError ?? undefined}>
        {copy.emailStates[order.emailState]}
      </td>
      <td data-label={columns.downloads} className={`${cell}`}>
        {order.downloads}
      </td>
      <td data-label={columns.actions} className={`${cell}`}>
        {(order.status === "paid" || order.status === "refunded" || order.status === "disputed") && (
          // Relative to the admin route: /{ADMIN_PATH}/orders/{id}/evidence, a page of its own.
          <Link to={`orders/${order.id}/evidence`} reloadDocument className="mb-1 block text-xs underline">
            {ADMIN_EVIDENCE_COPY.link}
          </Link>
        )}
        {order.status === "paid" && (
          <fetcher.Form
            method="post"
            className="flex flex-wrap gap-1"
            onSubmit={(event) => {
              const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
              if (submitter?.value === "refund" && !window.confirm(copy.refundConfirm(order.number)))
                event.preventDefault();
            }}
          >
            <input type="hidden" name="orderId" value={order.id} />
            <button
              type="submit"
              name="intent"
              value="resend"
              className={button}
              disabled={fetcher.state !== "idle"}
            >
              {copy.resend}
            </button>
            <button
              type="submit"
              name="intent"
              value="link"
              className={button}
              disabled={fetcher.state !== "idle"}
            >
              {copy.copyLink}
            </button>
            <button
              type="submit"
              name="intent"
              value="refund"
              className={`${button} text-red-700`}
              disabled={fetcher.state !== "idle"}
            >
              {copy.refund}
            </button>
          </fetcher.Form>
        )}
      </td>
    </tr>
  );
}

/** The flags the admin explains; any other shows as "Da verificare". */
const EXPLAINED = ["refund_failed", "refund_requires_action", "foreign_payment", "event_unreadable"] as const;
const explained = (attention: string): attention is (typeof EXPLAINED)[number] =>
  (EXPLAINED as readonly string[]).includes(attention);

/** The admin's label for an order's attention flag, and its explanation. */
const attentionLabel = (attention: string) =>
  explained(attention) ? ADMIN_COPY.attention[attention] : ADMIN_COPY.attention.other;
const attentionText = (attention: string) =>
  explained(attention) ? ADMIN_COPY.attention[`${attention}Text`] : undefined;
