/**
 * The accessibility statement (European Accessibility Act; D.Lgs. 82/2022): `/accessibility` is
 * linked from the footer of every storefront page and says the standard (EN 301 549, WCAG 2.1 AA),
 * how it is checked, what is known not to meet it and where to report a barrier, with and without
 * JavaScript, at desktop width and at 390 px. That the pages meet it is standards.spec.ts's axe test.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

const shotsDir = process.env.SHOTS_DIR;

async function statementFromFooter(page: Page, from: string) {
  await page.goto(from);
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Accessibility", exact: true }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole("heading", { name: "Accessibility statement", level: 1 })).toBeVisible();
  const main = page.getByRole("main");
  for (const heading of [
    "The standard",
    "How it is checked",
    "What is known not to meet the standard",
    "Report a barrier",
  ])
    await expect(main.getByRole("heading", { name: heading, level: 2, exact: true })).toBeVisible();
  await expect(main).toContainText("EN 301 549");
  await expect(main).toContainText("WCAG) 2.1 at level AA");
  await expect(main).toContainText("axe-core");
  await expect(main).toContainText("390 pixels");
  await expect(main).toContainText("write to support@coachingtoolkit.test");
}

test("the accessibility statement is linked from the footer of the home page, the blog and the reviews, and states the standard, the checks, the exceptions and the support address @phone", async ({
  page,
}, testInfo) => {
  for (const from of ["/", "/blog", "/reviews"]) await statementFromFooter(page, from);
  if (shotsDir)
    await page.screenshot({ path: `${shotsDir}/accessibility-${testInfo.project.name}.png`, fullPage: true });
});

test("the accessibility statement and its footer link work without JavaScript @phone", async ({
  browser,
  baseURL,
  viewport,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport });
  try {
    await statementFromFooter(await context.newPage(), "/reviews");
  } finally {
    await context.close();
  }
});
