import { data } from "react-router";
import { ADMIN_COPY } from "#app/content/admin.ts";
import { hasAdminSession } from "#app/lib/admin/admin-session.server.ts";
import { notFound } from "#app/lib/not-found.server.ts";
import { getServices, type Services } from "#app/lib/services.server.ts";

/** A POST from another site is refused before anything else (the session cookie is SameSite=Strict too). */
export function isSameOrigin(request: Request, publicUrl: string): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return request.headers.get("sec-fetch-site") !== "cross-site";
  return origin === new URL(publicUrl).origin || origin === new URL(request.url).origin;
}

/**
 * The guard every admin loader and action calls first: the path must be the admin path, a POST
 * must come from this site, and (unless `signedIn: false` is acceptable) the session must be live.
 */
export async function requireAdmin(request: Request, secret: string | undefined): Promise<Services> {
  const services = await getServices();
  if (secret !== services.settings.adminPath) notFound(request);
  if (
    request.method !== "GET" &&
    request.method !== "HEAD" &&
    !isSameOrigin(request, services.env.PUBLIC_URL)
  ) {
    throw data({ error: ADMIN_COPY.forbidden }, { status: 403 });
  }
  if (!(await hasAdminSession(services.database.db, services.env.PUBLIC_URL, request))) {
    throw data({ error: ADMIN_COPY.signIn.expired }, { status: 401 });
  }
  return services;
}
