import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { shopDataDir } from "../../playwright.config.ts";
import { buyAtFullPrice, uniqueEmail } from "./buy.ts";
import { expect, test } from "./fixtures.ts";
import { mailTo } from "./mailbox.ts";

/**
 * The withdrawal function (CRD art. 11a) in a browser against the built store with a product (the
 * withdrawal projects, desktop and 390 px phone): from the footer link, with
 * and without JavaScript.
 */

const SHOTS = "/tmp/withdraw-shots";
/** "2 December 2026 at 08:15:03 UTC": the date and time the confirmation must state. */
const DATE_TIME = /\d{1,2} \w+ \d{4} at \d{2}:\d{2}:\d{2} UTC/;

/** Buys in a context of its own; returns the order reference and the e-mail link's path. */
async function buy(browser: Browser, email: string, dataDir: string, download: boolean) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await buyAtFullPrice(page, email);
  const mail = await mailTo(dataDir, email, /is ready to download/);
  // The delivery e-mail carries the withdrawal link too.
  expect(mail.text).toMatch(/Withdraw from contract here: https?:\/\/\S+\/withdraw/);
  const link = new URL(mail.text!.match(/https?:\/\/\S+\?t=[\w-]+/)![0]);
  const reference = mail.text!.match(/LCT-[0-9A-F]{10}/)![0];
  if (download) {
    await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download Now" }).click(),
    ]);
  }
  await context.close();
  return { reference, link: link.pathname + link.search };
}

/** From any page's footer: the statement, the review step, "Confirm withdrawal". */
async function withdraw(
  page: Page,
  statement: { identifier: string; name: string; email: string },
  shot: string,
) {
  await page.goto("/blog");
  await page.getByRole("contentinfo").getByRole("link", { name: "Withdraw from contract here" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Withdraw from contract" })).toBeVisible();
  await page.getByLabel("Order reference or the e-mail you bought with").fill(statement.identifier);
  await page.getByLabel("Your name").fill(statement.name);
  await page.getByLabel("Your e-mail, for the confirmation").fill(statement.email);
  await page.screenshot({ path: `${SHOTS}/${shot}-1-form.png`, fullPage: true });
  await page.getByRole("button", { name: "Review withdrawal" }).click();
  // The separate step shows what will be sent before anything is.
  await expect(page.getByRole("heading", { name: "Check your withdrawal statement" })).toBeVisible();
  await expect(page.locator("[data-statement]")).toContainText(
    `I, ${statement.name}, hereby withdraw from my contract`,
  );
  await expect(page.locator("[data-statement]")).toContainText(statement.email);
  await page.screenshot({ path: `${SHOTS}/${shot}-2-review.png`, fullPage: true });
  await page.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(page.getByRole("heading", { name: "Withdrawal statement received" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText(DATE_TIME);
  await page.screenshot({ path: `${SHOTS}/${shot}-3-done.png`, fullPage: true });
}

test.describe("withdrawing from the contract", () => {
  for (const javaScriptEnabled of [true, false]) {
    const how = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
    test(`a buyer who has not downloaded withdraws from the footer link ${how}: refunded, confirmed, download refused @phone`, async ({
      browser,
    }, testInfo) => {
      test.setTimeout(90_000);
      const dataDir = shopDataDir(testInfo.project.name);
      const email = uniqueEmail(`withdraw-${javaScriptEnabled ? "js" : "nojs"}`);
      const { reference, link } = await buy(browser, email, dataDir, false);

      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await withdraw(
        page,
        { identifier: reference, name: "Dana Buyer", email },
        `${testInfo.project.name}-${javaScriptEnabled ? "js" : "nojs"}`,
      );
      const confirmation = await mailTo(dataDir, email, /We received your withdrawal/);
      expect(confirmation.text).toMatch(new RegExp(`made by Dana Buyer on ${DATE_TIME.source}`));
      expect(confirmation.text).toContain("Your withdrawal is confirmed. We have refunded $47.00 in full");

      // Access is revoked: the e-mail's link opens the lost-link form, with no download.
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Looking for your download?" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Download Now" })).toHaveCount(0);
      await context.close();
    });
  }

  test("a buyer who has downloaded is told the right ended when the download started @phone", async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const dataDir = shopDataDir(testInfo.project.name);
    const email = uniqueEmail("withdraw-downloaded");
    const { link } = await buy(browser, email, dataDir, true);
    const context = await browser.newContext();
    const page = await context.newPage();
    // By the address bought with, this time.
    await withdraw(
      page,
      { identifier: email, name: "Dana Buyer", email },
      `${testInfo.project.name}-downloaded`,
    );
    const acknowledgement = await mailTo(dataDir, email, /We received your withdrawal/);
    expect(acknowledgement.text).toMatch(new RegExp(`made by Dana Buyer on ${DATE_TIME.source}`));
    expect(acknowledgement.text).toMatch(
      new RegExp(`Your right of withdrawal ended when the download started on ${DATE_TIME.source}`),
    );
    expect(acknowledgement.text).toMatch(
      new RegExp(`at checkout on ${DATE_TIME.source} you asked for immediate access`),
    );
    expect(acknowledgement.text).toContain("30-day money-back guarantee still applies");
    // Nothing was refunded: the download page still offers the file.
    await page.goto(link);
    await expect(page.getByRole("button", { name: "Download Now" })).toBeVisible();
    await context.close();
  });
});

test.describe("the withdrawal function's page", () => {
  // A statement with empty fields is answered 400 with the form, which Chromium logs.
  test.use({ allowConsoleErrors: [/status of 400 \(Bad Request\)/] });

  test("the success page links the withdrawal function beside the download, and /withdraw passes axe in each step", async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const email = uniqueEmail("withdraw-axe");
    await buyAtFullPrice(page, email);
    const card = page.getByRole("region", { name: "Download Your Toolkit" });
    await expect(card.getByRole("link", { name: "Withdraw from contract here" })).toHaveAttribute(
      "href",
      "/withdraw",
    );
    await page.screenshot({ path: `${SHOTS}/${testInfo.project.name}-success-page.png`, fullPage: true });
    const axe = async (step: string) =>
      expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${step} ${v.id}`)).toEqual([]);
    await page.goto("/withdraw");
    await page.getByRole("button", { name: "Review withdrawal" }).click();
    // Fields left empty: each says what it needs.
    await expect(page.getByText("Please enter your name.")).toBeVisible();
    await axe("errors");
    await page.getByLabel("Order reference or the e-mail you bought with").fill("LCT-0000000000");
    await page.getByLabel("Your name").fill("Nobody");
    await page.getByLabel("Your e-mail, for the confirmation").fill("nobody@example.com");
    await page.getByRole("button", { name: "Review withdrawal" }).click();
    await axe("review");
    await page.getByRole("button", { name: "Confirm withdrawal" }).click();
    // The same answer as for a real order.
    await expect(page.getByRole("heading", { name: "Withdrawal statement received" })).toBeVisible();
    await axe("done");
  });
});
