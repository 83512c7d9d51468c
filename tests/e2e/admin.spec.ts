import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { E2E } from "../../playwright.config.ts";
import { offerAvailability } from "../setup/offer-availability.ts";
import { expect, test } from "./fixtures.ts";

const adminUrl = `/${E2E.adminPath}`;
const fixture = (name: string) => `tests/fixtures/${name}`;
const PAGES = [
  ["Panoramica", adminUrl],
  ["Ordini", `${adminUrl}/ordini`],
  ["Fatture", `${adminUrl}/fatture`],
  ["Registri", `${adminUrl}/registri`],
  ["Prodotto", `${adminUrl}/prodotto`],
  ["Impostazioni", `${adminUrl}/impostazioni`],
] as const;

async function signIn(page: Page, to = adminUrl) {
  await page.goto(to);
  if (!(await page.getByRole("button", { name: "Esci" }).isVisible())) {
    await page.getByLabel("Password").fill(E2E.adminPassword);
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect(page.getByRole("button", { name: "Esci" })).toBeVisible();
    if (to !== adminUrl) await page.goto(to);
  }
  // The admin's buttons post through React once it has hydrated; a click before that posts the
  // whole page, whose answer shows no notice (CI once clicked "Scarica il prodotto" that early).
  await page.waitForSelector("html[data-js]");
}

/** What the landing page tells search engines now, fetched as a crawler would. */
async function landingOffer(page: Page) {
  return offerAvailability(await (await page.request.get("/")).text());
}

