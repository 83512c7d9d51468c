import { E2E } from "../../playwright.config.ts";
import { expect, test } from "./fixtures.ts";

const adminUrl = `/${E2E.adminPath}`;

/**
 * The attack of issue 13, item 6: markup injected into the signed-in admin page ran a script that
 * read the orders CSV and sent it away. The injected script and event handler now carry no nonce,
 * so the browser refuses both, while the page's own scripts (which carry it) still run.
 */
test.describe("the Content Security Policy", () => {
  // Chromium logs each refused script as a console error; the fixture sees them as violations too.
  test.use({ allowConsoleErrors: [/violates the following Content Security Policy directive/] });

  test("refuses a script injected into the signed-in admin page", async ({ page, cspViolations }) => {
    await page.goto(adminUrl);
    await page.getByLabel("Password").fill(E2E.adminPassword);
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect(page.getByRole("button", { name: "Esci" })).toBeVisible();

    const steal = `fetch("${adminUrl}/orders.csv").then((r) => r.text()).then((csv) => { document.title = "stolen " + csv.length; })`;
    await page.route(adminUrl, async (route) => {
      const response = await route.fetch();
      // Straight into <body>, where React's hydration passes over markup it did not render.
      const html = (await response.text()).replace(
        "</body>",
        `<script>${steal}</script><img alt="" src="data:," onerror='${steal}'></body>`,
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto(adminUrl);
    await expect(page.getByRole("button", { name: "Esci" })).toBeVisible();

    await expect.poll(() => cspViolations.length).toBe(2);
    expect(cspViolations.splice(0).map((violation) => violation.directive)).toEqual([
      "script-src-elem",
      "script-src-attr",
    ]);
    expect(await page.title()).toBe("Panoramica · Pannello di amministrazione segreto");
    // The page's own scripts ran: React hydrated the page (the root layout marks the document).
    await expect(page.locator("html")).toHaveAttribute("data-js", "");
  });
});
