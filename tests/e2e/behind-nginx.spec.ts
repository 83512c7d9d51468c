import { E2E } from "../../playwright.config.ts";
import { SAMPLE_ZIP } from "../setup/seed-product.ts";
import { expect, test } from "./fixtures.ts";
import { expectPersonalCopy } from "./personal-copy.ts";

/**
 * The store behind nginx with the deploying guide's site (tests/e2e/nginx-from-deploying-guide.ts): the owner
 * uploads the product and a buyer pays and downloads it, every request through nginx.
 */
test.describe.configure({ mode: "serial" });

test("the owner uploads the product through nginx", async ({ page }) => {
  const response = await page.goto(`/${E2E.adminPath}`);
  expect(response?.headers().server).toMatch(/^nginx/);
  await page.getByLabel("Password").fill(E2E.adminPassword);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page.getByRole("button", { name: "Esci" })).toBeVisible();
  await page.goto(`/${E2E.adminPath}/prodotto`);
  // Clicked before React hydrates, the upload would post the whole page instead.
  await page.waitForSelector("html[data-js]");
  await page.locator("#product-file").setInputFiles(SAMPLE_ZIP);
  await page.getByRole("button", { name: "Carica il primo prodotto" }).click();
  // Not the file's name: the form shows it as soon as the file is chosen. Ending the test before
  // the upload's answer closed the page mid-upload, and the buyer found no product (CI, stop 25).
  await expect(page.getByText("Prodotto caricato", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "File in vendita" })).toContainText("toolkit-sample.zip");
});

test("a buyer pays and downloads the product through nginx", async ({ page }) => {
  await page.goto("/checkout");
  await page.getByRole("button", { name: "Continue without discount" }).click();
  await page.getByLabel("Email address").fill(`nginx-${Date.now()}@example.com`);
  await page.getByRole("checkbox", { name: /I want immediate access to the download/ }).check();
  await page.getByRole("button", { name: "Complete Purchase - $47.00" }).click();
  await expect(page).toHaveURL(/\/pay\/test\/test_cs_/);
  await page.getByRole("button", { name: "Pay $47.00" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download Now" }).click(),
  ]);
  expectPersonalCopy((await download.path())!);
});
