import { createContext, type RouterContextProvider } from "react-router";
import { type Env, parseEnv } from "#app/lib/env.server.ts";
import { sellerLine, sellerOf } from "#app/lib/seller.server.ts";

/**
 * What the build's prerender writes where a page shows a setting (`npm run build` sets
 * PRERENDER_PLACEHOLDERS=1); the server puts the running store's values in at start
 * (server/prerendered-pages.ts), so one build serves any PUBLIC_URL, SUPPORT_EMAIL, RETENTION_DAYS and seller.
 */
export const PLACEHOLDERS = {
  publicUrl: "https://public-url.placeholder.invalid",
  supportEmail: "support@support-email.placeholder.invalid",
  retentionDays: "retention-days.placeholder.invalid",
  /** The seller's line (seller.server.ts), HTML-escaped or JSON-escaped where it is put in. */
  seller: "seller.placeholder.invalid",
} as const;

/**
 * Whether the store shows the specification's sample figures and timers (test mode: it sells
 * nothing) or only figures drawn from recorded data (a live store). The one test pages ask.
 */
export const isTestMode = (env: Pick<Env, "PAYMENTS">) => env.PAYMENTS === "test";

/**
 * The configuration pages may show, from the environment: the server computes it once at start
 * and hands it to the routes through the router context (publicConfigOf). It needs no database,
 * so prerendering can use it.
 */
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
    seller: sellerLine(sellerOf(env)),
    testMode: isTestMode(env),
  };
}

export type PublicConfig = ReturnType<typeof publicConfig>;

/** The configuration, computed once at start and set by server/app.ts beside the services (router-context.ts). */
export const publicConfigContext = createContext<PublicConfig>();

/**
 * The configuration a loader shows: the server's, from the router context (server/app.ts sets
 * it); while the build prerenders, which gives no context, the placeholders.
 */
export function publicConfigOf(context: Readonly<RouterContextProvider>): PublicConfig {
  return process.env.PRERENDER_PLACEHOLDERS === "1" ? publicConfig() : context.get(publicConfigContext);
}
