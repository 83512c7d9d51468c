/**
 * The owner's registers on the shop store with a quarter of seeded sales (seeded-register-sales.ts):
 * Registri from the navigation, the quarter chosen in the form, the totals per regime, the takings
 * and the OSS lines with the figures the law's arithmetic gives, the line saying the registers are
 * not final while the VAT regime is unset, and the three CSV files. At 390 and 1280 px: no sideways
 * scroll, axe. Screenshots go to SHOTS_DIR when set.
 */
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { E2E } from "../../playwright.config.ts";
import { expect, test } from "./fixtures.ts";
import { REGISTER_QUARTER } from "./seeded-register-sales.ts";

const adminUrl = `/${E2E.adminPath}`;
const shotsDir = process.env.SHOTS_DIR;

async function signIn(page: Page) {
  await page.goto(adminUrl);
  if (await page.getByRole("button", { name: "Esci" }).isVisible()) return;
  await page.getByLabel("Password").fill(E2E.adminPassword);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page.getByRole("button", { name: "Esci" })).toBeVisible();
}

/** A table's rows as their cells' text, whitespace (and the euro's no-break space) made plain. */
const rowsOf = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator("tbody tr, tfoot tr")
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll("th, td")].map((cell) =>
          (cell.textContent ?? "").replace(/\s+/g, " ").trim(),
        ),
      ),
    );

test.describe("Registri", () => {
  test("the owner opens the quarter of seeded sales: totals per regime, takings, OSS lines, three CSV files @phone", async ({
    page,
  }, testInfo) => {
    await signIn(page);
    const nav = page.getByRole("navigation", { name: "Sezioni del pannello" });
    const menu = nav.locator("details");
    if (await menu.isVisible()) await nav.getByText("Menu").click();
    await nav.getByRole("link", { name: "Registri", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Registri" })).toBeVisible();

    await page.getByLabel("Periodo").selectOption(REGISTER_QUARTER.key);
    await page.getByRole("button", { name: "Mostra" }).click();
    await expect(page).toHaveURL(new RegExp(`registri\\?periodo=${REGISTER_QUARTER.key}$`));
    await expect(page.getByTestId("registers-period")).toHaveText(REGISTER_QUARTER.label);
    // The regime is not set on this store: said, and the registers are not final.
    await expect(page.getByTestId("registers-not-final")).toContainText("Il regime IVA non è impostato");

    expect(await rowsOf(page, "registers-summary")).toEqual([
      ["Consumatore italiano", "1", "47,00 €", "0,00 €", "38,52 €", "8,48 €"],
      ["Consumatore UE (OSS)", "2", "87,00 €", "0,00 €", "72,83 €", "14,17 €"],
      ["Consumatore fuori UE", "1", "47,00 €", "0,00 €", "47,00 €", "0,00 €"],
      ["Totale", "4", "181,00 €", "0,00 €", "158,35 €", "22,65 €"],
    ]);
    expect(await rowsOf(page, "registers-takings")).toEqual([
      ["14 aprile 2026", "1", "22%", "47,00 €", "38,52 €", "8,48 €"],
    ]);
    // The OSS lines at the ECB rate of 30 June: France's dollars at 1.25.
    expect(await rowsOf(page, "registers-oss")).toEqual([
      ["DE", "19%", "39,50 €", "7,50 €"],
      ["FR", "20%", "31,33 €", "6,27 €"],
      ["Totale", "", "70,83 €", "13,77 €"],
    ]);

    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      "Registri scrolls sideways",
    ).toBeLessThanOrEqual(0);
    const axe = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(axe.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
    if (shotsDir)
      await page.screenshot({ path: `${shotsDir}/registri-${testInfo.project.name}.png`, fullPage: true });

    const download = async (name: string) => {
      const [file] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name, exact: true }).click(),
      ]);
      expect(file.suggestedFilename()).toMatch(new RegExp(`^registro-\\w+-${REGISTER_QUARTER.key}\\.csv$`));
      const text = (await readFile((await file.path())!)).toString("utf8");
      expect(text.startsWith("\uFEFF")).toBe(true);
      return text.slice(1).split("\r\n");
    };
    const sales = await download("Registro delle vendite");
    expect(sales[0]).toMatch(
      /^"Data","Operazione","Riferimento ordine","Documento","Tipo acquirente","Paese","Regime",/,
    );
    expect(sales).toContainEqual(
      expect.stringMatching(
        /^"2026-06-10","vendita","LCT-\w{10}","","consumatore","FR","Consumatore UE \(OSS\)","47\.00","USD","1\.175","2026-06-10","40\.00","33\.33","6\.67","20","N7"$/,
      ),
    );
    const takings = await download("Registro dei corrispettivi");
    expect(takings.slice(0, 2)).toEqual([
      '"Giorno","Vendite","Aliquota (%)","Totale (EUR)","Imponibile (EUR)","IVA (EUR)"',
      '"2026-04-14","1","22","47.00","38.52","8.48"',
    ]);
    const oss = await download("Dati OSS");
    expect(oss).toEqual([
      '"Stato membro","Aliquota (%)","Imponibile (EUR)","IVA (EUR)"',
      '"DE","19","39.50","7.50"',
      '"FR","20","31.33","6.27"',
      '"Totale","","70.83","13.77"',
      "",
    ]);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the chooser posts as a document and the OSS lines show the same", async ({ page }) => {
      await signIn(page);
      await page.goto(`${adminUrl}/registri`);
      await page.getByLabel("Periodo").selectOption(REGISTER_QUARTER.key);
      await page.getByRole("button", { name: "Mostra" }).click();
      await expect(page).toHaveURL(new RegExp(`registri\\?periodo=${REGISTER_QUARTER.key}$`));
      expect(await rowsOf(page, "registers-oss")).toEqual([
        ["DE", "19%", "39,50 €", "7,50 €"],
        ["FR", "20%", "31,33 €", "6,27 €"],
        ["Totale", "", "70,83 €", "13,77 €"],
      ]);
    });
  });
});
