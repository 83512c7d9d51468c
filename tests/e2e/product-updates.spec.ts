/**
 * Issue 18, item 1, end to end: the owner uploads v2.1 with a changelog and presses "Avvisa gli
 * acquirenti"; every buyer of a seeded set gets one e-mail at a real SMTP server; one buyer
 * unsubscribes from the e-mail's link (without JavaScript); the v2.2 notification skips them. Its
 * own store (PGlite) and SMTP server, so the e-mails can be counted.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { startSmtp, type TestSmtp } from "../mocks/smtp.ts";
import { type RunningServer, startServer } from "../setup/server.ts";
import { expect, test } from "./fixtures.ts";

const ADMIN = { path: "updates-admin-secret-path", password: "updates-admin-password" };
const SHOTS = "/work/shots/updates";

/** The seeded buyers with a paid order (Ann twice); a refunded and a pending buyer are seeded too. */
const PAID_BUYERS = ["ann@example.com", "bob@example.com", "cat@example.com", "dan@example.com"];

let smtp: TestSmtp;
let store: RunningServer;

const recipient = (mail: ParsedMail) => (mail.to as { text: string }).text;
const updateMails = (version: string) =>
  smtp.messages.filter(
    (mail) => mail.subject === `Coaching Toolkit: version ${version} is ready to download`,
  );

// A refused upload answers 409, which Chromium logs.
test.use({ allowConsoleErrors: [/status of 409/] });

// Seeding a store and starting it, then a journey of two uploads and nine e-mails.
test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = await startSmtp();
  const dataDir = await mkdtemp(join(tmpdir(), "store-updates-"));
  const env = {
    DATA_DIR: dataDir,
    ADMIN_PATH: ADMIN.path,
    ADMIN_PASSWORD: ADMIN.password,
    SUCCESS_PATH: "updates-success-secret-path",
    SMTP_URL: smtp.url,
    UPDATE_EMAILS_PER_MINUTE: "600",
  };
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "tests/e2e/seed-buyers.ts"], {
    env: { ...process.env, ...env, PAID_BUYERS: PAID_BUYERS.join(","), LOG_LEVEL: "warn" },
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
  // Two cores shared with the other stores of the e2e run: the start may take longer than usual.
  store = await startServer(env, { startTimeoutMs: 90_000 });
});

