import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const chromium = process.env.CHROME_PATH || "/usr/bin/chromium";
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}. Install it (Debian: apt-get install chromium) or set CHROME_PATH.`,
  );
}

export const E2E_PORT = Number(process.env.E2E_PORT || 3210);
export const E2E_ADMIN_PASSWORD = "e2e-admin-password-123";
export const E2E_DATA_DIR = "data-e2e";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    launchOptions: {
      executablePath: chromium,
      args: [
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "phone", use: { ...devices["Pixel 7"], channel: undefined }, grep: /@phone/ },
  ],
  webServer: {
    // The store started the README's way, on a fresh data directory.
    command: `rm -rf ${E2E_DATA_DIR} && node server/index.ts`,
    url: `http://localhost:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      ADMIN_PATH: "e2e-admin-secret-path",
      SUCCESS_PATH: "e2e-success-secret-path",
      SUPPORT_EMAIL: "support@coachingtoolkit.test",
      LOG_LEVEL: "warn",
    },
  },
});
