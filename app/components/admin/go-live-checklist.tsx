/** The going-live checklist, each item done or to do: on Impostazioni, and on Panoramica until complete. */
import { ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";
import { GO_LIVE_ITEMS, type GoLiveChecklist } from "#app/lib/admin/go-live.ts";

const copy = ADMIN_PAGES_COPY.settings;

export function GoLiveChecklistCard({ checklist }: { checklist: GoLiveChecklist }) {
  return (
    <section aria-labelledby="checklist-title" className="rounded-xl border border-slate-200 p-4">
      <h2 id="checklist-title" className="text-lg font-bold">
        {copy.checklistTitle}
      </h2>
      <ul className="mt-2 space-y-1 text-sm" data-testid="checklist">
        {GO_LIVE_ITEMS.map((item) => (
          <li key={item} className="flex items-start gap-2" data-done={checklist[item]}>
            <span
              className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-bold ${
                checklist[item] ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-950"
              }`}
            >
              {checklist[item] ? copy.done : copy.todo}
            </span>
            {copy.checklist[item]}
          </li>
        ))}
      </ul>
    </section>
  );
}
