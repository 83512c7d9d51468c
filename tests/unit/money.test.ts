import { describe, expect, it } from "vitest";
import { PRODUCT, PROMO_PRICE_CENTS } from "#app/content/site.ts";
import { discounted, formatCents } from "#app/lib/money.ts";

describe("money", () => {
  it("formats cents as US dollars", () => {
    expect(formatCents(4700)).toBe("$47.00");
    expect(formatCents(3525)).toBe("$35.25");
    expect(formatCents(12700)).toBe("$127.00");
    expect(formatCents(0)).toBe("$0.00");
  });

  it("computes the spec's prices: 25% off $47 is $35.25, saving $80 against $127 (63%)", () => {
    expect(discounted(4700, 25)).toBe(3525);
    expect(PROMO_PRICE_CENTS).toBe(3525);
    const saved = PRODUCT.listPriceCents - PRODUCT.priceCents;
    expect(saved).toBe(8000);
    expect(Math.round((saved / PRODUCT.listPriceCents) * 100)).toBe(PRODUCT.savePercent);
  });

  it("rounds discounts to whole cents", () => {
    expect(discounted(999, 25)).toBe(749);
    expect(discounted(1, 50)).toBe(1);
  });
});