async function upload(page: Page, name: string) {
  await page.locator("#product-file").setInputFiles(fixture(name));
  await page.getByRole("button", { name: /Carica il primo prodotto|Sostituisci il prodotto/ }).click();
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

// The admin journeys share one store and its one product, so they run in order.
test.describe.configure({ mode: "serial" });

test.describe("admin area", () => {
  // Refused uploads and sign-ins answer 4xx, which Chromium logs.
  test.use({ allowConsoleErrors: [/status of (401|404|413|415|422)/] });

  test("asks for the password, refuses a wrong one, and is not indexed @phone", async ({ page }) => {
    const response = await page.goto(adminUrl);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await expect(page.getByRole("heading", { name: "Pannello di amministrazione segreto" })).toBeVisible();
    await expect(page.getByText("Accesso riservato")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect(page.getByRole("alert")).toHaveText("Password errata. Riprova.");
    // A page asked for without a session sends to the sign-in.
    await page.goto(`${adminUrl}/ordini`);
    await expect(page).toHaveURL(new RegExp(`${adminUrl}$`));
    await expect(page.getByLabel("Password")).toBeVisible();
  });

  test("signs in to the Panoramica, revenue in view; every page in the navigation, none scrolls sideways @phone", async ({
    page,
  }) => {
    await signIn(page);
    await expect(page.getByRole("heading", { level: 1, name: "Panoramica" })).toBeVisible();
    const today = page.locator('[data-period="today"]');
    await expect(today).toContainText(/\d+,\d\d\sUSD/);
    const box = (await today.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    for (const [name, url] of PAGES) {
      const nav = page.getByRole("navigation", { name: "Sezioni del pannello" });
      const link = nav.getByRole("link", { name, exact: true });
      // On a phone the navigation is a menu (a <details>): opened when it is closed, never toggled shut.
      const menu = nav.locator("details");
      if (
        (await menu.isVisible()) &&
        !(await menu.evaluate((details) => (details as HTMLDetailsElement).open))
      )
        await nav.getByText("Menu").click();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${url}$`));
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(nav.locator('a[aria-current="page"]').first()).toHaveText(name);
      expect(await horizontalOverflow(page), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });

  test("Prodotto: no product, a disabled download with its reason; upload, file count, download and compare bytes", async ({
    page,
  }) => {
    await signIn(page, `${adminUrl}/prodotto`);
    // Start from no product, whatever an earlier run left.
    if (await page.getByRole("button", { name: "Elimina il prodotto" }).isVisible()) {
      await page.getByRole("button", { name: "Elimina il prodotto" }).click();
      await page.getByRole("button", { name: "Sì, elimina" }).click();
    }
    await expect(page.getByText(/^Nessun prodotto caricato/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Scarica il prodotto" })).toBeDisabled();
    await expect(page.getByText("Nessun prodotto da scaricare: carica prima un file ZIP.")).toBeVisible();
    await expect.poll(() => landingOffer(page)).toBe("OutOfStock");

    // The file input is visually hidden: reached with the keyboard, its label shows the focus.
    await page.locator("#product-file").focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(page.locator("#product-file")).toBeFocused();
    await expect(page.locator('label[for="product-file"]')).toHaveCSS("outline-style", "solid");

    await upload(page, "toolkit-sample.zip");
    await expect(page.getByText("Prodotto caricato", { exact: true })).toBeVisible();
    await expect.poll(() => landingOffer(page)).toBe("InStock");
    const status = page.getByRole("region", { name: "File in vendita" });
    await expect(status).toContainText("toolkit-sample.zip");
    await expect(status).toContainText("Archivio ZIP");
    await expect(status).toContainText("In vendita");
    await expect(status).not.toContainText(/Ready|ZIP Archive/);
    // Files, not folders: the sample holds 3 files in 2 folders.
    await expect(status.getByTestId("file-count")).toHaveText("3");
    const inside = page.getByRole("region", { name: "Anteprima di «What's inside»" });
    await expect(inside.getByRole("row")).toHaveCount(4);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Scarica il prodotto" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("coaching-toolkit-complete.zip");
    expect(
      (await readFile((await download.path())!)).equals(await readFile(fixture("toolkit-sample.zip"))),
    ).toBe(true);
  });

  test("Prodotto: replaces the product; each refused file is said on the page until read, and keeps the current one", async ({
    page,
  }) => {
    await signIn(page, `${adminUrl}/prodotto`);
    await upload(page, "toolkit-v2.zip");
    const status = page.getByRole("region", { name: "File in vendita" });
    await expect(status).toContainText("toolkit-v2.zip");

    await page
      .locator("#product-file")
      .setInputFiles({ name: "toolkit.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF") });
    const alert = page.getByRole("alert").filter({ hasText: "Formato file non valido" });
    await expect(alert).toContainText("Puoi caricare solo file ZIP.");
    // Still there after a toast would have gone (4 s), until closed.
    await page.waitForTimeout(5000);
    await expect(alert).toBeVisible();
    await alert.getByRole("button", { name: "Ho letto, chiudi" }).click();
    await expect(alert).toHaveCount(0);

    for (const [name, message] of [
      ["not-a-zip.zip", "Il file non è un archivio ZIP valido o è danneggiato."],
      ["truncated.zip", "Il file non è un archivio ZIP valido o è danneggiato."],
      ["evil-traversal.zip", "Lo ZIP contiene un percorso non sicuro"],
      ["evil-symlink.zip", "Lo ZIP contiene un collegamento simbolico: link-to-etc"],
    ] as const) {
      await upload(page, name);
      await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
      await expect(status).toContainText("toolkit-v2.zip");
    }
  });

  test("Prodotto: delete asks for confirmation, then the store stops selling", async ({ page }) => {
    await signIn(page, `${adminUrl}/prodotto`);
    await page.getByRole("button", { name: "Elimina il prodotto" }).click();
    const confirm = page.getByRole("dialog", { name: "Eliminare il prodotto?" });
    await confirm.getByRole("button", { name: "Annulla" }).click();
    await expect(page.getByRole("region", { name: "File in vendita" })).toContainText("In vendita");
    await page.getByRole("button", { name: "Elimina il prodotto" }).click();
    await confirm.getByRole("button", { name: "Sì, elimina" }).click();
    await expect(page.getByText("Prodotto eliminato")).toBeVisible();
    await expect(page.getByText(/^Nessun prodotto caricato/)).toBeVisible();
    await expect.poll(() => landingOffer(page)).toBe("OutOfStock");
    await page.goto("/checkout");
    await expect(page.getByText("The toolkit is temporarily unavailable")).toBeVisible();
    // Put a product back for whoever comes next.
    await signIn(page, `${adminUrl}/prodotto`);
    await upload(page, "toolkit-sample.zip");
    await expect(page.getByText("Prodotto caricato", { exact: true })).toBeVisible();
  });

  test("Impostazioni: test mode, the going-live checklist, no reconciliation card without Stripe", async ({
    page,
  }) => {
    await signIn(page, `${adminUrl}/impostazioni`);
    await expect(page.getByText("Prova (nessun pagamento vero)")).toBeVisible();
    const checklist = page.getByTestId("checklist");
    await expect(checklist.locator('[data-done="true"]')).toContainText(["Prodotto caricato"]);
    await expect(checklist.locator("li", { hasText: "Chiavi di Stripe" })).toContainText("da fare");
    // The e2e stores run in test mode without the seller's settings.
    await expect(checklist.locator("li", { hasText: "Venditore indicato" })).toContainText("da fare");
    await expect(page.getByRole("button", { name: "Riconcilia ora" })).toHaveCount(0);
    expect(await page.content()).not.toContain(E2E.adminPassword);
  });

  test("Ordini: bad page and filter said on the page; search, CSV export; signing out ends the session", async ({
    page,
  }) => {
    await signIn(page, `${adminUrl}/ordini?pagina=abc&filtro=tutti`);
    await expect(page.getByText("Numero di pagina non valido: mostro la prima pagina.")).toBeVisible();
    await expect(page.getByText("Filtro sconosciuto: mostro le vendite.")).toBeVisible();
    await page.goto(`${adminUrl}/ordini/LCT-0000000000`);
    await expect(page.getByRole("heading", { level: 1, name: "Ordine non trovato" })).toBeVisible();
    await page.goto(`${adminUrl}/ordini`);
    await page.getByLabel("Cerca per e-mail o riferimento").fill("nobody-bought@example.com");
    await page.getByRole("button", { name: "Cerca" }).click();
    await expect(page).toHaveURL(/q=nobody-bought/);
    await expect(page.getByText("Nessun ordine trovato.")).toBeVisible();
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Esporta CSV" }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^ordini-\d{4}-\d\d-\d\d\.csv$/);
    expect((await readFile((await csv.path())!, "utf8")).split("\r\n")[0]).toContain(
      '"Numero","Creato il (UTC)","E-mail"',
    );
    await page.getByRole("button", { name: "Esci" }).click();
    await expect(page.getByLabel("Password")).toBeVisible();
    const response = await page.request.get(`${adminUrl}/orders.csv`);
    expect(response.status()).toBe(401);
  });

  test("refuses admin actions without a session and from another site", async ({ request }) => {
    const upload = await request.post(`${adminUrl}/upload`, {
      multipart: { file: { name: "x.zip", mimeType: "application/zip", buffer: Buffer.from("PK") } },
    });
    expect(upload.status()).toBe(401);
    const crossSite = await request.post(`${adminUrl}/upload`, {
      headers: { origin: "https://evil.example" },
      multipart: { file: { name: "x.zip", mimeType: "application/zip", buffer: Buffer.from("PK") } },
    });
    expect(crossSite.status()).toBe(403);
  });
});
