/**
 * The store's HTTP app, and the server entry Vite builds (build/server/index.js): security
 * headers, the request log, one address per page (no trailing slash), downloads, the React Router
 * handler with the services in its context, and in production the built assets; before Express,
 * the prerendered pages and the landing page from memory (ADR 026). server/index.ts runs it: from
 * the build (`npm start`) or through Vite (`npm run dev`), so both serve the same routes. ADR 009.
 * One file because the order of the chain is the design: a request meets these handlers in the
 * order they are written here, and serveBuild is the production part of that same chain.
 */
import { readFile } from "node:fs/promises";
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import { join } from "node:path";
import { constants as zlib } from "node:zlib";
import * as build from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type Express } from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRequestHandler as createFetchHandler, RouterContextProvider } from "react-router";
import { TestModeNotice } from "#app/components/test-mode-notice.tsx";
import { isDatabaseUnavailable } from "#app/lib/db/database.server.ts";
import { prepareDownload } from "#app/lib/downloads/prepare-download.server.ts";
import type { Env } from "#app/lib/env.server.ts";
import { confirmDownloadPath } from "#app/lib/links.ts";
import { type Logger, loggableUrl, logger, logPageAnswered, printAfterLog } from "#app/lib/logger.server.ts";
import { getCurrentProduct } from "#app/lib/products/get-current-product.server.ts";
import { type PublicConfig, publicConfig, publicConfigContext } from "#app/lib/public-config.server.ts";
import {
  clientIpContext,
  cspNonceContext,
  landingFactsContext,
  servicesContext,
} from "#app/lib/router-context.ts";
import { sellerLine, sellerOf } from "#app/lib/seller.server.ts";
import type { Services } from "#app/lib/services.server.ts";
import { liveLandingFacts } from "#app/lib/storefront/landing-facts.server.ts";
import { type LandingFacts, regularPriceFacts } from "#app/lib/storefront/landing-facts.ts";
import { limitRequestBodies } from "./body-limit.ts";
import { redirectTrailingSlash } from "./canonical-path.ts";
import { contentSecurityPolicy } from "./content-security-policy.ts";
import { countVisits } from "./count-visits.ts";
import { downloadEntry } from "./download-entry.ts";
import { downloadBody, refuseDownload, sendDownload } from "./download-response.ts";
import { inlinePageScripts } from "./inline-page-scripts.ts";
import { landingPage, liveLandingPage, readAtMostEvery } from "./landing-page.ts";
import {
  type AfterPage,
  encode,
  headersSetBy,
  type PageFor,
  type PageInMemory,
  pagesFromMemory,
} from "./page-in-memory.ts";
import { capPerClient, DOWNLOADS_PER_CLIENT, UPLOADS_PER_CLIENT } from "./per-client-cap.ts";
import {
  isPrerenderedFile,
  PRERENDERED_TYPES,
  pageWithSettings,
  prerenderedPages,
} from "./prerendered-pages.ts";
import { processStore, stopStore } from "./store-process.ts";

// React Router's prerender loads the server entry as its server build: this module is both.
export * from "virtual:react-router/server-build";

/** React Router on a fetch Request, for the pages the server renders itself (a live store's landing page). */
const renderPage = createFetchHandler(build, process.env.NODE_ENV);

/** The landing page as built, in the variant for the stock. */
const prerenderedLanding =
  (page: { inStock: PageInMemory; outOfStock: PageInMemory }) => async (inStock: boolean) =>
    inStock ? page.inStock : page.outOfStock;

export interface StoreApp {
  app: Express;
  /** The request listener: a page from memory when the request is for one, else `app`. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  env: Env;
  /** The process's one logger. */
  logger: Logger;
  /** What the launcher prints once it listens (Services.takeWelcome). */
  takeWelcome(): string[];
  /** Writes to standard output after every line logged before it (the launcher's welcome block). */
  printAfterLog(text: string): void;
  /** Stops the jobs and closes the services (jobs.server.ts). */
  close(): Promise<void>;
}

/** A request's id: the one the client (or a proxy) sent, else a new one. It is logged and sent back. */
const requestIdOf = (req: IncomingMessage) =>
  (req.headers["x-request-id"] as string | undefined)?.slice(0, 64) || crypto.randomUUID();

/**
 * The app for this process's services. `clientDir` is the client build (production); without it
 * (development) Vite serves the assets and React Router renders every page on request.
 * `databaseTemplate` is the build's fresh database cluster, for a first start (openDatabase).
 */
