import { createContext } from "react-router";
import type { Services } from "#app/lib/services.server.ts";
import type { LandingFacts } from "#app/lib/storefront/landing-facts.ts";

/**
 * What the server hands every loader and action (server/app.ts sets both per request). Routes read
 * them with `context.get(...)`; tests call a loader or action with a context of their own.
 */

/** The store's services: database, files, payments, mail, settings. */
export const servicesContext = createContext<Services>();

/** The client's address as the Node server sees it (Express `req.ip`, honouring trusted proxies). */
export const clientIpContext = createContext<string | null>(null);

/**
 * The nonce of this response's Content Security Policy (server/content-security-policy.ts), which
 * app/entry.server.tsx puts on the inline scripts it renders; none when prerendering at build.
 */
export const cspNonceContext = createContext<string | null>(null);

/**
 * A live store's landing facts, when the server renders the landing page for facts it has just
 * read (server/landing-page.ts); without them the page's loader reads its own.
 */
export const landingFactsContext = createContext<LandingFacts | null>(null);
