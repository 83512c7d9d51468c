/**
 * The owner's e-invoices on the live store (the e2e store that names its seller, with e-invoices
 * seeded by seed-store.ts): the owner fills Dati fiscali in Impostazioni and sees what is missing
 * shrink to nothing, opens Fatture for the quarter of the seeded invoices, downloads one XML and the
 * quarter's ZIP, whose files are the quarter's and each valid against the FatturaPA XSD. The same
 * without JavaScript, and screenshots of both pages on a phone and a desktop.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { E2E } from "../../playwright.config.ts";
import { fatturaPaSchemaErrors } from "../setup/fatturapa-xsd.ts";
import { expect, test } from "./fixtures.ts";
import { INVOICED_DOCUMENTS, INVOICED_QUARTER } from "./seeded-invoices.ts";

test.describe.configure({ mode: "serial" });
// A refused form answers 400, which Chromium logs; the empty period's ZIP answers 404.
test.use({ allowConsoleErrors: [/status of 40[04]/] });

const adminUrl = `/${E2E.adminPath}`;
const quarterLabel = `${INVOICED_QUARTER.index}º trimestre ${INVOICED_QUARTER.year}`;

async function signIn(page: Page, to: string) {
  await page.goto(to);
  if (await page.getByLabel("Password").isVisible()) {
    await page.getByLabel("Password").fill(E2E.adminPassword);
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect(page.getByRole("button", { name: "Esci" })).toBeVisible();
    await page.goto(to);
  }
}

/** Opens Fatture for the seeded quarter through the period form. */
async function openQuarter(page: Page) {
  await signIn(page, `${adminUrl}/fatture`);
  await page.getByLabel("Periodo", { exact: true }).selectOption({ label: quarterLabel });
  await page.getByRole("button", { name: "Mostra" }).click();
  await expect(page).toHaveURL(new RegExp(`periodo=${INVOICED_QUARTER.key}$`));
  await expect(page.getByRole("heading", { name: `Documenti del periodo: ${quarterLabel}` })).toBeVisible();
}

test("Dati fiscali: the owner fills them in and what keeps the store from invoicing shrinks to nothing", async ({
  page,
}) => {
  await signIn(page, `${adminUrl}/impostazioni`);
  const section = page.locator("#dati-fiscali");
  const missing = section.getByTestId("fiscal-missing");
  await expect(missing).toContainText("La fattura non può essere emessa finché manca:");
  await expect(missing.locator("li")).toHaveCount(4);
  await expect(section).toContainText("Coaching Shop Srl");
  await expect(section).toContainText("IT12345678903");

  // A wrong CAP is said beside the field; what was typed stays.
  await section.getByLabel(/Ordinario/).check();
  await section.getByLabel("Indirizzo della sede (via e numero)").fill("Via Roma 1");
  await section.getByLabel("CAP").fill("2012");
  await section.getByLabel("Comune").fill("Milano");
  await section.getByLabel("Provincia (sigla)").fill("mi");
  await section.getByRole("button", { name: "Salva i dati fiscali" }).click();
  await expect(section.getByRole("alert")).toHaveText("Dati non salvati: correggi i campi segnalati.");
  await expect(section.getByLabel("CAP")).toHaveAccessibleDescription(
    "Il CAP ha 5 cifre, per esempio 20121.",
  );
  await expect(section.getByLabel("Comune")).toHaveValue("Milano");
  await expect(missing.locator("li")).toHaveCount(4);

  await section.getByLabel("CAP").fill("20121");
  await section.getByRole("button", { name: "Salva i dati fiscali" }).click();
  await expect(section.getByRole("status")).toHaveText("Dati fiscali salvati.");
  await expect(missing).toHaveText("Dati completi: il negozio può emettere le fatture.");
  await expect(
    page.getByTestId("checklist").locator("li", { hasText: "Dati fiscali completi" }),
  ).toContainText("fatto");
  await expect(section.getByTestId("next-number")).toContainText("Sezionale FT");
});