test.afterAll(async () => {
  await store?.stop();
  await smtp?.close();
  if (store) await rm(store.dataDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto(`${store.url}/${ADMIN.path}`);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page.getByRole("button", { name: "Esci" })).toBeVisible();
  // Uploads, versions and "Avvisa gli acquirenti" are on the product page.
  await page.goto(`${store.url}/${ADMIN.path}/prodotto`);
}

async function uploadVersion(page: Page, version: string, changelogEn: string, file: string) {
  await page.getByLabel("Versione (facoltativa)").fill(version);
  await page.getByLabel("Novità (italiano, per te)").fill(`Novità della ${version} ✨`);
  await page.getByLabel("Novità (inglese, per gli acquirenti)").fill(changelogEn);
  await page.locator("#product-file").setInputFiles(`tests/fixtures/${file}`);
  await page.getByRole("button", { name: "Sostituisci il prodotto" }).click();
  await expect(page.getByText("Il nuovo ZIP è ora in vendita.")).toBeVisible();
  const current = page.locator("#versions-title ~ ol > li").first();
  await expect(current.getByRole("heading", { name: `${version} Attuale` })).toBeVisible();
  return current;
}

test("upload v2.1 with a changelog, notify every buyer once, one unsubscribes, v2.2 skips them", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.getByLabel("Versione (facoltativa)").fill("v2.1");
  await page.screenshot({ path: `${SHOTS}/admin-upload-form-1280.png`, fullPage: true });

  const changelog = "New: 12 Instagram templates 🎉\n<b>Fixed</b> the workbook's page numbers";
  const v21 = await uploadVersion(page, "v2.1", changelog, "toolkit-v2.zip");
  // The history: the changelog as text (the HTML shown, not rendered), the previous version below.
  await expect(v21.getByText("<b>Fixed</b> the workbook's page numbers")).toBeVisible();
  await expect(page.locator("#versions-title ~ ol > li").nth(1).getByRole("heading")).toHaveText("v2.0");

  await v21.getByRole("button", { name: "Avvisa gli acquirenti" }).click();
  await expect(page.getByText(`${PAID_BUYERS.length} e-mail messe in coda.`)).toBeVisible();
  await expect(v21.getByText(/Acquirenti avvisati il/)).toBeVisible();
  await expect(v21.getByRole("button", { name: "Avvisa gli acquirenti" })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/admin-versions-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator("#upload-title").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/admin-upload-form-390.png` });
  await page.locator("#versions-title").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/admin-versions-390.png` });

  // Every paid buyer, once; not the refunded or pending ones; Ann bought twice, one e-mail.
  await expect.poll(() => updateMails("v2.1").length, { timeout: 20_000 }).toBe(PAID_BUYERS.length);
  expect(updateMails("v2.1").map(recipient).sort()).toEqual([...PAID_BUYERS].sort());

  // The buyer's lifetime link shows what they will download.
  const ann = updateMails("v2.1").find((mail) => recipient(mail) === "ann@example.com")!;
  const link = ann.text!.match(/http:\/\/localhost:\d+\/updates-success-secret-path\?t=\S+/)![0];
  await page.goto(link);
  const notes = page.getByRole("region", { name: "What's in version v2.1" });
  await expect(notes).toContainText("New: 12 Instagram templates 🎉");
  await expect(notes).toContainText("<b>Fixed</b>");
  await notes.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/success-release-notes-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await notes.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/success-release-notes-1280.png` });

  // Bob unsubscribes from the e-mail's link, in a browser without JavaScript: the page asks first.
  const bob = updateMails("v2.1").find((mail) => recipient(mail) === "bob@example.com")!;
  const unsubscribe = bob.text!.match(/http:\/\/localhost:\d+\/unsubscribe\/\S+/)![0];
  const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const plain = await noJs.newPage();
  await plain.goto(unsubscribe);
  await expect(plain.getByRole("heading", { name: "Stop update and review e-mails?" })).toBeVisible();
  await expect(plain.getByText("b…@example.com will no longer receive")).toBeVisible();
  await plain.screenshot({ path: `${SHOTS}/unsubscribe-confirm-390.png` });
  await plain.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(plain.getByRole("heading", { name: "You're unsubscribed" })).toBeVisible();
  await plain.screenshot({ path: `${SHOTS}/unsubscribe-done-390.png` });
  await noJs.close();

  // v2.2: everyone but Bob.
  await page.goto(`${store.url}/${ADMIN.path}/prodotto`);
  const v22 = await uploadVersion(page, "v2.2", "Two more workbook pages", "toolkit-sample.zip");
  await v22.getByRole("button", { name: "Avvisa gli acquirenti" }).click();
  await expect(page.getByText(`${PAID_BUYERS.length - 1} e-mail messe in coda.`)).toBeVisible();
  await expect.poll(() => updateMails("v2.2").length, { timeout: 20_000 }).toBe(PAID_BUYERS.length - 1);
  expect(updateMails("v2.2").map(recipient).sort()).toEqual(
    PAID_BUYERS.filter((email) => email !== "bob@example.com").sort(),
  );
  // Nothing else arrived: exactly one e-mail per buyer per version.
  expect(smtp.messages).toHaveLength(PAID_BUYERS.length * 2 - 1);
});

test("a version that exists is refused with the reason in Italian, and the product stays", async ({
  page,
}) => {
  await signIn(page);
  await uploadVersion(page, "v3.0", "Version three", "toolkit-sample.zip");
  await page.getByLabel("Versione (facoltativa)").fill("v3.0");
  await page.locator("#product-file").setInputFiles("tests/fixtures/toolkit-v2.zip");
  await page.getByRole("button", { name: "Sostituisci il prodotto" }).click();
  await expect(page.getByText("La versione v3.0 esiste già: scegline un'altra.")).toBeVisible();
  await page.reload();
  await expect(page.locator("#versions-title ~ ol > li").first().getByRole("heading")).toHaveText(
    "v3.0Attuale",
  );
});
