/** The failed e-mails list: delivery e-mails that gave up, each with a retry button. */
import { RefreshCw } from "lucide-react";
import { useFetcher } from "react-router";
import type { AdminActionData, OrdersPageData } from "#app/components/admin/admin-types.ts";
import { useActionToast } from "#app/components/admin/use-action-toast.ts";
import { ADMIN_COPY } from "#app/content/admin.ts";

export function FailedEmails({ emails }: { emails: OrdersPageData["failedEmails"] }) {
  const copy = ADMIN_COPY.orders;
  const fetcher = useFetcher<AdminActionData>();
  useActionToast(fetcher);
  return (
    <section id="email-non-consegnate" aria-labelledby="failed-title" className="mt-10">
      <h2 id="failed-title" className="text-xl font-bold">
        {copy.failedEmails}
      </h2>
      {emails.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{copy.failedEmailsEmpty}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {emails.map((email) => (
            <li
              key={email.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm"
            >
              <span>
                <strong>{email.to}</strong>
                {email.orderNumber !== null && ` · #${email.orderNumber}`} · {copy.attempts(email.attempts)}
                <span className="block text-red-800">{email.lastError}</span>
              </span>
              <fetcher.Form method="post">
                <input type="hidden" name="emailId" value={email.id} />
                <button
                  type="submit"
                  name="intent"
                  value="retry-email"
                  className="inline-flex items-center gap-1 rounded border border-slate-300 bg-white px-2 py-1 text-xs"
                >
                  <RefreshCw aria-hidden="true" className="size-3" /> {copy.retry}
                </button>
              </fetcher.Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
