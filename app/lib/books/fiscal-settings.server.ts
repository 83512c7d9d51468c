/**
 * The seller's fiscal settings (ADR 043): the VAT regime, the identifiers and the structured address
 * an invoice needs, the invoice series, how many days after payment a buyer may still ask for an
 * invoice, and the choices the sources leave open (`BooksSettings`). The owner sets them in the
 * admin ("Impostazioni", fiscal section); they are kept as one JSON value in `settings` under
 * `books`. The seller's name and partita IVA are the ones every page prints (SELLER_NAME,
 * SELLER_VAT_ID, ADR 041), so an invoice can never name another seller than the footer.
 */
import { z } from "zod";
import type { Seller } from "#app/lib/books/fatturapa.ts";
import { checkCodiceFiscale, checkPartitaIva } from "#app/lib/books/italian-tax-ids.ts";
import { isSeriesName } from "#app/lib/books/numbering.server.ts";
import { type BooksSettings, DEFAULT_BOOKS_SETTINGS } from "#app/lib/books/sale-regime.ts";
import type { Db } from "#app/lib/db/database.server.ts";
import type { Env } from "#app/lib/env.server.ts";
import { getSetting, setSetting } from "#app/lib/settings.server.ts";

const SETTING_KEY = "books";

/** What the owner enters; every field may still be empty while the store issues no invoice. */
export const storedFiscalSettings = z.object({
  regime: z.enum(["ordinario", "forfettario"]).nullable().default(null),
  codiceFiscale: z.string().nullable().default(null),
  street: z.string().nullable().default(null),
  postcode: z.string().nullable().default(null),
  city: z.string().nullable().default(null),
  province: z.string().nullable().default(null),
  /** Printed before the number ("FT" → "FT/7"); credit notes share the series, as art. 21 allows. */
  series: z.string().default("FT"),
  /** Days after payment a buyer may still ask for an invoice on the success page. */
  requestDays: z.number().int().min(0).max(12).default(10),
  euConsumerSalesAboveThreshold: z.boolean().default(DEFAULT_BOOKS_SETTINGS.euConsumerSalesAboveThreshold),
  flatRateForeignBusinessNatura: z
    .enum(["N2.1", "N2.2"])
    .default(DEFAULT_BOOKS_SETTINGS.flatRateForeignBusinessNatura),
});
export type StoredFiscalSettings = z.infer<typeof storedFiscalSettings>;

export interface FiscalSettings {
  stored: StoredFiscalSettings;
  /** The seller as an invoice names them, or null while something is missing. */
  seller: Seller | null;
  /** What is missing or wrong, one Italian sentence each, for the admin and the refusal to invoice. */
  missing: string[];
  series: string;
  requestDays: number;
  books: BooksSettings;
}

export async function readFiscalSettings(
  db: Db,
  env: Pick<Env, "SELLER_NAME" | "SELLER_VAT_ID">,
): Promise<FiscalSettings> {
  const raw = await getSetting(db, SETTING_KEY);
  const stored = storedFiscalSettings.parse(raw ? JSON.parse(raw) : {});
  const missing: string[] = [];
  if (!env.SELLER_NAME) missing.push("Manca la ragione sociale del venditore (SELLER_NAME).");
  const partitaIva = env.SELLER_VAT_ID ? checkPartitaIva(env.SELLER_VAT_ID) : null;
  if (!partitaIva?.ok) missing.push("Manca la partita IVA del venditore (SELLER_VAT_ID).");
  if (!stored.regime) missing.push("Manca il regime IVA (ordinario o forfettario).");
  const codiceFiscale = stored.codiceFiscale ? checkCodiceFiscale(stored.codiceFiscale) : null;
  if (codiceFiscale && !codiceFiscale.ok) missing.push("Il codice fiscale del venditore non è valido.");
  if (!stored.street || !stored.city) missing.push("Manca l'indirizzo della sede (via, comune).");
  if (!stored.postcode || !/^\d{5}$/.test(stored.postcode))
    missing.push("Manca il CAP della sede (5 cifre).");
  if (!stored.province || !/^[A-Z]{2}$/.test(stored.province))
    missing.push("Manca la provincia della sede (2 lettere, per esempio MI).");
  if (!isSeriesName(stored.series))
    missing.push("Il sezionale delle fatture è fatto di lettere maiuscole e cifre (al massimo 10).");

  const seller: Seller | null =
    missing.length === 0
      ? {
          regime: stored.regime!,
          partitaIva: partitaIva!.ok ? partitaIva!.value : "",
          ...(codiceFiscale?.ok && { codiceFiscale: codiceFiscale.value }),
          name: { company: env.SELLER_NAME! },
          address: {
            street: stored.street!,
            postcode: stored.postcode!,
            city: stored.city!,
            province: stored.province!,
            country: "IT",
          },
        }
      : null;
  return {
    stored,
    seller,
    missing,
    series: stored.series,
    requestDays: stored.requestDays,
    books: {
      euConsumerSalesAboveThreshold: stored.euConsumerSalesAboveThreshold,
      flatRateForeignBusinessNatura: stored.flatRateForeignBusinessNatura,
    },
  };
}

export async function saveFiscalSettings(db: Db, settings: StoredFiscalSettings): Promise<void> {
  await setSetting(db, SETTING_KEY, JSON.stringify(storedFiscalSettings.parse(settings)));
}
