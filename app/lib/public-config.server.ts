import { type Env, parseEnv } from "#app/lib/env.server.ts";

/**
 * What the build's prerender writes where a page shows a setting (`npm run build` sets
 * PRERENDER_PLACEHOLDERS=1); the server puts the running store's values in at start
 * (server/prerendered-pages.ts), so one build serves any PUBLIC_URL, SUPPORT_EMAIL and RETENTION_DAYS.
 */
export const PLACEHOLDERS = {
  publicUrl: "https://public-url.placeholder.invalid",
  supportEmail: "support@support-email.placeholder.invalid",
  retentionDays: "retention-days.placeholder.invalid",
} as const;

/**
 * Whether the store shows the specification's sample figures and timers (test mode: it sells
 * nothing) or only figures drawn from recorded data (a live store). The one test pages ask.
 */
export const isTestMode = (env: Pick<Env, "PAYMENTS">) => env.PAYMENTS === "test";

/** The configuration pages may show. It needs no database, so prerendering can use it. */
export function publicConfig() {
  // The test-mode notice of a prerendered page is written in at start, like the settings.
  if (process.env.PRERENDER_PLACEHOLDERS === "1")
    return { ...PLACEHOLDERS, reviewUrl: null, testMode: false };
  const env = parseEnv();
  return {
    supportEmail: env.SUPPORT_EMAIL,
    publicUrl: env.PUBLIC_URL,
    reviewUrl: env.REVIEW_URL ?? null,
    retentionDays: String(env.RETENTION_DAYS),
    testMode: isTestMode(env),
  };
}
