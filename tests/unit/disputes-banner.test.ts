import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DisputesBanner } from "#app/components/admin/disputes-banner.tsx";

const dispute = {
  id: "6f1c1c3e-2d4b-4e55-9a51-3c1f0e7d8a90",
  number: 1042,
  email: "buyer@example.com",
  amountCents: 4700,
  disputeStatus: "needs_response",
};

describe("the admin's open-disputes banner", () => {
  it("lists each open dispute in Italian with its order, amount and Stripe status", () => {
    const html = renderToStaticMarkup(createElement(DisputesBanner, { disputes: [dispute] }));
    expect(html).toContain("Contestazioni aperte");
    expect(html).toContain("Ordine #1042 · $47.00 · stato su Stripe: needs_response");
    expect(html).toContain("buyer@example.com");
    expect(html).toContain("Dashboard di Stripe");
  });

  it("is absent while no dispute is open", () => {
    expect(renderToStaticMarkup(createElement(DisputesBanner, { disputes: [] }))).toBe("");
  });
});
