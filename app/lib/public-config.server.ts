import { parseEnv } from "#app/lib/env.server.ts";

/**
 * The configuration pages may show. It needs no database, so prerendering can use it at build
 * time: SUPPORT_EMAIL, PUBLIC_URL and REVIEW_URL are baked into the prerendered pages.
 */
export function publicConfig() {
  const env = parseEnv();
  return { supportEmail: env.SUPPORT_EMAIL, publicUrl: env.PUBLIC_URL, reviewUrl: env.REVIEW_URL ?? null };
}
