/**
 * The Panoramica at `/{ADMIN_PATH}` (ADR 033): the sign-in form without a session, otherwise the
 * revenue kept, the funnel, the chart and what needs the owner now (app/lib/admin/overview.server.ts).
 */
import { ADMIN_PAGES_COPY } from "#app/content/admin-pages.ts";
import { loadOverview } from "#app/lib/admin/overview.server.ts";
import { REPORT_DAYS, reportDays } from "#app/lib/funnel/funnel-report.server.ts";
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
  return {
    signedIn: true as const,
    adminPath: services.settings.adminPath,
    notices,
    overview: await loadOverview(services.database.db, days),
  };
}

export type OverviewPageData = Extract<Awaited<ReturnType<typeof loadOverviewPage>>, { signedIn: true }>;
export type AdminIndexData = Awaited<ReturnType<typeof loadOverviewPage>>;
