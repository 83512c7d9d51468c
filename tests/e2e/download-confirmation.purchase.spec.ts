import { request as httpRequest } from "node:http";
import { E2E, shopDataDir } from "../../playwright.config.ts";
import { buyAtFullPrice, uniqueEmail } from "./buy.ts";
import { expect, test } from "./fixtures.ts";
import { mailTo } from "./mailbox.ts";
import { expectPersonalCopy } from "./personal-copy.ts";

const SHOTS = "/work/shots/access";

/**
 * A GET from the loopback address `localAddress` (Linux routes all of 127.0.0.0/8 to lo), so one
 * machine downloads from several /24 networks. Answers the status and the Location.
 */
function getFrom(url: string, localAddress: string, method = "GET", body?: string) {
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        localAddress,
        headers: body ? { "content-type": "application/x-www-form-urlencoded" } : {},
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode!, location: res.headers.location }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test.describe("a download link used from too many networks", () => {
  // The confirmation pages answer 403 (download refused until confirmed) and 410 (link used).
  test.use({ allowConsoleErrors: [/status of 4(03|04|10)/] });

  test("the buyer confirms their address by e-mail, then downloads; the link works once @phone", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    // A purchase, six downloads, the e-mail's link without JavaScript and the admin, with eight screenshots.
    test.setTimeout(90_000);
    const email = uniqueEmail("sharing");
    await buyAtFullPrice(page, email);
    const sessionId = new URL(page.url()).searchParams.get("session_id")!;

    // Five other networks download the pack (a link passed around).
    const origin = new URL(baseURL!);
    const base = `http://127.0.0.1:${origin.port}`;
    for (let i = 1; i <= 5; i++) {
      const from = `127.0.${10 + i}.1`;
      const link = await getFrom(
        `${base}/${E2E.successPath}`,
        from,
        "POST",
        `intent=download&session_id=${sessionId}`,
      );
      expect(link.status).toBe(303);
      expect((await getFrom(`${base}${link.location}`, from)).status).toBe(200);
    }

    // The sixth, the buyer's browser, is asked to confirm: a page, and an e-mail to the buyer.
    await page.getByRole("button", { name: "Download Now" }).click();
    await expect(page).toHaveURL(/\/confirm-download$/);
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await expect(page.getByText("we've sent a confirmation link to the e-mail address")).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: `${SHOTS}/check-inbox-1280-${testInfo.project.name}.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/check-inbox-390-${testInfo.project.name}.png`, fullPage: true });

    const mail = await mailTo(shopDataDir(testInfo.project.name), email, /^Confirm your download/);
    const link = new URL(/https?:\/\/\S+\/confirm-download\/[\w-]{43}/.exec(mail.text ?? "")![0]);

    // Without JavaScript: the link's page and its button work as plain HTML.
    const noScript = await browser.newContext({ javaScriptEnabled: false, acceptDownloads: true, baseURL });
    const confirm = await noScript.newPage();
    await confirm.goto(link.pathname);
    await expect(confirm.getByRole("heading", { name: "Confirm your download" })).toBeVisible();
    for (const width of [390, 1280]) {
      await confirm.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await confirm.screenshot({
        path: `${SHOTS}/confirm-${width}-${testInfo.project.name}.png`,
        fullPage: true,
      });
    }
    const [download] = await Promise.all([
      confirm.waitForEvent("download"),
      confirm.getByRole("button", { name: "Confirm and download" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("life-coaching-toolkit.zip");
    expectPersonalCopy((await download.path())!);

    // Used once: opening it again says so.
    await confirm.goto(link.pathname);
    await expect(confirm.getByRole("heading", { name: "This link was already used" })).toBeVisible();
    await confirm.screenshot({ path: `${SHOTS}/used-390-${testInfo.project.name}.png`, fullPage: true });
    await confirm.goto(`/confirm-download/${"A".repeat(43)}`);
    await expect(confirm.getByRole("heading", { name: "This link is not valid" })).toBeVisible();
    await noScript.close();

    // The owner sees the order marked in the admin, and the evidence pack each transfer's outcome.
    const admin = await browser.newPage({ baseURL });
    await admin.goto(`/${E2E.adminPath}?q=${encodeURIComponent(email)}`);
    await admin.getByLabel("Password").fill(E2E.adminPassword);
    await admin.getByRole("button", { name: "Accedi" }).click();
    await expect(admin.getByRole("button", { name: "Esci" })).toBeVisible();
    await admin.goto(`/${E2E.adminPath}/ordini?q=${encodeURIComponent(email)}`);
    const row = admin.getByRole("link").filter({ hasText: email });
    await expect(row.getByText("Link condiviso?")).toBeVisible();
    for (const width of [390, 1280]) {
      await admin.setViewportSize({ width, height: 800 });
      await admin.screenshot({
        path: `${SHOTS}/admin-badge-${width}-${testInfo.project.name}.png`,
        fullPage: true,
      });
    }
    await row.click();
    await admin.getByRole("link", { name: "Apri le prove (pagina da stampare)" }).click();
    await expect(admin.getByRole("columnheader", { name: "Esito" })).toBeVisible();
    // Six links were downloaded: five from the other networks, one after the confirmation.
    await expect(admin.getByRole("cell", { name: "completato" })).toHaveCount(6);
    await admin.screenshot({ path: `${SHOTS}/evidence-1280-${testInfo.project.name}.png`, fullPage: true });
    await admin.close();
  });
});
