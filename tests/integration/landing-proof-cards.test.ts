/**
 * The data behind the landing page's 'Recent Sale' and 'New Review' cards is public (a JSON script
 * in the page): it carries what the cards show and nothing more, from a live store's recorded
 * facts on each database.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { liveLandingFacts } from "#app/lib/storefront/landing-facts.server.ts";
import Home from "#app/routes/home.tsx";
import { orders, reviews } from "#db/schema.ts";
import { testBackends } from "../setup/databases.ts";
import { type TestServices, testServices } from "../setup/services.ts";

// The build's image pipeline does not run under the test runner: the pictures are left out of the
// markup, which is about the cards' data.
vi.mock("#app/components/landing/mockups.tsx", () => ({
  GALLERY: [],
  TemplatePreview: () => null,
  HeroMockup: () => null,
}));

const NOW = new Date("2026-11-20T12:00:00Z");
/** An instant `minutes` before NOW, with seconds and milliseconds a card never shows. */
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000 - 12_345);

/** The cards' JSON as the landing page carries it. */
async function proofCardsData(services: TestServices): Promise<unknown> {
  const facts = await liveLandingFacts(services.database.db, NOW);
  const loaderData = { publicUrl: "https://shop.test", supportEmail: "help@shop.test", facts };
  const html = renderToStaticMarkup(
    createElement(MemoryRouter, null, createElement(Home as never, { loaderData })),
  );
  const json = /<script type="application\/json" data-proof-cards[^>]*>(.*?)<\/script>/s.exec(html)?.[1];
  expect(json, "the cards' data in the page").toBeDefined();
  return JSON.parse(json!);
}

for (const backend of testBackends()) {
  describe(`the landing page's proof cards in a live store on ${backend.name}`, () => {
    let services: TestServices;
    beforeEach(async () => {
      services = await testServices(backend);
    });
    afterEach(() => services.dispose());
    afterAll(() => backend.cleanup());

    const order = async (values: Partial<typeof orders.$inferInsert>) => {
      const [row] = await services.database.db
        .insert(orders)
        .values({
          email: "buyer@example.com",
          amountCents: 4700,
          provider: "stripe",
          status: "paid",
          ...values,
        })
        .returning();
      return row!;
    };

    it("publish only the sales whose buyer allowed it, their time to the minute, and only the fields the cards show", async () => {
      await order({
        showPurchaseAt: ago(20),
        buyerShortName: "Daniel W.",
        city: "London",
        country: "GB",
        paidAt: ago(20),
      });
      // Buyers who left the checkout's box unticked: never shown, not even by their country.
      await order({ email: "plain@example.com", country: "IT", paidAt: ago(5) });
      await order({ email: "other@example.com", country: "FR", paidAt: ago(40) });
      const reviewed = await order({
        email: "reviewer@example.com",
        country: "DE",
        paidAt: ago(3 * 24 * 60),
      });
      await services.database.db.insert(reviews).values({
        orderId: reviewed.id,
        rating: 5,
        comment: "Saved me hours.",
        displayName: "Tess B.",
        purchasedAt: reviewed.paidAt!,
        createdAt: ago(90),
      });

      expect(await proofCardsData(services)).toStrictEqual({
        mode: "live",
        cards: [
          { kind: "sale", customer: "Daniel W.", location: "London", at: "2026-11-20T11:39:00.000Z" },
          {
            kind: "review",
            customer: "Tess B.",
            rating: 5,
            comment: "Saved me hours.",
            at: "2026-11-20T10:29:00.000Z",
          },
        ],
      });
    });
  });
}
