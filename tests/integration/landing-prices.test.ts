/**
 * Every price the landing page shows is the price every buyer pays now (ADR 039): the page as the
 * server renders it (the route's component and the header the root layout gives it), from a live
 * store's recorded facts on each database, and from the specification's sample in test mode.
 */
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SiteHeader } from "#app/components/site-header.tsx";
import { schedulePromotion } from "#app/lib/pricing/promotions.server.ts";
import { liveLandingFacts } from "#app/lib/storefront/landing-facts.server.ts";
import { type LandingFacts, SAMPLE_FACTS } from "#app/lib/storefront/landing-facts.ts";
import type { PageHandle } from "#app/root.tsx";
import Home, { handle } from "#app/routes/home.tsx";
import { testBackends } from "../setup/databases.ts";
import { type TestServices, testServices } from "../setup/services.ts";

const HOUR = 3_600_000;

// The build's image pipeline does not run under the test runner: the pictures are left out of the
// markup, which is about prices.
vi.mock("#app/components/landing/mockups.tsx", () => ({
  GALLERY: [],
  TemplatePreview: () => null,
  HeroMockup: () => null,
}));

/** The landing page's markup below the root layout's header, with that header as the root gives it. */
function landingPage(facts: LandingFacts) {
  const loaderData = { publicUrl: "https://shop.test", supportEmail: "help@shop.test", facts };
  const priceCents = (handle as PageHandle).priceCents?.(loaderData);
  return renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(
        Fragment,
        null,
        createElement(SiteHeader, { checkoutButton: true, ...(priceCents !== undefined && { priceCents }) }),
        createElement(Home as never, { loaderData }),
      ),
    ),
  );
}

/** The text of every link (the buttons to the checkout are links), tags and entities unwrapped. */
const linkTexts = (html: string) =>
  [...html.matchAll(/<a [^>]*>(.*?)<\/a>/gs)].map(([, inner]) =>
    inner!
      .replace(/<[^>]+>/g, "")
      .replaceAll("&#x27;", "'")
      .trim(),
  );

for (const backend of testBackends()) {
  describe(`the landing page's prices in a live store on ${backend.name}`, () => {
    let services: TestServices;
    beforeEach(async () => {
      services = await testServices(backend);
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());
    const db = () => services.database.db;

    it("shows a running public promotion's price on every button, the header and the sticky bar, and no unfounded bonus value", async () => {
      const now = new Date();
      const endsAt = new Date(now.getTime() + 2 * HOUR);
      expect(
        (await schedulePromotion(db(), { percentOff: 25, startsAt: now, endsAt, code: null }, "admin", now))
          .ok,
      ).toBe(true);
      const html = landingPage(await liveLandingFacts(db(), new Date(now.getTime() + 60_000)));
      const links = linkTexts(html);
      for (const button of [
        "Get Toolkit - $35.25",
        "Get Instant Access - $35.25",
        "Start Now - Only $35.25",
        "Get Toolkit Now - $35.25",
        "Get the Toolkit for $35.25",
      ]) {
        expect(links, button).toContain(button);
      }
      expect(html).toContain("Life Coaching Toolkit - $35.25");
      expect(html).toMatch(/data-testid="hero-price">\$35\.25</);
      // No button still names the regular price.
      expect(links.filter((text) => text.includes("$47"))).toEqual([]);
      expect(html).toContain("Free bonuses included");
      expect(html).not.toContain("worth $200");
    });

    it("names the running promotion and its real end in the exit dialog, with a neutral No thanks and nothing one-time", async () => {
      const now = new Date();
      const endsAt = new Date(Date.UTC(2031, 0, 15, 17, 0));
      expect(
        (await schedulePromotion(db(), { percentOff: 25, startsAt: now, endsAt, code: null }, "admin", now))
          .ok,
      ).toBe(true);
      const html = landingPage(await liveLandingFacts(db()));
      const dialog = html.slice(html.indexOf("<dialog"), html.indexOf("</dialog>"));
      expect(dialog).toContain("25% OFF until 15 Jan 2031, 18:00 CET");
      expect(dialog).toContain("Get the complete toolkit for $35.25 instead of $47");
      expect(dialog).toMatch(/>No thanks<\/button>/);
      expect(dialog).toContain('href="/checkout"');
      for (const pressure of ["one-time", "won&#x27;t be shown again", "full price", "discount=claimed"]) {
        expect(dialog, pressure).not.toContain(pressure);
      }
    });

    it("shows no exit dialog, banner or struck price while no promotion runs, and the regular price on every button", async () => {
      const html = landingPage(await liveLandingFacts(db()));
      expect(html).not.toContain("<dialog");
      expect(html).not.toContain("data-exit-intent");
      expect(html).not.toContain("data-promo-banner");
      expect(html).not.toContain("<s ");
      const links = linkTexts(html);
      for (const button of [
        "Get Toolkit - $47",
        "Get Instant Access - $47",
        "Start Now - Only $47.00",
        "Get Toolkit Now - $47",
      ]) {
        expect(links, button).toContain(button);
      }
    });
  });
}

describe("the landing page's prices in test mode", () => {
  it("keep the specification's screens: $47 on every button, the one-time exit offer, the bonuses worth $200+", () => {
    const html = landingPage(SAMPLE_FACTS);
    const links = linkTexts(html);
    for (const button of [
      "Get Toolkit - $47",
      "Get Instant Access - $47",
      "Start Now - Only $47.00",
      "Get Toolkit Now - $47",
      "Claim 25% OFF Now",
      "Yes! Claim My 25% Discount",
    ]) {
      expect(links, button).toContain(button);
    }
    expect(html).toContain("Life Coaching Toolkit - $47");
    expect(html).toContain("LIMITED TIME: 25% OFF - Only $35.25!");
    expect(html).toContain("25% OFF — one-time offer");
    expect(html).toContain("No thanks, I&#x27;ll pay full price");
    expect(html).toContain("This offer won&#x27;t be shown again");
    expect(html).toContain('href="/checkout?discount=claimed"');
    expect(html).toContain("Free bonuses worth $200+");
    expect(html).toMatch(/<s [^>]*><span class="sr-only">Regular price <\/span>\$127<\/s>/);
  });
});
