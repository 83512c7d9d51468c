/**
 * The owner's two e-mail switches, kept in the settings table so every instance reads the same:
 * a notice on each paid order and a daily summary. Both are off until the owner turns them on.
 */
import type { Db } from "#app/lib/db/database.server.ts";
import { getSetting, setSetting } from "#app/lib/settings.server.ts";

export const OWNER_NOTICES = {
  sale: "owner_notice_sale",
  dailySummary: "owner_notice_daily_summary",
} as const;

export type OwnerNotice = keyof typeof OWNER_NOTICES;

export async function ownerNoticeOn(db: Db, notice: OwnerNotice): Promise<boolean> {
  return (await getSetting(db, OWNER_NOTICES[notice])) === "on";
}

export async function ownerNotices(db: Db): Promise<Record<OwnerNotice, boolean>> {
  return { sale: await ownerNoticeOn(db, "sale"), dailySummary: await ownerNoticeOn(db, "dailySummary") };
}

export async function setOwnerNotices(db: Db, values: Record<OwnerNotice, boolean>): Promise<void> {
  for (const notice of Object.keys(OWNER_NOTICES) as OwnerNotice[]) {
    await setSetting(db, OWNER_NOTICES[notice], values[notice] ? "on" : "off");
  }
}
