/**
 * The admin area's HTTP guard: the session cookie, the same-origin check on every POST, and
 * requireAdmin, which every admin loader and action calls first.
 */
import { isIP } from "node:net";
import { data, type RouterContextProvider, redirect } from "react-router";
import { ADMIN_COPY } from "#app/content/admin.ts";
import {
  ABSOLUTE_TIMEOUT_MS,
  createAdminSession,
  endAdminSession,
  isLiveAdminSession,
} from "#app/lib/admin/admin-session.server.ts";
import type { Env } from "#app/lib/env.server.ts";
import { servicesContext } from "#app/lib/router-context.ts";
import type { Services } from "#app/lib/services.server.ts";
import { notFound } from "#app/routes/http.server.ts";

/** `__Host-` binds the cookie to this exact origin over https; plain http (local use) cannot use it. */
function cookieName(publicUrl: string) {
  return publicUrl.startsWith("https:") ? "__Host-admin_session" : "admin_session";
}

function cookie(publicUrl: string, value: string, maxAgeSeconds: number) {
  const secure = publicUrl.startsWith("https:") ? "; Secure" : "";
  return `${cookieName(publicUrl)}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}

function sessionToken(request: Request, publicUrl: string): string | null {
  const name = cookieName(publicUrl);
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=") || null;
  }
  return null;
}

/** Whether the request carries a live admin session (and keeps it alive). */
export function hasAdminSession(services: Services, request: Request): Promise<boolean> {
  return isLiveAdminSession(services.database.db, sessionToken(request, services.env.PUBLIC_URL));
}

/** Signs in: a new session; returns the Set-Cookie header. */
export async function signInCookie(services: Services, request: Request): Promise<string> {
  const token = await createAdminSession(services.database.db, request.headers.get("user-agent"));
  return cookie(services.env.PUBLIC_URL, token, ABSOLUTE_TIMEOUT_MS / 1000);
}

/** Signs out: ends the request's session; returns the Set-Cookie header that clears the cookie. */
export async function signOutCookie(services: Services, request: Request): Promise<string> {
  await endAdminSession(services.database.db, sessionToken(request, services.env.PUBLIC_URL));
  return cookie(services.env.PUBLIC_URL, "", 0);
}

/**
 * A POST from another site is refused before anything else (the session cookie is SameSite=Strict
 * too). The Origin must be PUBLIC_URL's, never merely the request's own: a site that points its own
 * name at this server (DNS rebinding) sends its own name as Host and as Origin. Without PUBLIC_URL
 * (a store run locally, reached as localhost, 127.0.0.1 or a LAN address) the request's own origin
 * is taken when it names the server as localhost or by IP address, names no other site can point
 * at it.
 */
export function isSameOrigin(request: Request, env: Pick<Env, "PUBLIC_URL" | "publicUrlSet">): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return request.headers.get("sec-fetch-site") !== "cross-site";
  if (origin === new URL(env.PUBLIC_URL).origin) return true;
  const own = new URL(request.url);
  return !env.publicUrlSet && origin === own.origin && namesServerLocally(own.hostname);
}

/** `localhost`, or an IP address (`URL.hostname` writes IPv6 in brackets). */
const namesServerLocally = (hostname: string) =>
  hostname === "localhost" || isIP(hostname.replace(/^\[(.*)\]$/, "$1")) !== 0;

/**
 * The guard every admin resource route calls first: the path must be the admin path (404
 * otherwise), a POST must come from this site (403), and the session must be live (401).
 */
export async function requireAdmin(services: Services, request: Request, secret: string | undefined) {
  if (secret !== services.settings.adminPath) notFound(request);
  if (request.method !== "GET" && request.method !== "HEAD" && !isSameOrigin(request, services.env)) {
    throw data({ error: ADMIN_COPY.forbidden }, { status: 403 });
  }
  if (!(await hasAdminSession(services, request))) {
    throw data({ error: ADMIN_COPY.signIn.expired }, { status: 401 });
  }
}

/**
 * What every admin page's loader and action do first: the path must be the admin path (404
 * otherwise); a page asked for without a live session goes to the sign-in at `/{ADMIN_PATH}`.
 */
export async function adminPage(args: {
  request: Request;
  params: { secret?: string };
  context: Readonly<RouterContextProvider>;
}): Promise<Services> {
  const services = args.context.get(servicesContext);
  if (args.params.secret !== services.settings.adminPath) notFound(args.request);
  if (args.request.method === "GET" && !(await hasAdminSession(services, args.request)))
    throw redirect(`/${services.settings.adminPath}`);
  return services;
}
