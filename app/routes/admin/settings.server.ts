/**
 * Impostazioni at `/{ADMIN_PATH}/impostazioni` (ADR 033): what the store runs with and the
 * checklist for going live. Names and states only: no key, password or connection string is
 * read into the page. Also the seller's fiscal settings (ADR 043): the form's fields checked with a
 * sentence each, and the series' next number.
 */
import { sql } from "drizzle-orm";
import { data } from "react-router";
import { ADMIN_FISCAL_COPY as fiscalCopy } from "#app/content/admin-invoices.ts";
import { goLiveChecklist } from "#app/lib/admin/go-live.server.ts";
import { OUTSIDE_LATIN1 } from "#app/lib/books/fatturapa.ts";
import {
  readFiscalSettings,
  type StoredFiscalSettings,
  saveFiscalSettings,
} from "#app/lib/books/fiscal-settings.server.ts";
import { checkCodiceFiscale } from "#app/lib/books/italian-tax-ids.ts";
import {
  isSeriesName,
  MAX_INVOICE_NUMBER,
  nextInvoiceNumber,
  setNextInvoiceNumber,
} from "#app/lib/books/numbering.server.ts";
import { latestReconcileRuns } from "#app/lib/orders/reconcile-orders.server.ts";
import { getRefundMode, getRefundRevokesPercent } from "#app/lib/orders/refund-requests.server.ts";
import { ownerNotices } from "#app/lib/owner/owner-notices.server.ts";
import { dateToRomeInput } from "#app/lib/pricing/rome-time.ts";
import { sellerLine, sellerOf } from "#app/lib/seller.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { STORE_VERSION } from "#app/lib/store-version.server.ts";
import { field } from "#app/routes/http.server.ts";

/** The year in Italy now: the series' numbers start again each year. */
const romeYear = (now: Date) => Number(dateToRomeInput(now).slice(0, 4));

