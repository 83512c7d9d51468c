/**
 * The HTTP server: static files (immutable assets, precompressed; prerendered pages), security
 * headers, the React Router handler, and a graceful shutdown. Everything else lives in the app.
 */
import { readdir, readFile } from "node:fs/promises";
import { STATUS_CODES } from "node:http";
import { join, resolve } from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import send from "send";
import { streamFile } from "#app/lib/downloads/stream-file.server.ts";
import { landingPage, readAtMostEvery, sendLandingPage } from "./landing-page.ts";

const BUILD_DIR = resolve(process.env.BUILD_DIR ?? "build");
const CLIENT_DIR = join(BUILD_DIR, "client");
const SHUTDOWN_GRACE_MS = 25_000;

type StoreEntry = typeof import("#app/entry.server.tsx");

const build = (await import(join(BUILD_DIR, "server", "index.js"))) as ServerBuild;
const entry = build.entry.module as unknown as StoreEntry;

let services: Awaited<ReturnType<StoreEntry["getServices"]>>;
try {
  services = await entry.getServices();
} catch (error) {
  // Misconfiguration stops the start with a message that names the variable.
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const { env } = services;
const { logger } = await import("pino").then(({ pino }) => ({
  logger: pino({ level: env.LOG_LEVEL, base: undefined }),
}));

/**
 * "/blog" -> "/blog/index.html" for every page React Router prerendered at build time, but "/":
 * the landing page is served from memory (see landing-page.ts).
 */
async function prerenderedPages(): Promise<Set<string>> {
  const pages = new Set<string>();
  for (const file of await readdir(CLIENT_DIR, { recursive: true })) {
    if (!file.endsWith("/index.html")) continue;
    const dir = file.slice(0, -"index.html".length).replace(/\/$/, "");
    pages.add(`/${dir}`);
  }
  return pages;
}
const pages = await prerenderedPages();
const landing = landingPage(await readFile(join(CLIENT_DIR, "index.html"), "utf8"));

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback, linklocal, uniquelocal");

app.use(
  pinoHttp({
    logger,
    genReqId: (req, res) => {
      const id = (req.headers["x-request-id"] as string | undefined)?.slice(0, 64) || crypto.randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
    autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") ?? false },
  }),
);

app.use(
  helmet({
    // React Router inlines its hydration data; scripts are same-origin otherwise.
    contentSecurityPolicy: {
      directives: {
        "script-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "media-src": ["'self'", "blob:"],
        "connect-src": ["'self'"],
        "form-action": ["'self'", "https://checkout.stripe.com"],
        "upgrade-insecure-requests": env.PUBLIC_URL.startsWith("https:") ? [] : null,
      },
    },
    strictTransportSecurity: env.PUBLIC_URL.startsWith("https:"),
    // Not "no-referrer": with it browsers send "Origin: null" on form posts, which React Router
    // refuses as cross-site, so checkout without JavaScript would fail.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  }),
);

// Hashed build assets never change: cache them for a year, serve the brotli or gzip twin.
app.use(
  "/assets",
  expressStaticGzip(join(CLIENT_DIR, "assets"), {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    serveStatic: { immutable: true, maxAge: "1y", index: false, redirect: false, fallthrough: false },
  }),
);

const productForSale = readAtMostEvery(
  1_000,
  async () => (await entry.getCurrentProduct(services.database.db)) !== null,
);
app.get("/", async (req, res) => {
  let page = landing.inStock;
  try {
    if (!(await productForSale())) page = landing.outOfStock;
  } catch (error) {
    // The marketing page does not go down with the database: it is answered as built.
    req.log.error({ err: error }, "could not read whether a product is for sale");
  }
  sendLandingPage(req, res, page);
});

app.use((req, _res, next) => {
  if ((req.method === "GET" || req.method === "HEAD") && pages.has(req.path.replace(/\/$/, ""))) {
    const query = req.url.slice(req.path.length);
    req.url = `${req.path.replace(/\/$/, "")}/index.html${query}`;
  }
  next();
});

app.use(
  expressStaticGzip(CLIENT_DIR, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: {
      index: false,
      redirect: false,
      maxAge: "5m",
      setHeaders: (res, path) => {
        if (/\.html(\.br|\.gz)?$/.test(path))
          res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
      },
    },
  }),
);

// The product download streams straight from disk: send answers Range, If-Range, HEAD and the
// conditional requests and sets the headers; streamFile writes the bytes with one reused buffer
// per download (see there: a read stream's per-chunk buffers cost over 100 MB of RSS at 200
// concurrent downloads). The app decides whether the token entitles the request to the file.
app.get("/download/:token", async (req, res, next) => {
  try {
    const plan = await entry.prepareDownload(services, req.params.token, req.ip ?? null);
    res.setHeader("Cache-Control", "private, no-store");
    if (plan.kind === "refuse") return void res.status(plan.status).type("text/plain").send(plan.message);
    if (plan.kind === "redirect") return void res.redirect(302, plan.url);
    res.setHeader("Content-Disposition", `attachment; filename="${plan.fileName}"`);
    res.setHeader("ETag", plan.etag);
    res.setHeader("Last-Modified", plan.lastModified.toUTCString());
    let sent = 0;
    const file = send(req, plan.path, {
      etag: false,
      lastModified: false,
      cacheControl: false,
      acceptRanges: true,
    });
    // send calls stream() with the byte range it settled on, after the status and headers are set.
    file.stream = (path: string, options: { start?: number; end?: number } = {}) =>
      streamFile(res, path, options.start ?? 0, options.end ?? 0, {
        onSent: (bytes) => {
          sent += bytes;
        },
        // Before the first byte send answers (404 for a vanished file); after it, cut the response.
        onError: (error) => (res.headersSent ? res.destroy(error) : file.onStatError(error)),
        onEnd: () => file.emit("end"),
      });
    file.on("error", (error: { status?: number; headers?: Record<string, string> }) => {
      for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
      res
        .status(error.status ?? 500)
        .type("text/plain")
        .send(STATUS_CODES[error.status ?? 500]);
    });
    if (req.method === "GET") res.once("close", () => res.statusCode < 300 && plan.record(sent));
    file.pipe(res);
  } catch (error) {
    next(error);
  }
});

app.use(compression());
app.all(
  "/{*splat}",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext(req) {
      const context = new RouterContextProvider();
      context.set(entry.clientIpContext, req.ip ?? null);
      return context;
    },
  }),
);

// Errors from the static layers (a missing asset, a path that tries to climb out): a short
// plain answer, never a stack trace. A refused traversal is reported as not found.
const onError: ErrorRequestHandler = (error, req, res, _next) => {
  const raw = Number(error.status ?? error.statusCode ?? 500);
  const status = raw === 403 ? 404 : raw >= 400 && raw < 600 ? raw : 500;
  if (status >= 500) req.log.error({ err: error }, "request failed");
  if (res.headersSent) return res.destroy();
  res.status(status).type("text/plain").send(STATUS_CODES[status]);
};
app.use(onError);

const server = app.listen(env.PORT, env.HOST, () => {
  logger.info({ url: env.PUBLIC_URL, port: env.PORT }, "listening");
});
server.requestTimeout = 0; // long downloads and uploads; per-socket timeouts still apply
server.headersTimeout = 60_000;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down: finishing in-flight requests");
  const force = setTimeout(() => {
    logger.warn("in-flight requests did not finish in time; closing connections");
    server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  server.close(async () => {
    await entry.shutdownServices();
    logger.info("stopped");
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
