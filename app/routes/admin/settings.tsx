/**
 * Impostazioni at `/{ADMIN_PATH}/impostazioni` (ADR 033): what the store runs with, the checklist
 * for going live, the owner's e-mails and refund-request mode, the seller's fiscal settings (ADR 043),
 * and the reconciliation with Stripe (only where Stripe is configured). No secret is shown.
 */
import { AdminShell } from "#app/components/admin/admin-shell.tsx";
import { type FiscalAnswer, FiscalSettingsCard } from "#app/components/admin/fiscal-settings-card.tsx";
import { GoLiveChecklistCard } from "#app/components/admin/go-live-checklist.tsx";
import { OwnerNoticesForm } from "#app/components/admin/owner-notices-form.tsx";
import { ReconcileCard } from "#app/components/admin/reconcile-card.tsx";
import { RefundModeForm } from "#app/components/admin/refund-requests-card.tsx";
import { ADMIN_REFUND_REQUESTS_COPY } from "#app/content/admin.ts";
import { ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";
import { dateTimeIt } from "#app/lib/admin/format-it.ts";
import { adminAction } from "#app/routes/admin/action.server.ts";
import { adminPage } from "#app/routes/admin/guard.server.ts";
import { adminHandle, adminHeaders, adminMeta } from "#app/routes/admin/page-handle.ts";
import { loadSettingsPage } from "#app/routes/admin/settings.server.ts";
import { needsDatabase } from "#app/routes/http.server.ts";
import type { Route } from "./+types/settings";

const copy = ADMIN_PAGES_COPY.settings;

export const handle = adminHandle;
export const meta = () => adminMeta(copy.title);
export const headers = adminHeaders;

export const loader = needsDatabase(async (args: Route.LoaderArgs) =>
  loadSettingsPage(await adminPage(args)),
);

export const action = needsDatabase((args: Route.ActionArgs) => adminAction(args));

/** The Dati fiscali forms' answer; the other forms on the page answer through their own fetchers. */
const fiscalAnswer = (actionData: unknown): FiscalAnswer | null =>
  actionData &&
  typeof actionData === "object" &&
  "intent" in actionData &&
  (actionData.intent === "fiscal-settings" || actionData.intent === "invoice-next-number")
    ? (actionData as FiscalAnswer)
    : null;

export default function SettingsPage({ loaderData: data, actionData }: Route.ComponentProps) {
  const { store, checklist } = data;
  const rows: [string, string][] = [
    [
      copy.mode,
      store.mode === "live" && store.stripeKey
        ? `${copy.modes.live} (${copy.stripeKey[store.stripeKey]})`
        : copy.modes.test,
    ],
    [copy.version, copy.versionText(store.version)],
    [copy.publicUrl, store.publicUrl],
    [copy.database, copy.databases[store.database]],
    [copy.files, store.files === "s3" ? copy.fileStores.s3(store.bucket ?? "") : copy.fileStores.local],
    [copy.mail, store.mail === "smtp" ? copy.mails.smtp(store.mailHost ?? "") : copy.mails.file],
    [copy.support, store.supportEmail],
    [copy.seller, store.seller],
    [
      copy.webhook,
      store.mode === "test"
        ? copy.webhookTest
        : store.webhook
          ? `${dateTimeIt(store.webhook.at)} (${store.webhook.type})`
          : copy.webhookNone,
    ],
    [copy.backup, copy.backupText],
  ];
  return (
    <AdminShell adminPath={data.adminPath} title={copy.title}>
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="store-title" className="rounded-xl border border-slate-200 p-4">
          <h2 id="store-title" className="text-lg font-bold">
            {copy.storeTitle}
          </h2>
          <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-600 max-sm:mt-2">{label}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <GoLiveChecklistCard checklist={checklist} />
      </div>
      <section aria-labelledby="refund-mode-title" className="mt-6 rounded-xl border border-slate-200 p-4">
        <h2 id="refund-mode-title" className="text-lg font-bold">
          {copy.refundModeTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{ADMIN_REFUND_REQUESTS_COPY.intro}</p>
        <RefundModeForm mode={data.refundMode} share={data.refundRevokesPercent} />
      </section>
      <FiscalSettingsCard fiscal={data.fiscal} answer={fiscalAnswer(actionData)} />
      <OwnerNoticesForm notices={data.ownerNotices} />
      {data.reconcile && <ReconcileCard reconcile={data.reconcile} />}
    </AdminShell>
  );
}