test("Fatture: the seeded quarter's documents, one XML and the quarter's ZIP, each file valid against the XSD", async ({
  page,
}) => {
  await openQuarter(page);
  const rows = page.getByTestId("invoices").locator("tbody tr");
  await expect(rows).toHaveCount(INVOICED_DOCUMENTS);
  await expect(rows.nth(0)).toContainText("Fattura (TD01)");
  await expect(rows.nth(0)).toContainText("Studio Bianchi Srl");
  await expect(rows.nth(0)).toContainText("impresa italiana, IVA 22 %");
  await expect(page.getByTestId("invoices")).toContainText("Nota di credito (TD04)");
  await expect(page.getByTestId("invoices")).toContainText("N2.1");
  const fileNames = await page.getByTestId("invoices").locator('a[href*="/fatture/IT"]').allTextContents();
  expect(fileNames).toHaveLength(INVOICED_DOCUMENTS);

  // The order reference leads to the order's page.
  const reference = (await rows.nth(0).locator('a[href*="/ordini/"]').textContent())!;
  expect(reference).toMatch(/^LCT-/);

  const [single] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: fileNames[0]! }).click(),
  ]);
  expect(single.suggestedFilename()).toBe(fileNames[0]);
  const xml = await readFile((await single.path())!, "utf8");
  expect(xml).toContain('<p:FatturaElettronica versione="FPR12"');
  expect(await fatturaPaSchemaErrors(xml, fileNames[0])).toEqual([]);

  const [archive] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Scarica tutte (ZIP)" }).click(),
  ]);
  expect(archive.suggestedFilename()).toBe(`fatture-${INVOICED_QUARTER.key}.zip`);
  const entries = unzipSync(new Uint8Array(await readFile((await archive.path())!)));
  expect(Object.keys(entries).toSorted()).toEqual(fileNames.toSorted());
  for (const [name, bytes] of Object.entries(entries))
    expect(await fatturaPaSchemaErrors(new TextDecoder().decode(bytes), name), name).toEqual([]);
  expect(new TextDecoder().decode(entries[fileNames[0]!])).toBe(xml);

  await page.getByRole("link", { name: reference }).first().click();
  await expect(page).toHaveURL(new RegExp(`/ordini/${reference}$`));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Fatture: the period form, the list and the empty period's ZIP answer as documents", async ({
    page,
  }) => {
    await openQuarter(page);
    await expect(page.getByTestId("invoices").locator("tbody tr")).toHaveCount(INVOICED_DOCUMENTS);
    const empty = await page.goto(`${adminUrl}/fatture.zip?periodo=2001-T1`);
    expect(empty?.status()).toBe(404);
    await expect(page.getByText("Nessuna fattura né nota di credito nel periodo 2001-T1")).toBeVisible();
    await page.getByRole("link", { name: "Torna alle fatture" }).click();
    await expect(page.getByTestId("no-invoices")).toBeVisible();
  });

  test("Prossimo numero: posted as a document, answered on the page", async ({ page }) => {
    await signIn(page, `${adminUrl}/impostazioni`);
    const section = page.locator("#dati-fiscali");
    const state = (await section.getByTestId("next-number").textContent())!;
    const [, series, year, next] =
      /Sezionale (\w+), anno (\d+): il prossimo documento avrà il numero (\d+)/.exec(state)!;
    // The number it already has: accepted, and nothing moves (refusals are in admin-invoices.test.ts).
    await section.getByLabel("Nuovo prossimo numero").fill(next!);
    await section.getByRole("button", { name: "Imposta il prossimo numero" }).click();
    await expect(section.getByRole("status")).toHaveText(
      `Fatto: il prossimo documento del sezionale ${series} per il ${year} avrà il numero ${next}.`,
    );
    await expect(section.getByTestId("next-number")).toHaveText(state);
  });
});

test("screenshots of Fatture and Dati fiscali @phone", async ({ page }, testInfo) => {
  await openQuarter(page);
  await page.screenshot({
    path: testInfo.outputPath(`fatture-${testInfo.project.name}.png`),
    fullPage: true,
  });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await page.goto(`${adminUrl}/impostazioni`);
  await page
    .locator("#dati-fiscali")
    .screenshot({ path: testInfo.outputPath(`dati-fiscali-${testInfo.project.name}.png`) });
});