export async function createStoreApp(options: {
  clientDir: string | null;
  databaseTemplate?: string;
}): Promise<StoreApp> {
  const { services, jobs } = await processStore({ databaseTemplate: options.databaseTemplate });
  const { env } = services;
  // What the pages show of the configuration: read from the environment once, here.
  const config = publicConfig();
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (none by default).
  app.set("trust proxy", env.TRUST_PROXY ?? false);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = requestIdOf(req);
        res.setHeader("X-Request-Id", id);
        return id;
      },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
      // Method, path and status: no headers (cookies, referers), no tokens in the path or the query.
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: loggableUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
    }),
  );

  const https = env.PUBLIC_URL.startsWith("https:");
  const csp = contentSecurityPolicy({ https });
  const securityHeaders = helmet({
    // server/content-security-policy.ts sets it: a nonce per rendered page, hashes per static one.
    contentSecurityPolicy: false,
    strictTransportSecurity: https,
    // The one Referrer-Policy of every response (no route sets its own). Not "no-referrer": with
    // it browsers send "Origin: null" on form posts, which React Router refuses as cross-site, so
    // checkout without JavaScript would fail. "same-origin" keeps the Origin on the store's own
    // forms and sends nothing, not even the origin, to another site (ADR 012).
    referrerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
  });
  app.use(securityHeaders);
  app.use(csp.everyResponse);

  // Before the static layers and React Router, so the build and development redirect alike.
  app.use(redirectTrailingSlash);

  // Every body bounded in size and time while it arrives; uploads capped per address (ADR 011).
  app.use(limitRequestBodies(env, services.settings.adminPath));
  // Funnel visits, counted in memory without cookies and flushed every few seconds (ADR 023).
  const visitCounting = countVisits(jobs.visits, env.PUBLIC_URL);
  app.use(visitCounting.middleware);
  app.post(`/${services.settings.adminPath}/upload`, capPerClient(UPLOADS_PER_CLIENT));

  // The pages from memory never pass through this chain (ADR 026): they carry the headers every
  // response of it carries, computed once, and afterPage below logs and counts them. A middleware
  // added above for every response must be reflected there too.
  const pageFor = options.clientDir
    ? await serveBuild(app, options.clientDir, services, config, (text, type) =>
        encode(text, {
          ...headersSetBy(securityHeaders, csp.everyResponse),
          ...(type === ".html" ? { "Content-Security-Policy": csp.forPage(text) } : {}),
          Vary: "Accept-Encoding",
          "Content-Type": PRERENDERED_TYPES.get(type)!,
          "Cache-Control": type === ".html" ? "public, max-age=0, must-revalidate" : "public, max-age=300",
        }),
      )
    : null;

  // The product download: a buyer's personal copy (ADR 019) or the admin's check of the stored
  // file, streamed from disk or the bucket (server/download-response.ts: send answers Range,
  // If-Range, HEAD and the conditional requests; streamSegments writes the bytes with one reused
  // buffer per download). The app decides whether the token entitles the request to the file.
  app.get("/download/:token", capPerClient(DOWNLOADS_PER_CLIENT));
  app.get("/download/:token", async (req, res, next) => {
    try {
      const plan = await prepareDownload(services, req.params.token, req.ip ?? null, {
        range: req.headers.range,
        ifRange: req.get("if-range"),
      });
      res.setHeader("Cache-Control", "private, no-store");
      if (plan.kind === "refuse") return refuseDownload(res, plan.reason);
      if (plan.kind === "redirect") return void res.redirect(302, plan.url);
      if (plan.kind === "confirm") return void res.redirect(303, confirmDownloadPath());
      sendDownload(req, res, await downloadBody(services, plan));
    } catch (error) {
      next(error);
    }
  });

  // One file of the pack, for "What's inside" (ADR 019), under the same token check.
  app.get("/download/:token/entries/:index", capPerClient(DOWNLOADS_PER_CLIENT), downloadEntry(services));
  // "What's inside" reads and renders the pack's listing: held to the downloads' cap per address.
  const inside = `/${services.settings.successPath}/inside`;
  app.get([inside, `${inside}.data`], capPerClient(DOWNLOADS_PER_CLIENT));

  // Brotli keeps compression's quality (4) but a 256 KB window instead of Brotli's 4 MB: the pages
  // rendered per request are smaller than that (/checkout: 12.5 KB) and compress as well with it,
  // while each response's encoder sizes its native buffers for the window, memory V8 answers with
  // full collections: /checkout with br served 250 requests a second with 12 full collections a
  // second at 4 MB, 450 with under one at 256 KB (ADR 026).
  app.use(compression({ brotli: { params: { [zlib.BROTLI_PARAM_LGWIN]: 18 } } }));
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(publicConfigContext, config);
        context.set(clientIpContext, req.ip ?? null);
        context.set(cspNonceContext, csp.withNonce(res));
        return context;
      },
    }),
  );

  // Errors from the static layers (a missing asset, a path that tries to climb out) and the
  // download (503 while the database is away): a short plain answer, never a stack trace. A
  // refused traversal is reported as not found.
  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    const raw = isDatabaseUnavailable(error) ? 503 : Number(error.status ?? error.statusCode ?? 500);
    const status = raw === 403 ? 404 : raw >= 400 && raw < 600 ? raw : 500;
    if (status >= 500) req.log.error({ err: error }, "request failed");
    if (res.headersSent) return res.destroy();
    res.status(status).type("text/plain").send(STATUS_CODES[status]);
  };
  app.use(onError);

  // A page from memory gets pino-http's line, written directly, and is counted as a visit. Its path
  // is a public page's, logged as it is unless a query follows (loggableUrl's work: 12 % of the
  // page's throughput, in interleaved wrk runs).
  const afterPage: AfterPage = (req, { path, status, requestId, startedAt }) => {
    logPageAnswered({
      id: requestId,
      method: req.method ?? "GET",
      url: req.url === path ? path : loggableUrl(req.url ?? "/"),
      statusCode: status,
      responseTime: Date.now() - startedAt,
    });
    visitCounting.count(req, path);
  };
  const fromMemory = pageFor && pagesFromMemory(pageFor, requestIdOf, afterPage);
  const handle = fromMemory
    ? (req: IncomingMessage, res: ServerResponse) => {
        if (!fromMemory(req, res)) app(req, res);
      }
    : app;

  return {
    app,
    handle,
    env,
    logger,
    takeWelcome: services.takeWelcome,
    printAfterLog,
    close: stopStore,
  };
}

