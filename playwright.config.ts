import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { TEST_SELLER } from "./tests/setup/seller.ts";

const chromium = process.env.CHROME_PATH || "/usr/bin/chromium";
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}. Install it (Debian: apt-get install chromium) or set CHROME_PATH.`,
  );
}
const postgres = process.env.TEST_DATABASE_URL;
if (process.env.CI && !postgres) {
  throw new Error(
    "TEST_DATABASE_URL is not set: CI runs the purchase journey on PostgreSQL too (.ci/run sets it).",
  );
}

const PORT = Number(process.env.E2E_PORT || 3210);
/**
 * The stores: a fresh one (shell, pages, admin), and three with a product for the purchase
 * journeys, one per purchase project: each project buys about 20 times in a few minutes, from one
 * address, as many as the checkout lets one address start in 10 minutes (CHECKOUT_LIMITS).
 */
export const E2E = {
  fresh: { port: PORT, dataDir: "data-e2e" },
  shop: { port: PORT + 1, dataDir: "data-e2e-shop" },
  shopPostgres: { port: PORT + 2, dataDir: "data-e2e-shop-pg" },
  /** A fresh store behind nginx configured as the README says, reached on nginx's port. */
  behindNginx: { port: PORT + 3, nginxPort: PORT + 4, dataDir: "data-e2e-nginx" },
  shopPhone: { port: PORT + 5, dataDir: "data-e2e-shop-phone" },
  /**
   * The buyer-path, review and invoice journeys' store (the other purchase stores are at their
   * checkout limit): it names its seller and has the fiscal settings, so it issues e-invoices.
   */
  shopJourneys: { port: PORT + 9, dataDir: "data-e2e-shop-journeys" },
  /**
   * The desktop withdrawal journeys' store: each of them buys, and the other desktop purchase stores
   * are at their checkout limit. The phone's run on the phone purchase store: one store would take
   * more withdrawals from one network than /withdraw accepts in 15 minutes (WITHDRAWALS_PER_NETWORK).
   */
  shopWithdrawal: { port: PORT + 11, dataDir: "data-e2e-shop-withdrawal" },
  /** The ECB's rates file every store converts dollars with (tests/e2e/fake-ecb-server.ts): none reaches the internet. */
  ecbPort: PORT + 10,
  /** The VIES every store confirms EU businesses' VAT numbers with (tests/e2e/fake-vies-server.ts): it confirms every one. */
  viesPort: PORT + 12,
  /**
   * A live store (Stripe keys, so none of test mode's sample figures) with the product, taking
   * payments through the fake Stripe run as a process (tests/e2e/fake-stripe-server.ts): its API on
   * `stripePort`, and the control server a test pays sessions and reads amounts through on `controlPort`.
   */
  live: { port: PORT + 6, dataDir: "data-e2e-live", stripePort: PORT + 7, controlPort: PORT + 8 },
  adminPassword: "e2e-admin-password",
  adminPath: "e2e-admin-secret-path",
  successPath: "e2e-success-secret-path",
} as const;

/** The data directory of the store a purchase project buys from (its e-mails are written there). */
export function shopDataDir(project: string): string {
  if (project === "purchase-postgres") return E2E.shopPostgres.dataDir;
  if (project === "purchase-phone") return E2E.shopPhone.dataDir;
  if (project.startsWith("journeys")) return E2E.shopJourneys.dataDir;
  if (project === "withdrawal") return E2E.shopWithdrawal.dataDir;
  if (project === "withdrawal-phone") return E2E.shopPhone.dataDir;
  return E2E.shop.dataDir;
}

const storeEnv = (port: number, dataDir: string) => ({
  PORT: String(port),
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: E2E.adminPassword,
  ADMIN_PATH: E2E.adminPath,
  SUCCESS_PATH: E2E.successPath,
  SUPPORT_EMAIL: "support@coachingtoolkit.test",
  REVIEW_URL: "https://reviews.example.com/coaching-toolkit",
  LOG_LEVEL: "warn",
  ECB_RATES_URL: `http://127.0.0.1:${E2E.ecbPort}/eurofxref-hist-90d.xml`,
  VIES_URL: `http://127.0.0.1:${E2E.viesPort}`,
});

