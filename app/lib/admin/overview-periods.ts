/** The Panoramica's periods: today (since UTC midnight), then the last 7, 30 and 90 days. */
export const OVERVIEW_PERIODS = ["today", "7", "30", "90"] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];
