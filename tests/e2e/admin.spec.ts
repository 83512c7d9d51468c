import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { E2E } from "../../playwright.config.ts";
import { offerAvailability } from "../setup/offer-availability.ts";
import { expect, test } from "./fixtures.ts";

const adminUrl = `/${E2E.adminPath}`;
const fixture = (name: string) => `tests/fixtures/${name}`;

async function signIn(page: Page) {
  await page.goto(adminUrl);
  if (!(await page.getByRole("button", { name: "Esci" }).isVisible())) {
    await page.getByLabel("Password").fill(E2E.adminPassword);
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect(page.getByRole("button", { name: "Esci" })).toBeVisible();
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

// The admin journeys share one store and its one product, so they run in order, at one screen size.
test.describe.configure({ mode: "serial" });

test.describe("admin area", () => {
  // Refused uploads and sign-ins answer 4xx, which Chromium logs.
  test.use({ allowConsoleErrors: [/status of (401|404|413|415|422)/] });

  test("asks for the password, refuses a wrong one, and is not indexed", async ({ page }) => {
    const response = await page.goto(adminUrl);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    await expect(page.getByRole("heading", { name: "Pannello di amministrazione segreto" })).toBeVisible();
    await expect(page.getByText("Accesso riservato")).toBeVisible();
    // The area is Italian, and its document says so.
    await expect(page.locator("html")).toHaveAttribute("lang", "it");
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect(page.getByRole("alert")).toHaveText("Password errata. Riprova.");
    await page.getByLabel("Password").fill("x".repeat(1024));
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect(page.getByRole("alert")).toHaveText("Password errata. Riprova.");
  });

  test("empty state, upload, status card, download and compare bytes", async ({ page }) => {
    await signIn(page);
    // Start from no product, whatever an earlier run left.
    if (await page.getByRole("button", { name: "Elimina il prodotto" }).isVisible()) {
      await page.getByRole("button", { name: "Elimina il prodotto" }).click();
      await page.getByRole("button", { name: "Sì, elimina" }).click();
    }
    await expect(page.getByText("Nessun prodotto caricato")).toBeVisible();
    await expect(
      page.getByText("Devi caricare un file ZIP prima che i clienti possano acquistare il toolkit."),
    ).toBeVisible();

    await page.getByRole("button", { name: "Scarica il prodotto" }).click();
    await expect(page.getByText("Nessun prodotto disponibile")).toBeVisible();
    await expect(page.getByText("Devi prima caricare un prodotto.")).toBeVisible();
    await expect.poll(() => landingOffer(page)).toBe("OutOfStock");

    // The file input is visually hidden: reached with the keyboard, its label shows the focus.
    await page.locator("#product-file").focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(page.locator("#product-file")).toBeFocused();
    await expect(page.locator('label[for="product-file"]')).toHaveCSS("outline-style", "solid");

    await upload(page, "toolkit-sample.zip");
    await expect(page.getByText("Prodotto caricato", { exact: true })).toBeVisible();
    // The server reads the product's state at most once a second.
    await expect.poll(() => landingOffer(page)).toBe("InStock");
    const status = page.getByRole("region", { name: "Stato del prodotto" });
    await expect(status).toContainText("toolkit-sample.zip");
    await expect(status).toContainText("$47.00");
    await expect(status).toContainText("ZIP Archive");
    await expect(status).toContainText("Ready");
    await expect(status).toContainText("59 KB");
    await expect(status).toContainText(/\d{1,2} \w+ 20\d\d/);

    // Counts every "Download avviato" notice shown, even one that has already timed out (4 s).
    await page.evaluate(() => {
      const seen = new Set<Element>();
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll("[data-sonner-toast]"))
          if (toast.textContent?.includes("Download avviato")) seen.add(toast);
        (window as unknown as { downloadNotices: number }).downloadNotices = seen.size;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Scarica il prodotto" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("coaching-toolkit-complete.zip");
    expect(
      (await readFile((await download.path())!)).equals(await readFile(fixture("toolkit-sample.zip"))),
    ).toBe(true);

    // One click, one download and one notice: later actions in the panel do not repeat them.
    let downloads = 0;
    page.on("download", () => downloads++);
    const search = page.getByLabel("Cerca per e-mail o numero d'ordine");
    for (const query of ["a@example.com", "b@example.com", "c@example.com"]) {
      await search.fill(query);
      await page.getByRole("button", { name: "Cerca" }).click();
      await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(query)}`));
      await expect(page.getByText("Nessun ordine trovato.")).toBeVisible();
    }
    expect(downloads).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { downloadNotices: number }).downloadNotices),
    ).toBe(1);
  });

  test("replaces the product, and refuses bad files keeping the current one", async ({ page }) => {
    await signIn(page);
    await upload(page, "toolkit-v2.zip");
    const status = page.getByRole("region", { name: "Stato del prodotto" });
    await expect(status).toContainText("toolkit-v2.zip");

    await page
      .locator("#product-file")
      .setInputFiles({ name: "toolkit.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF") });
    await expect(page.getByText("Formato file non valido")).toBeVisible();
    await expect(page.getByText("Puoi caricare solo file ZIP.")).toBeVisible();

    for (const [name, message] of [
      ["not-a-zip.zip", "Il file non è un archivio ZIP valido o è danneggiato."],
      ["truncated.zip", "Il file non è un archivio ZIP valido o è danneggiato."],
      ["evil-traversal.zip", "Lo ZIP contiene un percorso non sicuro"],
      ["evil-symlink.zip", "Lo ZIP contiene un collegamento simbolico: link-to-etc"],
    ] as const) {
      await upload(page, name);
      await expect(page.getByText(message).first()).toBeVisible();
      await expect(status).toContainText("toolkit-v2.zip");
    }
  });

  test("delete asks for confirmation, then the store stops selling", async ({ page }) => {
    await signIn(page);
    await page.getByRole("button", { name: "Elimina il prodotto" }).click();
    const confirm = page.getByRole("dialog", { name: "Eliminare il prodotto?" });
    await confirm.getByRole("button", { name: "Annulla" }).click();
    await expect(page.getByRole("region", { name: "Stato del prodotto" })).toContainText("Ready");
    await page.getByRole("button", { name: "Elimina il prodotto" }).click();
    await confirm.getByRole("button", { name: "Sì, elimina" }).click();
    await expect(page.getByText("Prodotto eliminato")).toBeVisible();
    await expect(page.getByText("Nessun prodotto caricato")).toBeVisible();
    await expect.poll(() => landingOffer(page)).toBe("OutOfStock");
    await page.goto("/checkout");
    await expect(page.getByText("The toolkit is temporarily unavailable")).toBeVisible();
    // Put a product back for whoever comes next.
    await signIn(page);
    await upload(page, "toolkit-sample.zip");
    await expect(page.getByText("Prodotto caricato", { exact: true })).toBeVisible();
  });

  test("orders: revenue, search and CSV export; signing out ends the session", async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole("heading", { name: "Ordini" })).toBeVisible();
    await expect(page.getByText("Incassi · Oggi")).toBeVisible();
    await page.getByLabel("Cerca per e-mail o numero d'ordine").fill("nobody-bought@example.com");
    await page.getByRole("button", { name: "Cerca" }).click();
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
