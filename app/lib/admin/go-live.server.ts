/** The going-live checklist's state, read from the store's data and configuration (go-live.ts). */
import { sql } from "drizzle-orm";
import { type GoLiveChecklist, reachablePublicUrl } from "#app/lib/admin/go-live.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import type { Env } from "#app/lib/env.server.ts";

/** Each item of the checklist, done or not; `fiscal` is whether the fiscal settings are complete. */
export async function goLiveChecklist(db: Db, env: Env, fiscal: boolean): Promise<GoLiveChecklist> {
  const state = await db.execute<{ product: boolean; purchase: boolean; webhook: boolean }>(sql`
    select exists (select 1 from products where current) as product,
      exists (select 1 from orders where paid_at is not null) as purchase,
      exists (select 1 from webhook_events) as webhook`);
  const row = state.rows[0];
  const stripe = env.PAYMENTS === "stripe";
  return {
    product: Boolean(row?.product),
    // Without SUPPORT_EMAIL the store writes from support@{its host}, which nobody may read.
    support: env.SUPPORT_EMAIL !== `support@${new URL(env.PUBLIC_URL).hostname}`,
    seller: Boolean(env.SELLER_NAME && env.SELLER_ADDRESS && env.SELLER_VAT_ID),
    stripe,
    webhook: stripe && Boolean(row?.webhook),
    mail: Boolean(env.SMTP_URL),
    publicUrl: reachablePublicUrl(env.PUBLIC_URL),
    // A test payment or a real one: either shows the whole way works.
    purchase: Boolean(row?.purchase),
    fiscal,
  };
}
