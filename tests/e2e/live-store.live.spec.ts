/**
 * A live store (Stripe keys, payments through the fake Stripe process) says only what it recorded
 * (ADR 038): a fresh store's landing page shows no countdown, popup, struck-through price or
 * invented figure, and its checkout offers no discount and charges $47.00; a buyer who allowed it
 * appears as a 'Recent Sale', and their verified review with its badge; a 1-star review, being the
 * newest, leads the testimonials and `/reviews` (desktop, 390 px, without JavaScript); the owner
 * schedules a promotion in Promozioni, whose banner runs to its real end, the same after a reload and
 * in another browser, and whose price the checkout shows and charges every buyer with no dialog to
 * unlock; a checkout page left open past its early end is charged $47.00. The amounts are read from
 * what the fake Stripe received.
 * The tests run in order on the one live store.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Locator, Page } from "@playwright/test";
import { dateToRomeInput } from "#app/lib/pricing/rome-time.ts";
import { E2E } from "../../playwright.config.ts";
import { uniqueEmail } from "./buy.ts";
import { expect, test } from "./fixtures.ts";

test.describe.configure({ mode: "serial" });
// The review page answers 409 to its own revalidation once the review is published (reviews.purchase.spec).
test.use({ allowConsoleErrors: [/status of 409 \(Conflict\)/] });

const adminUrl = `/${E2E.adminPath}`;
const control = `http://127.0.0.1:${E2E.live.controlPort}`;
const HOUR = 3_600_000;

/** Stripe's hosted Checkout, stood in for (the fake's session URLs are Stripe's own form, never fetched). */
async function standInForStripe(page: Page) {
  await page.route("https://checkout.stripe.com/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>Stripe</title><h1>Stripe Checkout</h1>",
    }),
  );
}

/**
 * Posts the checkout as the buyer (who may let the store show the purchase) and returns what the
 * fake Stripe was asked to charge, in cents.
 */
async function completePurchase(page: Page, label: string, showPurchase = false) {
  await page.getByLabel("Email address").fill(uniqueEmail("live"));
  await page.getByRole("checkbox", { name: /I want immediate access to the download/ }).check();
  if (showPurchase) await page.getByRole("checkbox", { name: /as a recent purchase/ }).check();
  await page.getByRole("button", { name: label }).click();
  await expect(page.getByRole("heading", { name: "Stripe Checkout" })).toBeVisible();
  const sessionId = new URL(page.url()).pathname.split("/").pop()!;
  const sessions = (await (await fetch(`${control}/sessions`)).json()) as {
    id: string;
    amount_total: number;
  }[];
  const session = sessions.find((s) => s.id === sessionId);
  expect(session, "the session the store created at the fake Stripe").toBeDefined();
  return { sessionId, amount: session!.amount_total };
}

async function signIn(page: Page, to: string) {
  await page.goto(to);
  if (!(await page.getByRole("button", { name: "Esci" }).isVisible())) {
    await page.getByLabel("Password").fill(E2E.adminPassword);
    await page.getByRole("button", { name: "Accedi" }).click();
    await expect(page.getByRole("button", { name: "Esci" })).toBeVisible();
    await page.goto(to);
  }
  await page.waitForSelector("html[data-js]");
}

/** Opens the checkout with its script running; returns the page. */
async function openCheckout(page: Page) {
  await standInForStripe(page);
  await page.goto("/checkout");
  await page.waitForSelector("html[data-js]");
  return page;
}

/**
 * The checkout as every buyer sees it while the running 25 % promotion runs: $35.25 and, against
 * the lowest price of the 30 days before it began, $47.00 struck through with "Save 25%"; the
 * promotion named with its real end, and no dialog, "Unlock" or "Continue without discount".
 */
async function showsPromotionPrice(page: Page) {
  await expect(page.getByTestId("price")).toHaveText("$35.25");
  await expect(page.locator("[data-compare]")).toHaveText("$47.00");
  await expect(page.locator("[data-save]")).toHaveText("Save 25%");
  await expect(page.locator("[data-saved]")).toHaveText("You save $11.75");
  await expect(page.getByTestId("promotion-notice")).toHaveText(
    /^25% off for everyone until \d+ \w{3} \d{4}, \d{2}:\d{2} CES?T$/,
  );
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText(/Unlock|Continue without discount/)).toHaveCount(0);
}

async function endRunningPromotion(browser: Browser) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, `${adminUrl}/promozioni`);
  await admin.getByRole("button", { name: "Termina ora" }).click();
  await expect(admin.getByTestId("promotion-answer")).toHaveText(/Promozione terminata in anticipo/);
  await context.close();
}

