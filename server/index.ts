/**
 * Starts the store. Built to build/server/start.js (scripts/build-launcher.ts), it serves the build
 * (`npm start`, `npm run serve`); `node --conditions=development server/index.ts --dev`
 * (`npm run dev`) serves the same app (server/app.ts) through Vite, from source with hot reload.
 * Here: loading the app, listening, and a graceful stop.
 */
import { createServer } from "node:http";
import { resolve } from "node:path";
import type { StoreApp } from "./app.ts";

const dev = process.argv.includes("--dev");
// Vite loads the app with React Router's development build; Node must resolve the same one for
// @react-router/express, or the router context would come from a second copy of React Router.
if (dev && !process.execArgv.some((arg) => /^--conditions[= ]?development$/.test(arg) || arg === "-C")) {
  process.stderr.write("Development needs Node's development condition: npm run dev\n");
  process.exit(1);
}
// React picks its production or development build when first imported: settle the mode first.
process.env.NODE_ENV ??= dev ? "development" : "production";
const SHUTDOWN_GRACE_MS = 25_000;
const BUILD_DIR = resolve(process.env.BUILD_DIR ?? "build");

/** A whole request, headers and body: the cap for the one long body, a 2 GB upload on a slow line. */
const REQUEST_TIMEOUT_MS = 6 * 3600_000;

// Node checks the header and request deadlines below on this interval (30 s by default).
const server = createServer({ connectionsCheckingInterval: 1_000 });

type AppModule = typeof import("./app.ts");
let store: StoreApp;
try {
  if (dev) {
    const vite = await import("vite").then(({ createServer }) =>
      createServer({ server: { middlewareMode: true, hmr: { server } }, appType: "custom" }),
    );
    // Vite evaluates the app again after an edit; each version gets its Express app once.
    const apps = new WeakMap<AppModule, Promise<StoreApp>>();
    const current = async () => {
      const module = (await vite.ssrLoadModule("./server/app.ts")) as AppModule;
      if (!apps.has(module)) apps.set(module, module.createStoreApp({ clientDir: null }));
      return apps.get(module)!;
    };
    store = await current();
    server.on("request", (req, res) =>
      vite.middlewares(req, res, () =>
        current().then(
          ({ app }) => app(req, res),
          (error: Error) => {
            vite.ssrFixStacktrace(error);
            res.statusCode = 500;
            res.end(error.stack);
          },
        ),
      ),
    );
    server.on("close", () => void vite.close());
  } else {
    const module = (await import(resolve(BUILD_DIR, "server", "index.js"))) as AppModule;
    store = await module.createStoreApp({
      clientDir: resolve(BUILD_DIR, "client"),
      databaseTemplate: resolve(BUILD_DIR, "server", "fresh-database"),
    });
    server.on("request", store.handle);
  }
} catch (error) {
  // Misconfiguration stops the start with a message that names the variable.
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

// Slow clients cannot hold connections for ever (ADR 011): the headers must arrive within
// BODY_TIMEOUT_SECONDS (a form's or a webhook's body too: server/body-limit.ts), a connection
// silent for IDLE_TIMEOUT_SECONDS is closed (a stalled upload or download), and an idle keep-alive
// connection after 5 s.
server.headersTimeout = store.env.BODY_TIMEOUT_SECONDS * 1000;
server.requestTimeout = REQUEST_TIMEOUT_MS;
server.timeout = store.env.IDLE_TIMEOUT_SECONDS * 1000;
server.keepAliveTimeout = 5_000;

server.listen(store.env.PORT, store.env.HOST, () => {
  store.logger.info({ url: store.env.PUBLIC_URL, port: store.env.PORT, dev }, "listening");
  // The addresses and the first start's password come last, in a block of their own after the
  // build's output and the start-up log lines, where an owner looks for them.
  store.printAfterLog(welcomeBlock(store.takeWelcome()));
});

function welcomeBlock(lines: string[]): string {
  const rule = "─".repeat(Math.max(...lines.map((line) => line.length)));
  return `\n${rule}\n${lines.join("\n")}\n${rule}\n\n`;
}

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  store.logger.info({ signal }, "shutting down: finishing in-flight requests");
  setTimeout(() => {
    store.logger.warn("in-flight requests did not finish in time; closing connections");
    server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS).unref();
  server.close(async () => {
    await store.close();
    store.logger.info("stopped");
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
