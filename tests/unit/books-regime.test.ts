import { describe, expect, it } from "vitest";
import { EU_STANDARD_RATES } from "#app/lib/books/eu-vat-rates.ts";
import { treatmentOf } from "#app/lib/books/sale-regime.ts";
import { splitInclusive, stampDutyCents } from "#app/lib/books/tax-split.ts";

describe("the treatment of a sale", () => {
  it("an Italian consumer: Italian VAT at 22 %, register of takings, an invoice only when asked", () => {
    expect(treatmentOf({ seller: "ordinario", buyer: "consumer", country: "IT" })).toMatchObject({
      kind: "italian-consumer",
      ratePercent: 22,
      vatCountry: "IT",
      invoice: "on-request",
      register: "corrispettivi",
    });
  });

  it("an EU consumer: the buyer country's standard rate through the OSS", () => {
    expect(treatmentOf({ seller: "ordinario", buyer: "consumer", country: "DE" })).toMatchObject({
      kind: "eu-consumer-oss",
      ratePercent: 19,
      vatCountry: "DE",
      natura: "N7",
      register: "oss",
      invoice: "on-request",
    });
    expect(treatmentOf({ seller: "ordinario", buyer: "consumer", country: "FI" }).ratePercent).toBe(25.5);
    expect(treatmentOf({ seller: "ordinario", buyer: "consumer", country: "HU" }).ratePercent).toBe(27);
  });

  it("an EU consumer of a seller below the EUR 10,000 threshold: Italian VAT, as a setting", () => {
    const settings = { euConsumerSalesAboveThreshold: false, flatRateForeignBusinessNatura: "N2.1" as const };
    expect(treatmentOf({ seller: "ordinario", buyer: "consumer", country: "FR" }, settings)).toMatchObject({
      kind: "eu-consumer-italian-vat",
      ratePercent: 22,
      vatCountry: "IT",
      register: "corrispettivi",
    });
  });

  it("a consumer outside the EU: outside the scope of Italian VAT", () => {
    expect(treatmentOf({ seller: "ordinario", buyer: "consumer", country: "US" })).toMatchObject({
      kind: "non-eu-consumer",
      ratePercent: 0,
      vatCountry: null,
      natura: "N2.1",
      register: "outside-scope",
    });
  });

  it("an Italian business: 22 % on an e-invoice", () => {
    expect(treatmentOf({ seller: "ordinario", buyer: "business", country: "IT" })).toMatchObject({
      kind: "italian-business",
      ratePercent: 22,
      invoice: "required",
    });
  });

  it("an EU business: reverse charge, Natura N2.1, art. 7-ter", () => {
    const treatment = treatmentOf({ seller: "ordinario", buyer: "business", country: "NL" });
    expect(treatment).toMatchObject({
      kind: "eu-business",
      ratePercent: 0,
      natura: "N2.1",
      invoice: "required",
    });
    expect(treatment.riferimentoNormativo).toBe(
      "Inversione contabile - operazione non soggetta ex art. 7-ter DPR 633/72",
    );
  });

  it("a business outside the EU: outside the scope, N2.1", () => {
    expect(treatmentOf({ seller: "ordinario", buyer: "business", country: "CH" })).toMatchObject({
      kind: "non-eu-business",
      natura: "N2.1",
      riferimentoNormativo: "Operazione non soggetta ex art. 7-ter DPR 633/72",
    });
  });

  it("a flat-rate seller: no VAT to anyone, N2.2 with the regime's wording, N2.1 to foreign businesses unless set otherwise", () => {
    for (const buyer of ["consumer", "business"] as const)
      for (const country of ["IT", "DE", "US"]) {
        const treatment = treatmentOf({ seller: "forfettario", buyer, country });
        expect(treatment.ratePercent).toBe(0);
        expect(treatment.stampDutyMayApply).toBe(true);
      }
    expect(treatmentOf({ seller: "forfettario", buyer: "consumer", country: "IT" })).toMatchObject({
      kind: "flat-rate",
      natura: "N2.2",
      riferimentoNormativo:
        "Operazione effettuata ai sensi dell'art. 1, commi da 54 a 89, L. 190/2014 - Regime forfettario",
    });
    expect(treatmentOf({ seller: "forfettario", buyer: "business", country: "DE" }).natura).toBe("N2.1");
    expect(
      treatmentOf(
        { seller: "forfettario", buyer: "business", country: "DE" },
        { euConsumerSalesAboveThreshold: true, flatRateForeignBusinessNatura: "N2.2" },
      ).natura,
    ).toBe("N2.2");
  });

  it("has the 27 member states' standard rates", () => {
    expect(Object.keys(EU_STANDARD_RATES)).toHaveLength(27);
  });
});

describe("tax-inclusive prices split into taxable and tax", () => {
  it("splits $47 at 22 %: 38.52 + 8.48, adding up to what was charged", () => {
    expect(splitInclusive([4700], 22)).toEqual({
      lineTaxableCents: [3852],
      taxableCents: 3852,
      taxCents: 848,
    });
  });

  it("adds up to the amount charged for every price from 0.01 to 200.00 at every EU rate, the tax within a cent of taxable × rate", () => {
    const wrong: string[] = [];
    for (const rate of new Set(Object.values(EU_STANDARD_RATES)))
      for (let cents = 1; cents <= 20000; cents++) {
        const split = splitInclusive([cents], rate);
        if (split.taxableCents + split.taxCents !== cents)
          wrong.push(`${cents} at ${rate}: parts do not add up`);
        if (Math.abs(split.taxCents - (split.taxableCents * rate) / 100) > 1)
          wrong.push(`${cents} at ${rate}: tax off`);
      }
    expect(wrong).toEqual([]);
  });

  it("shares the taxable total among lines so they add up to it, on an amount that does not divide evenly", () => {
    const split = splitInclusive([3525, 1, 1, 3333], 25.5);
    expect(split.lineTaxableCents.reduce((a, b) => a + b, 0)).toBe(split.taxableCents);
    expect(split.taxableCents + split.taxCents).toBe(3525 + 1 + 1 + 3333);
    expect(splitInclusive([0], 22)).toEqual({ lineTaxableCents: [0], taxableCents: 0, taxCents: 0 });
  });

  it("refuses what is not an amount in cents", () => {
    expect(() => splitInclusive([47.5], 22)).toThrow(/Not an amount in cents/);
    expect(() => splitInclusive([-1], 22)).toThrow(/Not an amount in cents/);
  });
});

describe("stamp duty", () => {
  it("is EUR 2.00 on an invoice without VAT above EUR 77.47, and nothing at 77.47 or below", () => {
    expect(stampDutyCents(7748)).toBe(200);
    expect(stampDutyCents(7747)).toBe(0);
    expect(stampDutyCents(4700)).toBe(0);
  });
});
