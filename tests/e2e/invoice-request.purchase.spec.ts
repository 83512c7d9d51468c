/**
 * A buyer who needs an invoice: they open the checkout's invoice section, type a codice fiscale
 * with a typo and are told so beside the field, fix it, pay on the test payment page, and the
 * success page says the invoice is being prepared, then links its courtesy copy, which also arrives
 * by e-mail. With JavaScript and without, at 390 px and on a desktop; screenshots of both pages for
 * a person to look at. The journeys' store names its seller and has the fiscal settings.
 */
import { mkdir } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { shopDataDir } from "../../playwright.config.ts";
import { uniqueEmail } from "./buy.ts";
import { expect, test } from "./fixtures.ts";
import { mailTo } from "./mailbox.ts";

const SHOTS = "/work/shots/books-buyer";
const WRONG_CF =
  "This tax code (codice fiscale) is not valid: its last letter does not match. Check for a typo.";

/** The page at 390 px and at 1280 px, whole. */
async function shoot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

/** The checkout with the invoice section filled in for an Italian private buyer, codice fiscale `cf`. */
async function fillCheckout(page: Page, email: string, cf: string) {
  await page.goto("/checkout");
  const scripted = await page.evaluate(() => "js" in document.documentElement.dataset);
  if (scripted) await page.getByRole("button", { name: "Continue without discount" }).click();
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("checkbox", { name: /I want immediate access to the download/ }).check();
  await page.getByText("I need an invoice (business or private)").click();
  // The page script shows only the fields that apply: none before a buyer type is chosen, then a
  // private person's in Italy (no company, VAT number or SDI code).
  if (scripted) await expect(page.locator("#invoice-street")).toBeHidden();
  await page.getByRole("radio", { name: "A private person" }).check();
  if (scripted) {
    for (const hidden of ["company", "vatNumber", "recipientCode", "pec"])
      await expect(page.locator(`#invoice-${hidden}`)).toBeHidden();
    await expect(page.locator("#invoice-codiceFiscale")).toBeVisible();
  }
  await page.locator("#invoice-firstName").fill("Mario");
  await page.locator("#invoice-lastName").fill("Rossi");
  await page.getByLabel("Country", { exact: true }).selectOption("IT");
  await page.locator("#invoice-street").fill("Via Roma 1");
  await page.locator("#invoice-postcode").fill("20121");
  await page.locator("#invoice-city").fill("Milano");
  await page.locator("#invoice-province").fill("MI");
  await page.locator("#invoice-codiceFiscale").fill(cf);
}

/**
 * The success page's invoice section once the store issued the invoice (the payment kicks the
 * issuing; the page may have been made just before): its courtesy copy is a PDF, and the e-mail
 * "Your invoice PROVA/n" carries the same copy. The journeys store takes test payments, whose
 * documents are in the PROVA series, never the real one.
 */
