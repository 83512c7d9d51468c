/**
 * Promozioni at `/{ADMIN_PATH}/promozioni` (ADR 039): the loader's data and the two actions,
 * scheduling a promotion and ending one early (or cancelling one not yet started). Called by the
 * admin's one action once the session and the origin are checked.
 */
import { data } from "react-router";
import { z } from "zod";
import { ADMIN_PROMOTIONS_COPY as copy } from "#app/content/admin-promotions.ts";
import { currentPrice } from "#app/lib/pricing/current-price.server.ts";
import { endPromotion, listPromotions, schedulePromotion } from "#app/lib/pricing/promotions.server.ts";
import { dateToRomeInput, romeInputToDate } from "#app/lib/pricing/rome-time.ts";
import { isTestMode } from "#app/lib/public-config.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { field } from "#app/routes/http.server.ts";

const DAY_MS = 24 * 60 * 60_000;

export async function loadPromotionsPage(services: Services, now = new Date()) {
  const db = services.database.db;
  const [list, current] = await Promise.all([listPromotions(db), currentPrice(db, now)]);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    adminPath: services.settings.adminPath,
    /** In test mode the landing page and the checkout show the specification's sample offer, not these. */
    testMode: isTestMode(services.env),
    current: {
      regularCents: current.regularCents,
      referenceCents: current.referenceCents,
      promotion: current.promotion && {
        percent: current.promotion.percent,
        priceCents: current.promotion.priceCents,
        endsAt: current.promotion.endsAt.toISOString(),
      },
    },
    promotions: list.map((row) => {
      const end = row.endedAt ?? row.endsAt;
      const state =
        row.endedAt && row.endedAt <= row.startsAt
          ? ("cancelled" as const)
          : row.startsAt > now
            ? ("scheduled" as const)
            : end > now
              ? ("running" as const)
              : row.endedAt
                ? ("endedEarly" as const)
                : ("ended" as const);
      return {
        id: row.id,
        percentOff: row.percentOff,
        code: row.code,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
        endedAt: iso(row.endedAt),
        state,
      };
    }),
    // The evidence export's default period: the last twelve months, in Italy's days.
    evidencePeriod: {
      from: dateToRomeInput(new Date(now.getTime() - 365 * DAY_MS)).slice(0, 10),
      to: dateToRomeInput(now).slice(0, 10),
    },
    defaults: {
      startsAt: dateToRomeInput(now),
      endsAt: dateToRomeInput(new Date(now.getTime() + 7 * DAY_MS)),
    },
  };
}

export type PromotionsPageData = Awaited<ReturnType<typeof loadPromotionsPage>>;

/** The form's fields as entered, sent back with a refusal. */
export type EnteredPromotion = Record<"percent" | "startsAt" | "endsAt" | "code", string>;

/** What a refused scheduling sends back: the message and what was entered, to show them again. */
const refused = (message: string, form: FormData, status: number) =>
  data(
    {
      intent: "promotion-create",
      ok: false,
      title: copy.refusedTitle,
      message,
      entered: {
        percent: field(form, "percent").slice(0, 8),
        startsAt: field(form, "startsAt").slice(0, 32),
        endsAt: field(form, "endsAt").slice(0, 32),
        code: field(form, "code").slice(0, 64),
      } satisfies EnteredPromotion,
    },
    { status },
  );

const PERCENT = /^\d{1,3}$/;

export async function handlePromotionAction(
  services: Services,
  intent: "promotion-create" | "promotion-end",
  form: FormData,
) {
  const db = services.database.db;
  if (intent === "promotion-end") {
    const id = field(form, "promotionId");
    if (!z.uuid().safeParse(id).success)
      return data({ intent, ok: false, title: copy.notOpen, message: copy.notOpen }, { status: 400 });
    const result = await endPromotion(db, id, "admin");
    if (result === "notOpen")
      return data({ intent, ok: false, title: copy.notOpen, message: copy.notOpen }, { status: 409 });
    return { intent, ok: true, message: result === "endedEarly" ? copy.endedEarly : copy.cancelled };
  }
  const percent = field(form, "percent").trim();
  if (!PERCENT.test(percent)) return refused(copy.refusals.percent, form, 400);
  const startsAt = romeInputToDate(field(form, "startsAt").trim());
  const endsAt = romeInputToDate(field(form, "endsAt").trim());
  if (!startsAt || !endsAt) return refused(copy.refusals.dates, form, 400);
  const code = field(form, "code").trim();
  const result = await schedulePromotion(
    db,
    { percentOff: Number(percent), startsAt, endsAt, code: code ? code.slice(0, 64) : null },
    "admin",
  );
  if (!result.ok)
    return refused(copy.refusals[result.reason], form, result.reason.startsWith("overlap") ? 409 : 400);
  return { intent, ok: true, message: copy.scheduled };
}
