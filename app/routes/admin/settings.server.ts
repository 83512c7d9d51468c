/**
 * Impostazioni at `/{ADMIN_PATH}/impostazioni` (ADR 033): what the store runs with and the
 * checklist for going live. Names and states only: no key, password or connection string is
 * read into the page.
 */
import { sql } from "drizzle-orm";
import { latestReconcileRuns } from "#app/lib/orders/reconcile-orders.server.ts";
import { getRefundMode } from "#app/lib/orders/refund-requests.server.ts";
import { ownerNotices } from "#app/lib/owner/owner-notices.server.ts";
import { sellerLine, sellerOf } from "#app/lib/seller.server.ts";
import type { Services } from "#app/lib/services.server.ts";

export async function loadSettingsPage(services: Services) {
  const { env, database } = services;
  const db = database.db;
  const stripe = env.PAYMENTS === "stripe";
  const [state, notices, refundMode, runs] = await Promise.all([
    db.execute<{
      product: boolean;
      test_purchase: boolean;
      webhook_at: Date | string | null;
      webhook_type: string | null;
    }>(sql`
      select exists (select 1 from products where current) as product,
        exists (select 1 from orders where provider = 'test' and paid_at is not null) as test_purchase,
        w.received_at as webhook_at, w.type as webhook_type
      from (select 1) as one
      left join lateral (select received_at, type from webhook_events order by received_at desc limit 1) w on true`),
    ownerNotices(db),
    getRefundMode(db),
    stripe ? latestReconcileRuns(database) : Promise.resolve([]),
  ]);
  const row = state.rows[0];
  const webhookAt = row?.webhook_at ? new Date(row.webhook_at).toISOString() : null;
  // Without SUPPORT_EMAIL the store writes from support@{its host}, which nobody may read.
  const supportSet = env.SUPPORT_EMAIL !== `support@${new URL(env.PUBLIC_URL).hostname}`;
  return {
    adminPath: services.settings.adminPath,
    store: {
      mode: stripe ? ("live" as const) : ("test" as const),
      publicUrl: env.PUBLIC_URL,
      database: database.kind,
      files: env.S3_BUCKET ? ("s3" as const) : ("local" as const),
      bucket: env.S3_BUCKET ?? null,
      mail: env.SMTP_URL ? ("smtp" as const) : ("file" as const),
      mailHost: env.SMTP_URL ? new URL(env.SMTP_URL).hostname : null,
      supportEmail: env.SUPPORT_EMAIL,
      seller: sellerLine(sellerOf(env)),
      stripeKey: stripe
        ? env.STRIPE_SECRET_KEY?.startsWith("sk_live_")
          ? ("live" as const)
          : ("test" as const)
        : null,
      webhook: webhookAt ? { at: webhookAt, type: row?.webhook_type ?? "" } : null,
    },
    checklist: {
      product: Boolean(row?.product),
      support: supportSet,
      seller: Boolean(env.SELLER_NAME && env.SELLER_ADDRESS && env.SELLER_VAT_ID),
      stripe: stripe,
      webhook: stripe && webhookAt !== null,
      testPurchase: Boolean(row?.test_purchase),
    },
    ownerNotices: { ...notices, email: env.SUPPORT_EMAIL },
    refundMode,
    reconcile: stripe
      ? {
          intervalS: env.RECONCILE_INTERVAL_S,
          runs: runs.map((run) => ({
            id: run.id,
            trigger: run.trigger,
            startedAt: run.startedAt.toISOString(),
            sessionsChecked: run.sessionsChecked,
            fixedOrders: run.fixedOrders,
            error: run.error,
          })),
        }
      : null,
  };
}

export type SettingsPageData = Awaited<ReturnType<typeof loadSettingsPage>>;