async function expectCourtesyCopy(page: Page, email: string, dataDir: string) {
  const invoice = page.getByRole("region", { name: "Invoice" });
  const link = invoice.getByRole("link", { name: "Download the courtesy copy (PDF)" });
  await expect(async () => {
    await page.reload();
    await expect(link).toBeVisible({ timeout: 1_000 });
    // The issuing job runs after a payment and every 30 s: a request made later waits for its round.
  }).toPass({ timeout: 45_000 });
  await expect(invoice).toContainText(/Invoice PROVA\/\d+ —/);
  const pdf = await page.request.get((await link.getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toMatch(
    /^attachment; filename="fattura-PROVA-\d{4}-\d+\.pdf"$/,
  );
  const copy = await pdf.body();
  expect(copy.subarray(0, 5).toString("latin1")).toBe("%PDF-");

  const mail = await mailTo(dataDir, email, /^Your invoice PROVA\/\d+ for order LCT-/);
  expect(mail.attachments.map((file) => file.contentType)).toEqual(["application/pdf"]);
  expect(mail.attachments[0]!.content.equals(copy)).toBe(true);
}

/** Posts the checkout, is refused for the codice fiscale, fixes it and pays: ends on the success page. */
async function askPayAndCheck(page: Page, email: string, dataDir: string, shots?: string) {
  await fillCheckout(page, email, "RSSMRA85T10A562T");
  await page.getByRole("button", { name: "Complete Purchase - $47.00" }).click();
  const field = page.locator("#invoice-codiceFiscale");
  await expect(page.locator("#invoice-codiceFiscale-error")).toHaveText(WRONG_CF);
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(WRONG_CF.replace(/[()]/g, "\\$&")));
  // The page came back open, with everything as typed.
  await expect(page.locator("details[data-invoice-request]")).toHaveAttribute("open", "");
  await expect(page.locator("#invoice-lastName")).toHaveValue("Rossi");
  await expect(page.getByRole("radio", { name: "A private person" })).toBeChecked();
  await expect(page.getByLabel("Email address")).toHaveValue(email);
  if (shots) await shoot(page, `${shots}-checkout-invoice-open`);

  await field.fill("rssmra85t10a562s");
  await page.getByRole("checkbox", { name: /I want immediate access to the download/ }).check();
  await page.getByRole("button", { name: "Complete Purchase - $47.00" }).click();
  await page.getByRole("button", { name: "Pay $47.00" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
  const invoice = page.getByRole("region", { name: "Invoice" });
  // Prepared, or already issued when the payment's kick was quicker than the page.
  await expect(invoice).toContainText(
    /Your invoice is being prepared; it will arrive by e-mail\.|Download the courtesy copy \(PDF\)/,
  );
  // Stripe's document, where there is one, is the receipt; the store's own is the only "invoice".
  await expect(page.getByText("receipt (invoice)")).toHaveCount(0);
  await expectCourtesyCopy(page, email, dataDir);
  if (shots) await shoot(page, `${shots}-success-invoice`);
}

test.describe("asking for an invoice", () => {
  // A purchase, the issuing job's round and the courtesy copy from the page and the e-mail.
  test.describe.configure({ timeout: 120_000 });
  // The refused checkout is answered 400 with the page, which the browser reports.
  test.use({ allowConsoleErrors: [/status of 400 \(Bad Request\)/] });
  test("at checkout: a wrong codice fiscale is flagged beside it, fixed, paid, and the invoice is prepared @phone", async ({
    page,
  }, testInfo) => {
    await askPayAndCheck(
      page,
      uniqueEmail("invoice-js"),
      shopDataDir(testInfo.project.name),
      testInfo.project.name,
    );
  });

  test("at checkout without JavaScript, the same way", async ({ browser }, testInfo) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await askPayAndCheck(page, uniqueEmail("invoice-nojs"), shopDataDir(testInfo.project.name));
    await context.close();
  });

  test("on the success page after buying without one, with the form posted as a page", async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/checkout");
    const email = uniqueEmail("invoice-later");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("checkbox", { name: /I want immediate access to the download/ }).check();
    await page.getByRole("button", { name: "Complete Purchase - $47.00" }).click();
    await page.getByRole("button", { name: "Pay $47.00" }).click();
    const invoice = page.getByRole("region", { name: "Invoice" });
    await expect(invoice).toContainText("You can ask for one within 10 days of payment");
    await invoice.getByRole("radio", { name: "A business" }).check();
    await invoice.getByLabel("Company name").fill("Coaching Srl");
    await invoice.getByLabel("Country", { exact: true }).selectOption("DE");
    await invoice.getByLabel("Street and number").fill("Hauptstraße 3");
    await invoice.getByLabel("Postcode").fill("10115");
    await invoice.getByLabel("City").fill("Berlin");
    await invoice.getByLabel("VAT number").fill("DE 136 695 977");
    await invoice.getByRole("button", { name: "Request the invoice" }).click();
    await expect(page.locator("#invoice-vatNumber-error")).toHaveText(
      "This VAT number is not valid: its check digits do not match. Check for a typo.",
    );
    await expect(page.getByLabel("Company name")).toHaveValue("Coaching Srl");
    await shoot(page, "success-invoice-form");
    await page.getByLabel("VAT number").fill("DE 136 695 976");
    await page.getByRole("button", { name: "Request the invoice" }).click();
    await expect(page.getByRole("region", { name: "Invoice" })).toContainText(
      "Your invoice is being prepared; it will arrive by e-mail.",
    );
    await expect(page.getByRole("button", { name: "Request the invoice" })).toHaveCount(0);
    await expectCourtesyCopy(page, email, shopDataDir(testInfo.project.name));
    await context.close();
  });
});