/**
 * The client build: hashed assets and the other files on disk through `app`; the landing page and
 * the other prerendered pages, each made by `pageOf` from its text and extension, found by the
 * PageFor returned, which the request listener asks before Express.
 */
async function serveBuild(
  app: Express,
  clientDir: string,
  services: Services,
  config: PublicConfig,
  pageOf: (text: string, type: string) => PageInMemory,
): Promise<PageFor> {
  // Hashed build assets never change: cache them for a year, serve the brotli or gzip twin.
  app.use(
    "/assets",
    expressStaticGzip(join(clientDir, "assets"), {
      enableBrotli: true,
      orderPreference: ["br", "gzip"],
      serveStatic: { immutable: true, maxAge: "1y", index: false, redirect: false, fallthrough: false },
    }),
  );

  // The prerendered pages with this store's settings put in, from memory (build once, run anywhere).
  const settings = {
    publicUrl: services.env.PUBLIC_URL,
    supportEmail: services.env.SUPPORT_EMAIL,
    retentionDays: String(services.env.RETENTION_DAYS),
    seller: sellerLine(sellerOf(services.env)),
    testModeNotice:
      services.env.PAYMENTS === "test" ? renderToStaticMarkup(createElement(TestModeNotice)) : null,
  };
  const landing =
    services.env.PAYMENTS === "test"
      ? prerenderedLanding(
          landingPage(
            pageWithSettings(await readFile(join(clientDir, "index.html"), "utf8"), settings),
            (html) => pageOf(html, ".html"),
          ),
        )
      : liveLandingPage<LandingFacts>({
          readFacts: readAtMostEvery(1_000, () => liveLandingFacts(services.database.db)),
          fallback: regularPriceFacts,
          render: async (facts) => {
            const context = new RouterContextProvider();
            context.set(servicesContext, services);
            context.set(publicConfigContext, config);
            context.set(landingFactsContext, facts);
            const response = await renderPage(new Request(`${services.env.PUBLIC_URL}/`), context);
            if (!response.ok) {
              const error = new Error(`the landing page rendered with status ${response.status}`);
              logger.error({ err: error }, "could not render the landing page");
              throw error;
            }
            const html = await inlinePageScripts(await response.text(), (path) =>
              readFile(join(clientDir, path), "utf8"),
            );
            return landingPage(html, (page) => pageOf(page, ".html"));
          },
          onReadError: (error) => logger.error({ err: error }, "could not read the landing page's facts"),
        });
  const productForSale = readAtMostEvery(
    1_000,
    async () => (await getCurrentProduct(services.database.db)) !== null,
  );
  const landingNow = async (requestId: string) => {
    let inStock = true;
    try {
      inStock = await productForSale();
    } catch (error) {
      // The marketing page does not go down with the database: it is answered as offered.
      logger.error({ err: error, req: { id: requestId } }, "could not read whether a product is for sale");
    }
    return landing(inStock);
  };
  const pages = await prerenderedPages(clientDir, settings, pageOf);

  // Everything else the build holds (images, the favicon) from disk, with its precompressed twin;
  // never a prerendered file itself (it carries the placeholders, not the settings).
  const files = expressStaticGzip(clientDir, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { index: false, redirect: false, maxAge: "5m" },
  });
  app.use((req, res, next) => (isPrerenderedFile(req.path) ? next() : files(req, res, next)));

  return (path) => {
    if (path === "/") return landingNow;
    const page = pages.get(path);
    return page && (() => page);
  };
}
