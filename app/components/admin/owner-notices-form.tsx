/** The owner's e-mail switches (a sale, a daily summary), on Impostazioni (ADR 023). */
import { useFetcher } from "react-router";
import type { AdminActionData, SettingsPageData } from "#app/components/admin/admin-types.ts";
import { useActionToast } from "#app/components/admin/use-action-toast.ts";
import { ADMIN_FIGURES_COPY } from "#app/content/admin-figures.ts";

const copy = ADMIN_FIGURES_COPY.notices;

export function OwnerNoticesForm({ notices }: { notices: SettingsPageData["ownerNotices"] }) {
  const fetcher = useFetcher<AdminActionData>();
  useActionToast(fetcher);
  return (
    <fetcher.Form method="post" className="mt-6 rounded-xl border border-slate-200 p-4">
      <fieldset>
        <legend className="text-lg font-bold">{copy.title}</legend>
        <p className="text-sm text-slate-600">{copy.text(notices.email)}</p>
        <label className="mt-3 flex items-start gap-2 text-sm">
          <input type="checkbox" name="sale" defaultChecked={notices.sale} className="mt-0.5 size-4" />
          {copy.sale}
        </label>
        <label className="mt-2 flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="dailySummary"
            defaultChecked={notices.dailySummary}
            className="mt-0.5 size-4"
          />
          {copy.dailySummary}
        </label>
      </fieldset>
      <button
        type="submit"
        name="intent"
        value="owner-notices"
        disabled={fetcher.state !== "idle"}
        className="mt-3 rounded-md border border-slate-300 px-3 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-60"
      >
        {copy.save}
      </button>
    </fetcher.Form>
  );
}
