/**
 * The success page without React (ADR 030): one small page script instead of React's hydration,
 * its forms answered as JSON with JavaScript and as a page without it; the admin area, served by
 * the same route, keeps React.
 */
import type { Page } from "@playwright/test";
import { E2E } from "../../playwright.config.ts";
import { buyAtFullPrice, uniqueEmail } from "./buy.ts";
import { expect, test } from "./fixtures.ts";

/** The page script's size, raw (about 2.5 KB of it compressed). */
const SCRIPT_BUDGET_BYTES = 10_000;
const successPath = `/${E2E.successPath}`;

/** Marks the current document: a page that still has the mark was not loaded again. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { sameDocument: true }));
const sameDocument = (page: Page) => page.evaluate(() => "sameDocument" in window);

/** Makes the page's download form carry an access proof that opens no order. */
const forgeAccess = (page: Page) =>
  page.locator('form[data-download] input[name="session_id"]').evaluate((input: HTMLInputElement) => {
    input.value = "test_cs_made_up_by_someone";
  });

test.describe("the success page without React", () => {
  test.use({ allowConsoleErrors: [/status of 403/] });

  test("loads one small page script and no React, also after the test payment page's form", async ({
    page,
  }) => {
    await page.goto("/checkout");
    await page.getByRole("button", { name: "Continue without discount" }).click();
    await page.getByLabel("Email address").fill(uniqueEmail("no-react"));
    await page.getByRole("checkbox", { name: /I want immediate access to the download/ }).check();
    await page.getByRole("button", { name: "Complete Purchase - $47.00" }).click();
    // The payment page has React: its form's redirect would render the success page in place.
    await expect(page.getByRole("button", { name: "Pay $47.00" })).toBeVisible();
    await page.waitForSelector("html[data-js]");
    await markDocument(page);
    await page.getByRole("button", { name: "Pay $47.00" }).click();
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    expect(await sameDocument(page)).toBe(false);
    await expect(page.locator("script")).toHaveCount(1);
    await expect(page.locator('script[src^="/assets/success-"]')).toHaveCount(1);

    // The first document's own script may still be arriving: a response of it seen after the
    // reload has no body left to read (CI once failed there). Count the reloaded document's only.
    await page.waitForLoadState("networkidle");
    const scripts: { url: string; bytes: number }[] = [];
    page.on("response", async (response) => {
      if (response.request().resourceType() !== "script") return;
      scripts.push({ url: response.url(), bytes: (await response.body()).length });
    });
    await page.reload();
    await page.waitForLoadState("networkidle");
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.url).toMatch(/\/assets\/success-[\w-]+\.js$/);
    expect(scripts[0]!.bytes).toBeLessThan(SCRIPT_BUDGET_BYTES);
    await expect(page.locator("link[rel=modulepreload]")).toHaveCount(0);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
  });

  test("the lost-link form is answered as JSON in its status line, without a new page @phone", async ({
    page,
  }) => {
    await page.goto(`${successPath}?session_id=test_cs_made_up_by_someone`);
    await page.waitForSelector("html[data-js]");
    await markDocument(page);
    await expect(page.getByRole("status")).toHaveCount(0);
    await page.getByLabel("Your purchase e-mail").fill(uniqueEmail("lost"));
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith(`${successPath}/answer`)),
      page.getByRole("button", { name: "Send my download link" }).click(),
    ]);
    expect(answer.headers()["content-type"]).toMatch(/^application\/json/);
    await expect(page.getByRole("status")).toHaveText(
      /If that address bought the toolkit, a fresh download link is on its way/,
    );
    await expect(page.getByRole("button", { name: "Send my download link" })).toBeEnabled();
    expect(await sameDocument(page)).toBe(true);
  });
});

/**
 * One paid order for the tests below, which leave it as it is: the checkout's limit per client
 * (20 orders in 10 minutes) counts every order the purchase specs start from this machine.
 */
test.describe("a paid order's success page, with JavaScript and without", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ allowConsoleErrors: [/status of 403/] });
  let url = "";
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await buyAtFullPrice(page, uniqueEmail("success"));
    url = page.url();
    await context.close();
  });

  test("Download Now asks for the link as JSON: the file downloads, the page stays, a notice or the error shows", async ({
    page,
  }) => {
    await page.goto(url);
    await page.waitForSelector("html[data-js]");
    await markDocument(page);
    const [download, answer] = await Promise.all([
      page.waitForEvent("download"),
      page.waitForResponse((response) => response.url().endsWith(`${successPath}/answer`)),
      page.getByRole("button", { name: "Download Now" }).click(),
    ]);
    expect(answer.headers()["content-type"]).toMatch(/^application\/json/);
    expect(download.suggestedFilename()).toBe("life-coaching-toolkit.zip");
    await expect(page.getByText("Download started")).toBeVisible();
    await expect(page.getByText("Your toolkit download has started.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Download Now" })).toBeEnabled();
    expect(page.url()).toBe(url);
    expect(await sameDocument(page)).toBe(true);

    await forgeAccess(page);
    await page.getByRole("button", { name: "Download Now" }).click();
    await expect(page.getByText("Download error")).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
  });

  test("without JavaScript, Download Now answers with the file, or with the page and the error", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(url);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download Now" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("life-coaching-toolkit.zip");
    await forgeAccess(page);
    await page.getByRole("button", { name: "Download Now" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Download error: Something went wrong. Please try again or contact support.",
    );
    await context.close();
  });

  test("the guarantee's confirmation opens where the buyer was, not at the top, with JavaScript or without", async ({
    browser,
  }) => {
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto(url);
      const section = page.getByRole("region", { name: "30-Day Money-Back Guarantee" });
      await section.getByRole("button", { name: "Request a refund" }).click();
      await expect(section.getByRole("heading", { name: "Refund this order?" })).toBeInViewport();
      await expect(section.getByRole("button", { name: "Yes, refund my order" })).toBeInViewport();
      await context.close();
    }
  });
});

test.describe("the admin area on the same route", () => {
  test("keeps React: its navigation and search go on without a new document", async ({ page }) => {
    await page.goto(`/${E2E.adminPath}`);
    await page.getByLabel("Password").fill(E2E.adminPassword);
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Panoramica" })).toBeVisible();
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
    await markDocument(page);
    const nav = page.getByRole("navigation", { name: "Sezioni del pannello" });
    const orders = nav.getByRole("link", { name: "Ordini", exact: true });
    if (!(await orders.isVisible())) await nav.getByText("Menu").click();
    await orders.click();
    await page.getByLabel("Cerca per e-mail o riferimento").fill("nobody-at-all@example.com");
    await page.getByRole("button", { name: "Cerca" }).click();
    await expect(page).toHaveURL(/\/ordini\?q=nobody-at-all/);
    expect(await sameDocument(page)).toBe(true);
  });
});
