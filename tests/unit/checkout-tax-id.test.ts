import { describe, expect, it } from "vitest";
import { type CheckoutBuyerDetails, checkoutTaxIdRequest } from "#app/lib/books/checkout-tax-id.ts";

const details = (fields: Partial<CheckoutBuyerDetails>): CheckoutBuyerDetails => ({
  taxId: null,
  businessName: null,
  payerName: "Mario Rossi",
  street: "Via Dante 5",
  postalCode: "00184",
  city: "Roma",
  state: "RM",
  country: "IT",
  ...fields,
});

describe("the invoice request of a tax ID given on the payment page", () => {
  it("is none without a tax ID: nothing says the buyer is a business", () => {
    expect(checkoutTaxIdRequest(details({}))).toBeNull();
  });

  it("makes an Italian business's invoice go to its reserved area, with its province, under the payer's name when no business name was given", () => {
    expect(checkoutTaxIdRequest(details({ taxId: "IT02313821007" }))).toEqual({
      buyerType: "business",
      buyer: {
        name: { company: "Mario Rossi" },
        address: { street: "Via Dante 5", postcode: "00184", city: "Roma", province: "RM", country: "IT" },
        vatNumber: "IT02313821007",
        delivery: { codiceDestinatario: "0000000" },
      },
    });
  });

  it("writes an EU number with its VIES prefix (Greece EL) and any other with its country's code", () => {
    const greek = checkoutTaxIdRequest(
      details({ taxId: "EL094259216", country: "GR", state: null, businessName: "Α.Ε." }),
    );
    expect(greek?.buyer.vatNumber).toBe("EL094259216");
    expect(greek?.buyer.address).not.toHaveProperty("province");
    const swiss = checkoutTaxIdRequest(details({ taxId: "CHE-123.456.789 MWST", country: "CH" }));
    expect(swiss?.buyer.vatNumber).toBe("CHE123456789MWST");
    const american = checkoutTaxIdRequest(details({ taxId: "12-3456789", country: "US", state: "NY" }));
    expect(american?.buyer).toMatchObject({ vatNumber: "US123456789", address: { country: "US" } });
    expect(american?.buyer).not.toHaveProperty("delivery");
  });
});
