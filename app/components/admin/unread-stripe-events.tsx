/**
 * "Eventi Stripe non letti" on Ordini: Stripe events the store could not read and that name none of
 * its orders, newest first, each with its type, id, time, why, and a link to it in Stripe's Dashboard.
 */
import type { OrdersPageData } from "#app/components/admin/admin-types.ts";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { dateTimeIt } from "#app/lib/admin/format-it.ts";

export function UnreadStripeEvents({ unread }: { unread: OrdersPageData["unreadStripeEvents"] }) {
  const copy = ADMIN_COPY.unreadEvents;
  return (
    <section id="eventi-stripe-non-letti" aria-labelledby="unread-events-title" className="mt-10">
      <h2 id="unread-events-title" className="text-xl font-bold">
        {copy.title}
      </h2>
      {unread.events.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{copy.empty}</p>
      ) : (
        <>
          <p className="mt-2 max-w-prose text-sm text-slate-700">{copy.intro(unread.kept)}</p>
          <ul className="mt-3 space-y-2">
            {unread.events.map((event) => (
              <li key={event.id} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
                <dl className="grid gap-x-3 gap-y-1 sm:grid-cols-[max-content_1fr]">
                  <dt className="font-semibold">{copy.receivedAt}</dt>
                  <dd>
                    <time dateTime={event.receivedAt}>{dateTimeIt(event.receivedAt)}</time>
                  </dd>
                  <dt className="font-semibold">{copy.type}</dt>
                  <dd className="break-all">
                    <code>{event.type}</code>
                  </dd>
                  <dt className="font-semibold">{copy.id}</dt>
                  <dd className="break-all">
                    <code>{event.id}</code> ·{" "}
                    <a href={event.dashboardUrl} rel="noreferrer" target="_blank" className="underline">
                      {copy.open}
                    </a>
                  </dd>
                  <dt className="font-semibold">{copy.why}</dt>
                  <dd className="break-words">
                    {event.problem === "mode" ? (
                      copy.mode(event.livemode)
                    ) : (
                      <>
                        {copy.shape} <code className="break-all">{event.detail}</code>
                      </>
                    )}
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
