/**
 * The Panoramica at `/{ADMIN_PATH}` (ADR 033): the sign-in form without a session, otherwise the
 * revenue kept, the funnel, the chart and what needs the owner now (app/lib/admin/overview.server.ts),
 * with what a live store's configuration keeps from buyers, the background jobs that fail, and the
 * going-live checklist until it is complete.
 */
import { ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";
import { goLiveChecklist } from "#app/lib/admin/go-live.server.ts";
import { checklistComplete, deliveryProblems } from "#app/lib/admin/go-live.ts";
import { loadOverview } from "#app/lib/admin/overview.server.ts";
import { readFiscalSettings } from "#app/lib/books/fiscal-settings.server.ts";
import { REPORT_DAYS, reportDays } from "#app/lib/funnel/funnel-report.server.ts";
import { failingJobs } from "#app/lib/job-health.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { hasAdminSession } from "#app/routes/admin/guard.server.ts";

export async function loadOverviewPage(services: Services, request: Request) {
  if (!(await hasAdminSession(services, request))) return { signedIn: false as const };
  const asked = new URL(request.url).searchParams.get("giorni");
  const days = reportDays(asked);
  const notices: string[] =
    asked !== null && !REPORT_DAYS.some((n) => String(n) === asked)
      ? [ADMIN_PAGES_COPY.overview.badPeriod]
      : [];
  const { env, database } = services;
  const fiscal = await readFiscalSettings(database.db, env);
  const [overview, checklist, failing] = await Promise.all([
    loadOverview(database.db, days, new Date(), { liveOnly: services.payments.webhooks?.livemode ?? false }),
    goLiveChecklist(database.db, env, fiscal.missing.length === 0),
    failingJobs(database.db),
  ]);
  return {
    signedIn: true as const,
    adminPath: services.settings.adminPath,
    notices,
    overview,
    /** What the configuration keeps from buyers (Da fare ora), and the checklist until it is complete. */
    delivery: { problems: deliveryProblems(env), publicUrl: env.PUBLIC_URL },
    /** The background jobs whose last run failed, until they run again. */
    failing,
    checklist: checklistComplete(checklist) ? null : checklist,
  };
}

export type OverviewPageData = Extract<Awaited<ReturnType<typeof loadOverviewPage>>, { signedIn: true }>;
export type AdminIndexData = Awaited<ReturnType<typeof loadOverviewPage>>;
