import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// The landing page's timers and overlays, run by its page script (ADR 006, ADR 008): the promo
// countdown, the social-proof popup, the sticky bar and the exit-intent offer, and their accessibility.
// The page's sections themselves: landing.spec.ts.

/**
 * Opens the page with a fake clock and waits until it is interactive: its timers start when the
 * page script runs. The clock flows on its own (axe needs timers), so the steps below leave a second
 * or two of slack; `paused`, only the test moves time on, however slow the machine is, for the
 * social-proof card's 4-second windows.
 */
const open = async (page: Page, clock: "flowing" | "paused" = "flowing") => {
  const start = Date.now();
  await page.clock.install({ time: start });
  // Before the page loads no timer is due: jumping a few seconds ahead to pause is harmless.
  if (clock === "paused") await page.clock.pauseAt(start + 5_000);
  await page.goto("/");
  await page.waitForSelector("html[data-js]");
};

const axe = async (page: Page, only?: string) => {
  const builder = new AxeBuilder({ page });
  const results = await (only ? builder.include(only) : builder).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
};

test.describe("landing page", () => {
  test("the promo countdown runs 24 hours from load, stops at zero, and closes", async ({ page }) => {
    await open(page);
    const countdown = page.getByTestId("promo-countdown");
    await expect(countdown).toHaveText(/^2[34]:[05]\d:\d\d$/);
    // fastForward jumps the clock (a background tab waking up): the countdown is computed from the target, not counted.
    await page.clock.fastForward(60 * 60_000);
    await expect(countdown).toHaveText(/^(22:59:5\d|23:00:00)$/);
    // Its datetime is the valid duration string of what it shows.
    await expect(countdown).toHaveAttribute("datetime", /^(PT22H59M5\dS|PT23H)$/);
    const shown = await countdown.evaluate((time: HTMLTimeElement) => [time.textContent, time.dateTime]);
    const [h, m, s] = shown[0]!.split(":").map(Number);
    expect(shown[1]).toBe(`PT${h}H${m ? `${m}M` : ""}${s ? `${s}S` : ""}`);
    await page.clock.fastForward(23 * 60 * 60_000);
    await expect(countdown).toHaveText("00:00:00");
    await expect(countdown).toHaveAttribute("datetime", "PT0S");
    await page.clock.runFor(10_000);
    await expect(countdown).toHaveText("00:00:00");
    // The exit-intent offer (30 s) is open over the page by now: click the banner's close mark directly.
    await page.getByRole("button", { name: "Close offer banner" }).dispatchEvent("click");
    await expect(page.getByText("LIMITED TIME: 25% OFF - Only $35.25!")).toBeHidden();
  });

  test("social proof: first at 3 s, visible 4 s, again every 40 s, closable", async ({ page }) => {
    await open(page, "paused");
    const card = page.getByRole("status").filter({ hasText: /Recent Sale|New Review/ });
    await expect(card).toHaveCount(0);
    await page.clock.runFor(3_500);
    await expect(card).toBeVisible();
    await expect(card).toContainText(/Purchased Coaching Toolkit|“/);
    await page.clock.runFor(4_500);
    await expect(card).toHaveCount(0);
    await page.clock.runFor(36_000);
    await expect(card).toBeVisible();
    // The exit-intent offer (30 s) is open by now and makes the page behind it inert.
    await page.getByRole("button", { name: "No thanks, I'll pay full price" }).click();
    await card.getByRole("button", { name: "Close notification" }).click();
    await expect(card).toHaveCount(0);
  });

  for (const [width, height] of [
    [1366, 657],
    [1280, 720],
    [1366, 768],
    [412, 760],
  ] as const) {
    test(`social proof keeps clear of the hero's buttons on a ${width}x${height} first screen`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height });
      await open(page, "paused");
      await page.clock.runFor(3_500);
      const card = page.getByRole("status").filter({ hasText: /Recent Sale|New Review/ });
      await expect(card).toBeVisible();
      const overlap = async (button: Locator) => {
        const [a, b] = [(await card.boundingBox())!, (await button.boundingBox())!];
        return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      };
      for (const name of ["Get Instant Access - $47", "See What's Inside First"]) {
        // The card rises into place with a short transition.
        await expect.poll(() => overlap(page.getByRole("link", { name })), name).toBe(false);
      }
    });
  }

  test("the sticky bar appears beyond 500 px of scrolling", async ({ page }) => {
    await page.goto("/");
    const bar = page.getByTestId("sticky-bar");
    await expect(bar).toHaveAttribute("aria-hidden", "true");
    await page.evaluate(() => window.scrollTo(0, 501));
    await expect(bar).toHaveAttribute("aria-hidden", "false");
    await expect(bar.getByText("Life Coaching Toolkit - $47")).toBeVisible();
    await expect(bar.getByText("2500+ Templates • Instant Access")).toBeVisible();
    await expect(bar.getByRole("link", { name: "Get Toolkit Now - $47" })).toHaveAttribute(
      "href",
      "/checkout",
    );
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(bar).toHaveAttribute("aria-hidden", "true");
  });

  test("the sticky bar leaves the footer's links uncovered at the end of the page", async ({ page }) => {
    // The clock stands still: the social-proof card (at 3 s, for 4 s) is not what this test measures.
    const start = Date.now();
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 5_000);
    for (const width of [1280, 412, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      await page.keyboard.press("End");
      await expect(page.getByTestId("sticky-bar")).toHaveAttribute("aria-hidden", "false");
      const footer = page.getByRole("contentinfo");
      for (const link of await footer.getByRole("link").all()) {
        await link.click({ trial: true, timeout: 2_000 });
      }
    }
  });

  test("the exit-intent offer opens after 30 s, once, and closes", async ({ page }) => {
    await open(page);
    const dialog = page.getByRole("dialog", { name: "Wait! Don't Miss This" });
    await page.clock.runFor(25_000);
    await expect(dialog).toBeHidden();
    await page.clock.runFor(6_000);
    await expect(dialog).toBeVisible();
    for (const bullet of [
      "2500+ Ready-to-Use Templates",
      "Commercial License Included",
      "30-Day Money-Back Guarantee",
      "Instant Access & Lifetime Updates",
    ]) {
      await expect(dialog).toContainText(bullet);
    }
    // Accepting leads to a checkout that opens with the offer unlocked.
    await expect(dialog.getByRole("link", { name: "Yes! Claim My 25% Discount" })).toHaveAttribute(
      "href",
      "/checkout?discount=claimed",
    );
    await expect(dialog.getByText("This offer won't be shown again")).toBeVisible();
    await axe(page);
    await dialog.getByRole("button", { name: "No thanks, I'll pay full price" }).click();
    await expect(dialog).toBeHidden();
    await page.mouse.move(400, 300);
    await page.mouse.move(400, -5);
    await page.clock.runFor(60_000);
    await expect(dialog).toBeHidden();
  });

  test("the exit-intent offer is never shown again in this browser: not after a reload, not in a new tab", async ({
    page,
    context,
  }) => {
    await open(page);
    const dialog = page.getByRole("dialog", { name: "Wait! Don't Miss This" });
    await page.clock.runFor(31_000);
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(dialog).toBeHidden();

    await page.reload();
    await page.waitForSelector("html[data-js]");
    await page.clock.runFor(31_000);
    await page.evaluate(() =>
      document.dispatchEvent(new MouseEvent("mouseout", { clientY: -1, relatedTarget: null, bubbles: true })),
    );
    await expect(dialog).toBeHidden();

    const tab = await context.newPage();
    await tab.clock.install();
    await tab.goto("/");
    await tab.waitForSelector("html[data-js]");
    await tab.clock.runFor(31_000);
    await expect(tab.getByRole("dialog", { name: "Wait! Don't Miss This" })).toBeHidden();
  });

  test("on a phone the social-proof card never covers the price or the hero's buttons, and the fixed bars keep three quarters of the screen @phone", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "paused");
    const card = page.getByRole("status").filter({ hasText: /Recent Sale|New Review/ });
    const overlaps = async (other: Locator) => {
      const [a, b] = [await card.boundingBox(), (await other.boundingBox())!];
      if (!a) return false;
      return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    };
    const hero = [
      page.getByTestId("hero-price"),
      page.getByRole("link", { name: "Get Instant Access - $47" }),
      page.getByRole("link", { name: "See What's Inside First" }),
    ];
    // Several cards, as they come: none may lie over the price or the buttons.
    for (let shown = 0; shown < 4; shown++) {
      await page.clock.runFor(shown === 0 ? 3_500 : 40_000);
      for (const element of hero) expect(await overlaps(element)).toBe(false);
    }
    // Scrolled, the header, the banner and the sticky bar are all fixed on the screen at once.
    await page.evaluate(() => window.scrollTo(0, 1500));
    await expect(page.getByTestId("sticky-bar")).toHaveAttribute("aria-hidden", "false");
    const fixed = await page.evaluate(() =>
      ["header", "[data-promo-banner]", "[data-sticky-bar]"]
        .map((selector) => document.querySelector(selector)!.getBoundingClientRect().height)
        .reduce((sum, height) => sum + height, 0),
    );
    expect(fixed).toBeLessThanOrEqual(844 / 4);
  });

  test("the exit dialog's close mark does not overlap its title @phone", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page);
    await page.clock.runFor(31_000);
    const dialog = page.getByRole("dialog", { name: "Wait! Don't Miss This" });
    await expect(dialog).toBeVisible();
    const title = (await dialog.getByRole("heading").boundingBox())!;
    const close = (await dialog.getByRole("button", { name: "Close", exact: true }).boundingBox())!;
    const text = await dialog.getByRole("heading").evaluate((heading) => {
      const range = document.createRange();
      range.selectNodeContents(heading);
      const box = range.getBoundingClientRect();
      return { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
    });
    expect(title.height).toBeGreaterThan(0);
    const apart =
      text.right <= close.x ||
      close.x + close.width <= text.left ||
      text.bottom <= close.y ||
      close.y + close.height <= text.top;
    expect(apart).toBe(true);
  });

  test("the exit-intent offer opens when the pointer leaves through the top; Escape closes it", async ({
    page,
  }) => {
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await page.evaluate(() =>
      document.dispatchEvent(new MouseEvent("mouseout", { clientY: -1, relatedTarget: null, bubbles: true })),
    );
    const dialog = page.getByRole("dialog", { name: "Wait! Don't Miss This" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("keyboard: skip link first, focus moves into the offer and back, Escape closes it", async ({
    page,
  }) => {
    await open(page);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    const cta = page.getByRole("link", { name: "Get Instant Access - $47" });
    await cta.focus();
    await page.clock.runFor(31_000);
    const dialog = page.getByRole("dialog", { name: "Wait! Don't Miss This" });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // Tab stays inside the modal dialog.
    for (let i = 0; i < 5; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(cta).toBeFocused();
  });

  test("overlays survive a resize across breakpoints without covering each other", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, "paused");
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.clock.runFor(3_500);
    const bar = page.getByTestId("sticky-bar");
    const card = page.getByRole("status").filter({ hasText: /Recent Sale|New Review/ });
    await expect(card).toBeVisible();
    await expect(bar.getByText("2500+ Templates • Instant Access")).toBeVisible();
    await page.setViewportSize({ width: 375, height: 700 });
    await expect(bar.getByText("2500+ Templates • Instant Access")).toBeHidden();
    await expect(card).toBeVisible();
    // The popup sits above the bar: its box ends before the bar's begins.
    const cardBox = (await card.boundingBox())!;
    const barBox = (await bar.boundingBox())!;
    expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(barBox.y);
    await expect(bar.getByRole("link", { name: "Get Toolkit Now - $47" })).toBeInViewport();
  });

  test("has no accessibility violations with the overlays closed and open", async ({ page }) => {
    // axe takes several seconds on the whole page, and needs the clock to flow (it uses timers).
    test.setTimeout(90_000);
    await open(page);
    await axe(page);
    await page.evaluate(() => window.scrollTo(0, 800));
    await expect(page.getByTestId("sticky-bar")).toHaveAttribute("aria-hidden", "false");
    await axe(page);
    // The popup shows for 4 s: check it alone, which is quick, as soon as it is there.
    const card = page.getByRole("status").filter({ hasText: /Recent Sale|New Review/ });
    await expect
      .poll(
        async () => {
          await page.clock.runFor(1_000);
          return card.isVisible();
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    await axe(page, "[data-social-proof]");
  });
});
