/**
 * The EU member states' standard VAT rates, which the One-Stop Shop applies to electronically
 * supplied services sold to consumers (a downloadable product is one: Council Implementing
 * Regulation 282/2011, art. 7 and Annex I).
 *
 * Source: European Commission, Taxes in Europe Database (TEDB), standard rates in force in 2026
 * (checked 2026-11-28; the latest changes were Finland 25.5 % from 2024-09-01, Slovakia 23 % from
 * 2025-01-01, Estonia 24 % from 2025-07-01, Romania 21 % from 2025-08-01). Rates change: review this
 * table each quarter before the OSS return (ADR 043).
 */
export const EU_STANDARD_RATES: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 21,
  BG: 20,
  CY: 19,
  CZ: 21,
  DE: 19,
  DK: 25,
  EE: 24,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GR: 24,
  HR: 25,
  HU: 27,
  IE: 23,
  IT: 22,
  LT: 21,
  LU: 17,
  LV: 21,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SE: 25,
  SI: 22,
  SK: 23,
};

/** Whether an ISO 3166 country code (Greece as GR) is an EU member state. */
export const isEuCountry = (country: string) => country in EU_STANDARD_RATES;
