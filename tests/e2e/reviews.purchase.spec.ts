/**
 * Verified reviews in a real browser (ADR 040): a buyer buys, downloads, follows the success
 * page's "Write a Review" (shown once the download started) and leaves a review; the owner finds
 * it on Recensioni and hides it with a reason; "How reviews are verified" counts it as hidden.
 */
import type { Page } from "@playwright/test";
import { E2E } from "../../playwright.config.ts";
import { buyAtFullPrice, uniqueEmail } from "./buy.ts";
import { expect, test } from "./fixtures.ts";

const adminUrl = `/${E2E.adminPath}`;
const shotsDir = process.env.SHOTS_DIR;

/** With SHOTS_DIR set: the page at desktop width and at 390 px, to be looked at. */
async function shots(page: Page, name: string) {
  if (!shotsDir) return;
  const size = page.viewportSize()!;
  await page.screenshot({ path: `${shotsDir}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shotsDir}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(size);
}

// The refused review (a link in it) answers 400 and the replayed link 409: the browser logs both.
test.use({ allowConsoleErrors: [/status of (400 \(Bad Request\)|409 \(Conflict\))/] });

test("a buyer reviews the order from the success page, and the owner hides the review with a reason", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await buyAtFullPrice(page, uniqueEmail("review"));
  await page.waitForSelector("html[data-js]");
  const writeReview = page.getByRole("link", { name: "Write a Review" });
  await expect(writeReview).toBeHidden();
  await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download Now" }).click(),
  ]);
  await expect(writeReview).toBeVisible();
  await writeReview.click();

  await expect(page.getByRole("heading", { name: "Review your Coaching Toolkit" })).toBeVisible();
  const reviewLink = page.url();
  expect(new URL(reviewLink).pathname).toMatch(/^\/review\//);
  await expect(page.getByText(/marked "Verified buyer" with the month of your purchase/)).toBeVisible();
  const name = `Reviewer ${Date.now().toString(36)}`;
  // A link is refused, and what was typed comes back.
  await page.getByRole("radio", { name: "4 stars" }).check();
  await page.getByLabel("Your review").fill("Great pack, more at www.example.com");
  await page.getByLabel("Name to show").fill(name);
  await page.getByRole("checkbox", { name: /I agree that this review/ }).check();
  await page.getByRole("button", { name: "Publish my review" }).click();
  await expect(page.getByText(/^Please leave links and web addresses out of your review\./)).toBeVisible();
  await shots(page, "review-form-refused");
  await page.getByLabel("Your review").fill("<b>Saved me hours</b> on client onboarding.");
  await page.getByRole("checkbox", { name: /I agree that this review/ }).check();
  await page.getByRole("button", { name: "Publish my review" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your review" })).toBeVisible();
  // The link again: already reviewed.
  await page.goto(reviewLink);
  await expect(page.getByRole("heading", { name: "Already reviewed" })).toBeVisible();

  await page.goto(adminUrl);
  await page.getByLabel("Password").fill(E2E.adminPassword);
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page.getByRole("button", { name: "Esci" })).toBeVisible();
  await page.goto(`${adminUrl}/recensioni`);
  await expect(page.getByRole("heading", { name: "Recensioni", level: 1 })).toBeVisible();
  const review = page.getByTestId("admin-review").filter({ hasText: name });
  // The comment's HTML is shown as text.
  await expect(review.getByText("<b>Saved me hours</b> on client onboarding.")).toBeVisible();
  await expect(review.getByText(/Acquirente verificato, \w+ \d{4}/)).toBeVisible();
  await review.getByRole("button", { name: "Nascondi" }).click();
  await expect(page.getByText(/Scegli il motivo per cui nascondi la recensione/).first()).toBeVisible();
  await review.getByLabel("Motivo").selectOption("abuse");
  await review.getByRole("button", { name: "Nascondi" }).click();
  await expect(review.getByText("Nascosta: Offensiva o abusiva")).toBeVisible();
  await expect(review.getByRole("button", { name: "Mostra di nuovo" })).toBeVisible();
  await shots(page, "admin-recensioni");

  await page.goto("/how-reviews-are-verified");
  await expect(page.getByRole("heading", { name: "How reviews are verified", level: 1 })).toBeVisible();
  const counts = page.getByTestId("review-counts");
  await expect(counts).toContainText(/\d+ published reviews?/);
  await expect(counts).toContainText(/[1-9]\d* hidden reviews?/);
  await expect(counts).toContainText(/abusive or offensive: [1-9]/);
  await shots(page, "how-reviews-are-verified");
});