export async function loadSettingsPage(services: Services, now = new Date()) {
  const { env, database } = services;
  const db = database.db;
  const stripe = env.PAYMENTS === "stripe";
  const [state, notices, refundMode, refundRevokesPercent, runs] = await Promise.all([
    db.execute<{ webhook_at: Date | string | null; webhook_type: string | null }>(sql`
      select received_at as webhook_at, type as webhook_type from webhook_events
      order by received_at desc limit 1`),
    ownerNotices(db),
    getRefundMode(db),
    getRefundRevokesPercent(db),
    stripe ? latestReconcileRuns(database) : Promise.resolve([]),
  ]);
  const fiscal = await readFiscalSettings(db, env);
  const year = romeYear(now);
  const numbering = isSeriesName(fiscal.series) ? await nextInvoiceNumber(db, fiscal.series, year) : null;
  const row = state.rows[0];
  const webhookAt = row?.webhook_at ? new Date(row.webhook_at).toISOString() : null;
  const checklist = await goLiveChecklist(db, env, fiscal.missing.length === 0);
  return {
    adminPath: services.settings.adminPath,
    store: {
      mode: stripe ? ("live" as const) : ("test" as const),
      publicUrl: env.PUBLIC_URL,
      version: STORE_VERSION,
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
    checklist,
    fiscal: {
      stored: fiscal.stored,
      missing: fiscal.missing,
      sellerName: env.SELLER_NAME ?? null,
      vatId: env.SELLER_VAT_ID ?? null,
      numbering: numbering && { series: fiscal.series, year, ...numbering },
    },
    ownerNotices: { ...notices, email: env.SUPPORT_EMAIL },
    refundMode,
    refundRevokesPercent,
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

/** The fiscal form's fields, as typed, sent back with a refusal. */
export type EnteredFiscal = Record<
  | "regime"
  | "codiceFiscale"
  | "street"
  | "postcode"
  | "city"
  | "province"
  | "series"
  | "requestDays"
  | "threshold"
  | "natura",
  string
>;
export type FiscalErrors = Partial<Record<keyof EnteredFiscal, string>>;

/** A text field of the sede: present, at most FatturaPA's 60 characters, Latin-1 only. */
function sedeText(value: string, error: string): string | null {
  if (value === "" || value.length > 60) return error;
  return OUTSIDE_LATIN1.test(value) ? fiscalCopy.errors.latin1 : null;
}

/** The fiscal form checked field by field: the settings to save, or an Italian sentence per wrong field. */
export function parseFiscalForm(
  form: FormData,
):
  | { ok: true; settings: StoredFiscalSettings }
  | { ok: false; entered: EnteredFiscal; errors: FiscalErrors } {
  const entered: EnteredFiscal = {
    regime: field(form, "regime").trim(),
    codiceFiscale: field(form, "codiceFiscale").trim().slice(0, 40),
    street: field(form, "street").trim().replace(/\s+/g, " ").slice(0, 200),
    postcode: field(form, "postcode").trim().slice(0, 20),
    city: field(form, "city").trim().replace(/\s+/g, " ").slice(0, 200),
    province: field(form, "province").trim().toUpperCase().slice(0, 20),
    series: field(form, "series").trim().toUpperCase().slice(0, 20),
    requestDays: field(form, "requestDays").trim().slice(0, 8),
    threshold: field(form, "threshold"),
    natura: field(form, "natura"),
  };
  const errors: FiscalErrors = {};
  const regime = entered.regime === "ordinario" || entered.regime === "forfettario" ? entered.regime : null;
  if (!regime) errors.regime = fiscalCopy.errors.regime;
  const codiceFiscale = entered.codiceFiscale ? checkCodiceFiscale(entered.codiceFiscale) : null;
  if (codiceFiscale && !codiceFiscale.ok) errors.codiceFiscale = fiscalCopy.errors.codiceFiscale;
  const street = sedeText(entered.street, fiscalCopy.errors.street);
  if (street) errors.street = street;
  if (!/^\d{5}$/.test(entered.postcode)) errors.postcode = fiscalCopy.errors.postcode;
  const city = sedeText(entered.city, fiscalCopy.errors.city);
  if (city) errors.city = city;
  if (!/^[A-Z]{2}$/.test(entered.province)) errors.province = fiscalCopy.errors.province;
  if (!isSeriesName(entered.series)) errors.series = fiscalCopy.errors.series;
  const requestDays = /^\d{1,2}$/.test(entered.requestDays) ? Number(entered.requestDays) : -1;
  if (requestDays < 0 || requestDays > 12) errors.requestDays = fiscalCopy.errors.requestDays;
  if (entered.threshold !== "above" && entered.threshold !== "below")
    errors.threshold = fiscalCopy.errors.choice;
  if (entered.natura !== "N2.1" && entered.natura !== "N2.2") errors.natura = fiscalCopy.errors.choice;
  if (Object.keys(errors).length > 0 || !regime) return { ok: false, entered, errors };
  return {
    ok: true,
    settings: {
      regime,
      codiceFiscale: codiceFiscale?.ok ? codiceFiscale.value : null,
      street: entered.street,
      postcode: entered.postcode,
      city: entered.city,
      province: entered.province,
      series: entered.series,
      requestDays,
      euConsumerSalesAboveThreshold: entered.threshold === "above",
      flatRateForeignBusinessNatura: entered.natura === "N2.2" ? "N2.2" : "N2.1",
    },
  };
}

/**
 * The Dati fiscali section's two forms: saving the settings, and setting the series' next number
 * (one that would skip numbers is asked back, naming them, until the owner confirms it).
 */
export async function handleFiscalAction(
  services: Services,
  intent: "fiscal-settings" | "invoice-next-number",
  form: FormData,
  now = new Date(),
) {
  const db = services.database.db;
  if (intent === "fiscal-settings") {
    const parsed = parseFiscalForm(form);
    if (!parsed.ok)
      return data(
        { intent, ok: false, message: fiscalCopy.refused, entered: parsed.entered, errors: parsed.errors },
        { status: 400 },
      );
    await saveFiscalSettings(db, parsed.settings);
    return { intent, ok: true, message: fiscalCopy.saved };
  }
  const refused = (message: string, status: number) => data({ intent, ok: false, message }, { status });
  const { series } = await readFiscalSettings(db, services.env);
  if (!isSeriesName(series)) return refused(fiscalCopy.next.seriesFirst, 409);
  const typed = field(form, "next").replace(/\s/g, "");
  const next = /^\d{1,6}$/.test(typed) ? Number(typed) : 0;
  if (next < 1 || next > MAX_INVOICE_NUMBER) return refused(fiscalCopy.next.invalid, 400);
  const year = romeYear(now);
  const result = await setNextInvoiceNumber(db, series, year, next, {
    gapConfirmed: field(form, "gapConfirmed") === "yes",
  });
  if (result.ok) return { intent, ok: true, message: fiscalCopy.next.saved(series, year, next) };
  // Asked back with the gap named; the page's confirmation posts the same number with gapConfirmed.
  if (result.reason === "gap")
    return data(
      {
        intent,
        ok: false,
        message: fiscalCopy.next.gap(series, year, result.highestUsed + 1, next - 1),
        confirmNext: next,
      },
      { status: 409 },
    );
  return refused(
    result.reason === "used"
      ? fiscalCopy.next.used(series, year, result.highestUsed)
      : fiscalCopy.next.lower(series, year, result.current),
    409,
  );
}