const postgresUrl = (() => {
  if (!postgres) return null;
  const url = new URL(postgres);
  url.pathname = `/store_e2e_${E2E.shopPostgres.port}`;
  return url.toString();
})();

const browser = {
  launchOptions: {
    executablePath: chromium,
    args: [
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
  trace: "retain-on-failure" as const,
};
const desktop = { ...devices["Desktop Chrome"], channel: undefined, ...browser };
const phone = { ...devices["Pixel 7"], channel: undefined, ...browser };
const purchase = /purchase\.spec\.ts/;
const journeys = /(buyer-path|reviews|invoice-request)\.purchase\.spec\.ts/;
const withdrawal = /withdrawal\.purchase\.spec\.ts/;
const live = /\.live\.spec\.ts/;
const LIVE_WEBHOOK_SECRET = "whsec_e2e_live_store";
const behindNginx = /behind-nginx\.spec\.ts/;

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "tests/setup/run-tmpdir.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [["list"]],
  // Generous for a slow, shared CI machine: a timeout here is a hang, not a performance budget.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  projects: [
    {
      name: "desktop",
      testIgnore: [purchase, behindNginx, live],
      use: { ...desktop, baseURL: `http://localhost:${E2E.fresh.port}` },
    },
    {
      name: "phone",
      testIgnore: [purchase, behindNginx, live],
      grep: /@phone/,
      use: { ...phone, baseURL: `http://localhost:${E2E.fresh.port}` },
    },
    {
      name: "purchase",
      testMatch: purchase,
      testIgnore: [journeys, withdrawal],
      use: { ...desktop, baseURL: `http://localhost:${E2E.shop.port}` },
    },
    {
      name: "purchase-phone",
      testMatch: purchase,
      testIgnore: [journeys, withdrawal],
      grep: /@phone/,
      use: { ...phone, baseURL: `http://localhost:${E2E.shopPhone.port}` },
    },
    // The live store's specs share its state (a public promotion changes every price): one test
    // at a time, the phone's after the desktop's.
    {
      name: "live",
      testMatch: live,
      workers: 1,
      use: { ...desktop, baseURL: `http://localhost:${E2E.live.port}` },
    },
    {
      name: "live-phone",
      testMatch: live,
      workers: 1,
      dependencies: ["live"],
      grep: /@phone/,
      use: { ...phone, baseURL: `http://localhost:${E2E.live.port}` },
    },
    {
      name: "journeys",
      testMatch: journeys,
      use: { ...desktop, baseURL: `http://localhost:${E2E.shopJourneys.port}` },
    },
    {
      name: "journeys-phone",
      testMatch: journeys,
      grep: /@phone/,
      use: { ...phone, baseURL: `http://localhost:${E2E.shopJourneys.port}` },
    },
    {
      name: "withdrawal",
      testMatch: withdrawal,
      use: { ...desktop, baseURL: `http://localhost:${E2E.shopWithdrawal.port}` },
    },
    {
      name: "withdrawal-phone",
      testMatch: withdrawal,
      grep: /@phone/,
      use: { ...phone, baseURL: `http://localhost:${E2E.shopPhone.port}` },
    },
    {
      name: "behind-nginx",
      testMatch: behindNginx,
      use: { ...desktop, baseURL: `http://127.0.0.1:${E2E.behindNginx.nginxPort}` },
    },
    ...(postgresUrl
      ? [
          {
            name: "purchase-postgres",
            testMatch: purchase,
            testIgnore: [journeys, withdrawal],
            use: { ...desktop, baseURL: `http://localhost:${E2E.shopPostgres.port}` },
          },
        ]
      : []),
  ],
  webServer: [
    {
      // The store started the README's way, on a fresh data directory.
      command: `rm -rf ${E2E.fresh.dataDir} && npm run --silent serve`,
      url: `http://localhost:${E2E.fresh.port}/healthz`,
      timeout: 60_000,
      env: storeEnv(E2E.fresh.port, E2E.fresh.dataDir),
    },
    {
      command: "node --import tsx tests/e2e/seed-store.ts && npm run --silent serve",
      url: `http://localhost:${E2E.shop.port}/healthz`,
      timeout: 90_000,
      env: storeEnv(E2E.shop.port, E2E.shop.dataDir),
    },
    {
      command: "node --import tsx tests/e2e/seed-store.ts && npm run --silent serve",
      url: `http://localhost:${E2E.shopPhone.port}/healthz`,
      timeout: 90_000,
      env: storeEnv(E2E.shopPhone.port, E2E.shopPhone.dataDir),
    },
    {
      command: "node --import tsx tests/e2e/seed-store.ts && npm run --silent serve",
      url: `http://localhost:${E2E.shopJourneys.port}/healthz`,
      timeout: 90_000,
      env: {
        ...storeEnv(E2E.shopJourneys.port, E2E.shopJourneys.dataDir),
        ...TEST_SELLER,
        SEED_FISCAL_SETTINGS: "1",
      },
    },
    {
      command: "node --import tsx tests/e2e/seed-store.ts && npm run --silent serve",
      url: `http://localhost:${E2E.shopWithdrawal.port}/healthz`,
      timeout: 90_000,
      env: storeEnv(E2E.shopWithdrawal.port, E2E.shopWithdrawal.dataDir),
    },
    {
      command: "node --import tsx tests/e2e/fake-ecb-server.ts",
      url: `http://127.0.0.1:${E2E.ecbPort}/healthz`,
      timeout: 30_000,
      env: { FAKE_ECB_PORT: String(E2E.ecbPort) },
    },
    {
      command: "node --import tsx tests/e2e/fake-vies-server.ts",
      url: `http://127.0.0.1:${E2E.viesPort}/check-status`,
      timeout: 30_000,
      env: { FAKE_VIES_PORT: String(E2E.viesPort) },
    },
    {
      command: "node --import tsx tests/e2e/fake-stripe-server.ts",
      url: `http://127.0.0.1:${E2E.live.controlPort}/healthz`,
      timeout: 30_000,
      env: {
        FAKE_STRIPE_PORT: String(E2E.live.stripePort),
        CONTROL_PORT: String(E2E.live.controlPort),
        STORE_URL: `http://localhost:${E2E.live.port}`,
        STRIPE_WEBHOOK_SECRET: LIVE_WEBHOOK_SECRET,
      },
    },
    {
      command: "node --import tsx tests/e2e/seed-store.ts && npm run --silent serve",
      url: `http://localhost:${E2E.live.port}/healthz`,
      timeout: 90_000,
      env: {
        ...storeEnv(E2E.live.port, E2E.live.dataDir),
        // A live store names its seller, or it does not start (ADR 041).
        ...TEST_SELLER,
        STRIPE_SECRET_KEY: "sk_test_e2e_live_store",
        STRIPE_WEBHOOK_SECRET: LIVE_WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${E2E.live.stripePort}`,
        RECONCILE_INTERVAL_S: "0",
      },
    },
    {
      command: `rm -rf ${E2E.behindNginx.dataDir} && npm run --silent serve`,
      url: `http://localhost:${E2E.behindNginx.port}/healthz`,
      timeout: 60_000,
      env: {
        ...storeEnv(E2E.behindNginx.port, E2E.behindNginx.dataDir),
        PUBLIC_URL: `http://127.0.0.1:${E2E.behindNginx.nginxPort}`,
        TRUST_PROXY: "1",
      },
    },
    {
      command: "node --import tsx tests/e2e/nginx-from-deploying-guide.ts",
      url: `http://127.0.0.1:${E2E.behindNginx.nginxPort}/healthz`,
      timeout: 30_000,
      env: { NGINX_PORT: String(E2E.behindNginx.nginxPort), STORE_PORT: String(E2E.behindNginx.port) },
    },
    ...(postgresUrl
      ? [
          {
            command: "node --import tsx tests/e2e/seed-store.ts && npm run --silent serve",
            url: `http://localhost:${E2E.shopPostgres.port}/healthz`,
            timeout: 90_000,
            env: { ...storeEnv(E2E.shopPostgres.port, E2E.shopPostgres.dataDir), DATABASE_URL: postgresUrl },
          },
        ]
      : []),
  ],
});