/** The landing page as a visitor sees it, once the store's facts have reached it (within a second). */
async function landingShowing(page: Page, what: () => Promise<void>) {
  await expect(async () => {
    await page.goto("/");
    await what();
  }).toPass({ timeout: 10_000 });
}

const shotsDir = process.env.SHOTS_DIR;

/** With SHOTS_DIR set: the page (or one part of it) at desktop width and at 390 px, to be looked at. */
async function shots(page: Page, name: string, part?: Locator) {
  if (!shotsDir) return;
  const size = page.viewportSize()!;
  const take = (path: string) =>
    part ? part.screenshot({ path }) : page.screenshot({ path, fullPage: true });
  await take(`${shotsDir}/${name}-desktop.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  await take(`${shotsDir}/${name}-390.png`);
  await page.setViewportSize(size);
}

test("a live store's landing page, before any promotion, sale this week or review, shows its price and no countdown, popup, reduction or invented figure", async ({
  page,
}) => {
  await page.clock.install();
  await page.goto("/");
  await page.waitForSelector("html[data-js]");
  await expect(page.getByTestId("hero-price")).toHaveText("$47.00");
  await expect(page.locator("[data-promo-banner]")).toHaveCount(0);
  await expect(page.locator("main s")).toHaveCount(0);
  await expect(page.getByText(/Save \d+%|\$127|Limited time price/)).toHaveCount(0);
  // No review yet: no rating and no testimonial; the count is the store's own paid orders (the
  // seeded ones), with no source because nobody declared it.
  const testimonials = page.getByRole("region", { name: "Loved by Coaches" });
  await expect(testimonials.getByText(/\/5|reviews\)/)).toHaveCount(0);
  await expect(testimonials.getByRole("figure")).toHaveCount(0);
  await expect(testimonials.getByText(/^trusted by \d+ coaches$/)).toBeVisible();
  await expect(page.getByText(/500\+ reviews|2,000\+ coaches/)).toHaveCount(0);
  await page.clock.runFor(45_000);
  await expect(page.getByRole("status").filter({ hasText: /Recent Sale|New Review/ })).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // The specification's "worth $200+" has no basis in a live store.
  await expect(page.getByText("Free bonuses included")).toHaveCount(1);
  await expect(page.getByText(/worth \$200/)).toHaveCount(0);
  // The seller is named at the foot of the page.
  await expect(page.getByRole("contentinfo")).toContainText("Coaching Shop Srl");
});

test("a live store without SMTP_URL, on plain http, says on Panoramica that buyers receive no e-mail and the links reach none, with the checklist @phone", async ({
  page,
}) => {
  await signIn(page, adminUrl);
  const needs = page.getByRole("region", { name: "Da fare ora" });
  await expect(
    needs.getByRole("link", { name: /^Nessuna e-mail arriva ai clienti: SMTP_URL non è impostato/ }),
  ).toBeVisible();
  await expect(
    needs.getByRole("link", { name: /^L'indirizzo pubblico http:\/\/localhost:\d+ non è in https/ }),
  ).toBeVisible();
  const checklist = page.getByTestId("checklist");
  await expect(checklist.locator("li", { hasText: "SMTP_URL impostato" })).toContainText("da fare");
  await expect(checklist.locator("li", { hasText: "Chiavi di Stripe" })).toContainText("fatto");
  await shots(page, "live-overview-delivery");
  await needs.getByRole("link", { name: /^Nessuna e-mail/ }).click();
  await expect(page).toHaveURL(/\/impostazioni#checklist-title$/);
});

test("a fresh live store shows $47.00 without a struck price or a discount dialog, charges $47.00, and shows the buyer who allowed it and their verified review", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openCheckout(page);
  await expect(page.getByTestId("price")).toHaveText("$47.00");
  await expect(page.locator("[data-compare-row]")).toBeHidden();
  await expect(page.locator("[data-save]")).toBeHidden();
  await expect(page.getByText("$127.00")).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("Unlock 25% Discount Now")).toHaveCount(0);
  const { sessionId, amount } = await completePurchase(page, "Complete Purchase - $47.00", true);
  expect(amount).toBe(4700);
  // The buyer pays at Stripe (as "Test Buyer" of Milano); the webhook reaches the store, which takes it.
  const paid = (await (await fetch(`${control}/sessions/${sessionId}/pay`, { method: "POST" })).json()) as {
    webhookStatus: number;
  };
  expect(paid.webhookStatus).toBe(200);

  // The purchase, as the buyer allowed, is a 'Recent Sale' with its true time.
  await page.clock.install();
  await landingShowing(page, async () => {
    await page.clock.runFor(3_500);
    const card = page.getByRole("status").filter({ hasText: "Recent Sale" });
    await expect(card).toContainText("Test B. from Milano", { timeout: 1_000 });
    await expect(card).toContainText("Purchased Coaching Toolkit");
    await expect(card).toContainText(/now|minute ago|minutes ago/);
  });

  // The buyer downloads, reviews from the success page, and the review shows as verified.
  await page.goto(`/${E2E.successPath}?session_id=${sessionId}`);
  await page.waitForSelector("html[data-js]");
  await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download Now" }).click(),
  ]);
  await page.getByRole("link", { name: "Write a Review" }).click();
  await page.getByRole("radio", { name: "5 stars" }).check();
  await page.getByLabel("Your review").fill("The client forms alone saved me a weekend.");
  await page.getByLabel("Name to show").fill("Tess B.");
  await page.getByRole("checkbox", { name: /I agree that this review/ }).check();
  await page.getByRole("button", { name: "Publish my review" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your review" })).toBeVisible();
  const month = new Date().toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  await landingShowing(page, async () => {
    const testimonials = page.getByRole("region", { name: "Loved by Coaches" });
    await expect(testimonials).toContainText("The client forms alone saved me a weekend.", {
      timeout: 1_000,
    });
    await expect(testimonials).toContainText(`Verified buyer · ${month}`);
    await expect(testimonials.getByRole("link", { name: "How reviews are verified" })).toHaveAttribute(
      "href",
      "/how-reviews-are-verified",
    );
    // Fewer than five reviews: no average is claimed.
    await expect(testimonials.getByText(/\/5/)).toHaveCount(0);
  });
});

test("a 1-star review is the landing page's newest testimonial and the first on /reviews, at desktop and 390 px, with and without JavaScript", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await openCheckout(page);
  const { sessionId } = await completePurchase(page, "Complete Purchase - $47.00");
  await fetch(`${control}/sessions/${sessionId}/pay`, { method: "POST" });
  await page.goto(`/${E2E.successPath}?session_id=${sessionId}`);
  await page.waitForSelector("html[data-js]");
  await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download Now" }).click(),
  ]);
  await page.getByRole("link", { name: "Write a Review" }).click();
  const comment = `Not for me: too many templates to sort through (${Date.now().toString(36)}).`;
  await page.getByRole("radio", { name: "1 star", exact: true }).check();
  await page.getByLabel("Your review").fill(comment);
  await page.getByLabel("Name to show").fill("Una S.");
  await page.getByRole("checkbox", { name: /I agree that this review/ }).check();
  await page.getByRole("button", { name: "Publish my review" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your review" })).toBeVisible();

  // The landing page's rule is "the newest": the 1-star review leads the testimonials, beside how
  // many reviews there are in all and the link to every one.
  const testimonials = page.getByRole("region", { name: "Loved by Coaches" });
  await landingShowing(page, async () => {
    await expect(testimonials.getByRole("figure").first()).toContainText(comment, { timeout: 1_000 });
    await expect(testimonials.getByRole("figure").first().getByRole("img")).toHaveAccessibleName(
      "1 out of 5 stars",
    );
  });
  await shots(page, "landing-testimonials", testimonials);
  await testimonials.getByRole("link", { name: /^Read (all \d+ reviews|the 1 review)$/ }).click();
  await expect(page).toHaveURL(/\/reviews$/);

  const firstListed = async (on: Page) => {
    await expect(
      on.getByRole("heading", { name: "Reviews of the Coaching Toolkit", level: 1 }),
    ).toBeVisible();
    const first = on.getByRole("list", { name: "Reviews, newest first" }).getByRole("listitem").first();
    await expect(first).toContainText(comment);
    await expect(first.getByRole("img")).toHaveAccessibleName("1 out of 5 stars");
    await expect(on.getByTestId("review-counts")).toContainText(/1 star: [1-9]\d*/);
    await expect(on.getByTestId("review-counts")).toContainText(
      /\d+ published reviews?, average rating \d\.\d out of 5/,
    );
  };
  await firstListed(page);
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  await shots(page, "reviews-page");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await firstListed(page);

  // Without JavaScript: the same documents.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    viewport: { width: 390, height: 844 },
  });
  try {
    const plain = await noScript.newPage();
    await plain.goto("/reviews");
    await firstListed(plain);
    await plain.goto("/");
    await expect(
      plain.getByRole("region", { name: "Loved by Coaches" }).getByRole("figure").first(),
    ).toContainText(comment);
  } finally {
    await noScript.close();
  }
});

test("a scheduled promotion: one real end for every visit and browser, $35.25 for every buyer while it runs, $47.00 once it ended", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // The owner schedules 25 % off from now for two hours, in Italy's time.
  const end = new Date(Date.now() + 2 * HOUR);
  const admin = await browser.newContext();
  const owner = await admin.newPage();
  await signIn(owner, `${adminUrl}/promozioni`);
  await owner.getByLabel("Sconto (%)").fill("25");
  await owner.getByLabel("Fine (ora italiana)").fill(dateToRomeInput(end));
  await owner.getByRole("button", { name: "Programma la promozione" }).click();
  await expect(owner.getByTestId("promotion-answer")).toHaveText(/Promozione programmata/);
  await expect(owner.getByTestId("promotions")).toContainText("In corso");
  await admin.close();
  // The form takes minutes: the promotion ends at the start of the minute chosen.
  const endMs = Math.floor(end.getTime() / 60_000) * 60_000;

  // The landing page's banner counts down to the same recorded end, in every browser.
  await landingShowing(page, async () => {
    await expect(page.getByText("LIMITED TIME: 25% OFF - Only $35.25!")).toBeVisible({ timeout: 1_000 });
  });
  const bannerEnd = () => page.getByTestId("promo-countdown").getAttribute("data-ends-at");
  expect(Date.parse((await bannerEnd())!)).toBe(endMs);
  await expect(page.locator("main s")).toHaveText(/\$47/);
  await expect(page.getByText("Save 25%")).toBeVisible();
  // The banner leads to the checkout, which charges the promotion's price to everyone anyway.
  await expect(page.getByRole("link", { name: "Claim 25% OFF Now" })).toHaveAttribute("href", "/checkout");
  await page.reload();
  expect(Date.parse((await bannerEnd())!)).toBe(endMs);
  const elsewhere = await browser.newContext();
  const visitor = await elsewhere.newPage();
  await visitor.goto("/");
  expect(Date.parse((await visitor.getByTestId("promo-countdown").getAttribute("data-ends-at"))!)).toBe(
    endMs,
  );
  await elsewhere.close();

  await openCheckout(page);
  await showsPromotionPrice(page);
  // A reload, and another browser: the same price and the same end, nothing to unlock.
  const notice = await page.getByTestId("promotion-notice").textContent();
  await page.reload();
  await showsPromotionPrice(page);
  const other = await browser.newContext();
  const second = await openCheckout(await other.newPage());
  await showsPromotionPrice(second);
  await expect(second.getByTestId("promotion-notice")).toHaveText(notice!);

  // Bought while it runs: $35.25 reaches Stripe.
  expect((await completePurchase(second, "Complete Purchase - $35.25")).amount).toBe(3525);
  await other.close();

  // The page still shows $35.25 when the owner ends the promotion; posted after the end, the
  // order is charged the regular price whatever the page showed.
  await endRunningPromotion(browser);
  expect((await completePurchase(page, "Complete Purchase - $35.25")).amount).toBe(4700);

  // With no promotion running again: no dialog, $47.00.
  await openCheckout(page);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("price")).toHaveText("$47.00");
});

test("a promotion ending within the hour announces its reduction against the last 30 days' lowest price, on the landing page and the checkout alike", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await browser.newContext();
  const owner = await admin.newPage();
  await signIn(owner, `${adminUrl}/promozioni`);
  await owner.getByLabel("Sconto (%)").fill("30");
  await owner.getByLabel("Fine (ora italiana)").fill(dateToRomeInput(new Date(Date.now() + 30 * 60_000)));
  await owner.getByRole("button", { name: "Programma la promozione" }).click();
  await expect(owner.getByTestId("promotion-answer")).toHaveText(/Promozione programmata/);
  await admin.close();

  // The promotion before charged $35.25 within the last 30 days: that is the reference, so 30 %
  // off $47.00 ($32.90) is announced as what it is against it, 7 % (art. 17-bis).
  await landingShowing(page, async () => {
    await expect(page.getByText("LIMITED TIME: 7% OFF - Only $32.90!")).toBeVisible({ timeout: 1_000 });
  });
  await expect(page.locator("main s")).toHaveText(/\$35\.25/);
  await openCheckout(page);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("price")).toHaveText("$32.90");
  await expect(page.locator("[data-compare]")).toHaveText("$35.25");
  await expect(page.locator("[data-save]")).toHaveText("Save 7%");
  await expect(page.getByTestId("promotion-notice")).toContainText("7% off for everyone until");
  await endRunningPromotion(browser);
});
