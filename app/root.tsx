import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { Toaster } from "sonner";
import type { Route } from "./+types/root";
import "#app/app.css";
import { NotFoundPage } from "#app/components/not-found-page.tsx";
import { SiteFooter } from "#app/components/site-footer.tsx";
import { SiteHeader } from "#app/components/site-header.tsx";
import { TestModeNotice } from "#app/components/test-mode-notice.tsx";
import { NOT_FOUND, ROUTE_ERROR_TITLE, SITE, TIMING } from "#app/content/site.ts";
import { enhanceMenu, markScripted } from "#app/enhance/menu.ts";
import { publicConfigOf } from "#app/lib/public-config.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return publicConfigOf(context);
}

/**
 * Used only when the root's error boundary renders the page (a route's own `meta` wins otherwise):
 * React Router then drops the failed route's meta, so the error pages name themselves here.
 */
export const meta: Route.MetaFunction = ({ error }) =>
  error
    ? [
        {
          title:
            isRouteErrorResponse(error) && error.status === 404 ? NOT_FOUND.documentTitle : ROUTE_ERROR_TITLE,
        },
        { name: "robots", content: "noindex" },
      ]
    : [];

/**
 * A route whose `handle` names a script ships without React: the prerendered HTML is the page, and
 * that script (a small bundle from app/enhance, imported with `?worker&url`) adds its behaviour.
 * See ADR 008.
 */
export interface PageHandle {
  /**
   * The page script, or a function of the route's loader data naming it: one route may serve a
   * page with React and one without (the secret route: the admin area and the success page).
   */
  script?: string | ((loaderData: unknown) => string | undefined);
  /**
   * The document's language when it is not English (`<html lang>`), from the route's loader data:
   * one route may serve pages in two languages (the secret route: the Italian admin area and the
   * English success page).
   */
  lang?: (loaderData: unknown) => "it" | undefined;
  /** The page says it is a test itself (the test payment page): no test-mode band above it. */
  ownTestModeNotice?: true;
  /**
   * The page brings its own header (the admin area, from the route's loader data): the storefront's
   * header and footer are left out, and toasts open below that header so they never cover it.
   */
  ownHeader?: (loaderData: unknown) => boolean;
  /**
   * The page is a step of a purchase (the checkout, the test payment page, the success page and
   * its "What's inside"), from the route's loader data: the header's button to the checkout is
   * left out.
   */
  purchaseStep?: (loaderData: unknown) => boolean;
  /**
   * The price every buyer pays now, from the route's loader data, for the header's button (the
   * landing page's facts); pages without it show the regular price.
   */
  priceCents?: (loaderData: unknown) => number | undefined;
}

/**
 * Toasts below the admin's sticky header and the test-mode band above it (together at most about
 * 7 rem: the title wraps to two lines at 390 px).
 */
const BELOW_OWN_HEADER = { top: "8rem" };

export function Layout({ children }: { children: React.ReactNode }) {
  const config = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const pageScript = matches
    .map((match) => {
      const script = (match.handle as PageHandle | undefined)?.script;
      return typeof script === "function" ? script(match.loaderData) : script;
    })
    .find(Boolean);
  const lang =
    matches
      .map((match) => (match.handle as PageHandle | undefined)?.lang?.(match.loaderData))
      .findLast(Boolean) ?? "en";
  const ownHeader = matches.some((match) =>
    (match.handle as PageHandle | undefined)?.ownHeader?.(match.loaderData),
  );
  const purchaseStep = matches.some((match) =>
    (match.handle as PageHandle | undefined)?.purchaseStep?.(match.loaderData),
  );
  const priceCents = matches
    .map((match) => (match.handle as PageHandle | undefined)?.priceCents?.(match.loaderData))
    .find((cents) => cents !== undefined);
  const testModeNotice =
    config?.testMode && !matches.some((match) => (match.handle as PageHandle | undefined)?.ownTestModeNotice);
  // Pages with React (the app and the error pages alike) run the header menu from here; pages
  // without React run it from their page script.
  useEffect(() => {
    markScripted();
    return enhanceMenu();
  }, []);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4c1d95" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <meta property="og:site_name" content={SITE.name} />
        <meta property="og:locale" content={SITE.locale[lang]} />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col bg-white text-slate-900 antialiased">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {testModeNotice && <TestModeNotice />}
        {!ownHeader && (
          <SiteHeader checkoutButton={!purchaseStep} {...(priceCents !== undefined && { priceCents })} />
        )}
        <main id="main" className="flex-1">
          {children}
        </main>
        {!ownHeader && <SiteFooter supportEmail={config?.supportEmail} seller={config?.seller} />}
        {pageScript ? (
          // Vite serves a page script unbundled in development, as a module that imports the rest.
          <script src={pageScript} defer type={import.meta.env.DEV ? "module" : undefined} />
        ) : (
          <>
            <Toaster
              visibleToasts={TIMING.maxToasts}
              duration={TIMING.toastMs}
              position="top-right"
              closeButton
              {...(ownHeader && { offset: BELOW_OWN_HEADER, mobileOffset: BELOW_OWN_HEADER })}
            />
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const message = isRouteErrorResponse(error)
    ? error.statusText || String(error.data ?? error.status)
    : error instanceof Error
      ? error.message
      : "Unknown error";
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <section className="mx-auto max-w-3xl px-4 py-24">
      <h1 className="text-3xl font-bold">{ROUTE_ERROR_TITLE}</h1>
      <p className="mt-4 text-lg text-slate-700">{message}</p>
      {stack && <pre className="mt-6 overflow-x-auto rounded bg-slate-100 p-4 text-sm">{stack}</pre>}
    </section>
  );
}
