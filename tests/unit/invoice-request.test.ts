import { describe, expect, it } from "vitest";
import { countryOptions } from "#app/lib/books/countries.ts";
import { type InvoiceFormValues, parseInvoiceRequest } from "#app/lib/books/invoice-request.ts";

const italianPerson: InvoiceFormValues = {
  buyerType: "consumer",
  firstName: "Mario",
  lastName: "Rossi",
  street: "Via Roma 1",
  postcode: "20121",
  city: "Milano",
  province: "mi",
  country: "IT",
  codiceFiscale: "RSSMRA85T10A562S",
};

const italianBusiness: InvoiceFormValues = {
  buyerType: "business",
  company: "Coaching Srl",
  street: "Via Dante 5",
  postcode: "00184",
  city: "Roma",
  province: "RM",
  country: "IT",
  vatNumber: "02313821007",
  recipientCode: "M5UXCR1",
};

const germanBusiness: InvoiceFormValues = {
  buyerType: "business",
  company: "Müller GmbH",
  street: "Hauptstraße 3",
  postcode: "10115",
  city: "Berlin",
  country: "DE",
  vatNumber: "DE136695976",
};

/** The errors of a refused form (fails the test when it was accepted). */
function errorsOf(values: InvoiceFormValues) {
  const result = parseInvoiceRequest(values);
  if (result.ok) throw new Error("the form was accepted");
  return result.errors;
}

describe("an invoice request", () => {
  it("reads an Italian private buyer, normalising the province and keeping the codice fiscale", () => {
    expect(parseInvoiceRequest({ ...italianPerson, firstName: "  Mario   Luigi " })).toEqual({
      ok: true,
      value: {
        buyerType: "consumer",
        buyer: {
          name: { first: "Mario Luigi", last: "Rossi" },
          address: { street: "Via Roma 1", postcode: "20121", city: "Milano", province: "MI", country: "IT" },
          codiceFiscale: "RSSMRA85T10A562S",
        },
      },
    });
  });

  it("reads an Italian business with its partita IVA prefixed and its recipient code", () => {
    const result = parseInvoiceRequest({
      ...italianBusiness,
      vatNumber: "it 0231 382 1007",
      recipientCode: "m5uxcr1",
    });
    expect(result.ok && result.value.buyer).toMatchObject({
      name: { company: "Coaching Srl" },
      vatNumber: "IT02313821007",
      delivery: { codiceDestinatario: "M5UXCR1" },
    });
  });

  it("takes an Italian business's PEC instead of a code, and neither means its cassetto fiscale", () => {
    const pec = parseInvoiceRequest({ ...italianBusiness, recipientCode: "", pec: "Fatture@PEC.example.it" });
    expect(pec.ok && pec.value.buyer.delivery).toEqual({
      codiceDestinatario: "0000000",
      pec: "fatture@pec.example.it",
    });
    const neither = parseInvoiceRequest({ ...italianBusiness, recipientCode: "" });
    expect(neither.ok && neither.value.buyer.delivery).toEqual({ codiceDestinatario: "0000000" });
  });

  it("reads an EU business's VAT number with or without its prefix, in lower case, with spaces", () => {
    const result = parseInvoiceRequest({ ...germanBusiness, vatNumber: "de 136 695 976" });
    expect(result.ok && result.value.buyer).toMatchObject({
      vatNumber: "DE136695976",
      address: { street: "Hauptstraße 3", postcode: "10115", city: "Berlin", country: "DE" },
    });
    const bare = parseInvoiceRequest({ ...germanBusiness, vatNumber: "136695976" });
    expect(bare.ok && bare.value.buyer.vatNumber).toBe("DE136695976");
  });

  it("takes a business outside the EU with or without a tax ID, written with its country", () => {
    const swiss = parseInvoiceRequest({ ...germanBusiness, country: "CH", vatNumber: "CHE-123.456.789" });
    expect(swiss.ok && swiss.value.buyer.vatNumber).toBe("CHE123456789");
    const us = parseInvoiceRequest({ ...germanBusiness, country: "US", vatNumber: "" });
    expect(us.ok && us.value.buyer.vatNumber).toBeUndefined();
    expect(errorsOf({ ...germanBusiness, country: "US", vatNumber: "12<script>" }).vatNumber).toBe(
      "A tax ID is written with letters and digits only, at most 28 of them.",
    );
  });

  it("asks nothing of a private buyer outside Italy but the name and address", () => {
    const result = parseInvoiceRequest({
      buyerType: "consumer",
      firstName: "Jane",
      lastName: "Doe",
      street: "1 Main St",
      postcode: "SW1A 1AA",
      city: "London",
      country: "gb",
      codiceFiscale: "ignored",
      vatNumber: "ignored",
    });
    expect(result).toEqual({
      ok: true,
      value: {
        buyerType: "consumer",
        buyer: {
          name: { first: "Jane", last: "Doe" },
          address: { street: "1 Main St", postcode: "SW1A 1AA", city: "London", country: "GB" },
        },
      },
    });
  });
});

describe("an invoice request refused", () => {
  it("without a buyer type or with a forged one", () => {
    expect(errorsOf({ ...italianPerson, buyerType: "" })).toEqual({
      buyerType: "Choose whether the invoice is for a business or a private person.",
    });
    expect(errorsOf({ ...italianPerson, buyerType: "admin" }).buyerType).toBeDefined();
  });

  it("with a codice fiscale whose check letter is wrong, or none for an Italian private buyer", () => {
    expect(errorsOf({ ...italianPerson, codiceFiscale: "RSSMRA85T10A562T" }).codiceFiscale).toBe(
      "This tax code (codice fiscale) is not valid: its last letter does not match. Check for a typo.",
    );
    expect(errorsOf({ ...italianPerson, codiceFiscale: "" }).codiceFiscale).toBe(
      "Enter your tax code (codice fiscale).",
    );
  });

  it("with a partita IVA whose check digit is wrong", () => {
    expect(errorsOf({ ...italianBusiness, vatNumber: "02313821008" }).vatNumber).toMatch(
      /last digit does not match/,
    );
  });

  it("with an EU VAT number whose check digits are wrong, or that names another country", () => {
    expect(errorsOf({ ...germanBusiness, vatNumber: "DE136695977" }).vatNumber).toMatch(
      /check digits do not match/,
    );
    expect(errorsOf({ ...germanBusiness, vatNumber: "FR40303265045" }).vatNumber).toBe(
      "This VAT number starts with FR, but the country you chose uses DE. Check the country or the number.",
    );
    expect(errorsOf({ ...germanBusiness, vatNumber: "" }).vatNumber).toBe("Enter your VAT number.");
  });

  it("with a recipient code of the wrong length, or both a code and a PEC", () => {
    expect(errorsOf({ ...italianBusiness, recipientCode: "ABC12" }).recipientCode).toMatch(
      /7 letters and digits/,
    );
    expect(errorsOf({ ...italianBusiness, recipientCode: "ABC123" }).recipientCode).toMatch(
      /public administration/,
    );
    expect(errorsOf({ ...italianBusiness, pec: "x@pec.it" }).recipientCode).toMatch(/not both/);
    expect(errorsOf({ ...italianBusiness, recipientCode: "", pec: "not an address" }).pec).toBe(
      "This PEC address does not look like an e-mail address.",
    );
  });

  it("with a name outside Latin-1 or longer than FatturaPA's field, naming the character or the length", () => {
    expect(errorsOf({ ...italianPerson, lastName: "Łukasz" }).lastName).toBe(
      'The last name has a character an Italian e-invoice cannot carry: "Ł". Use Latin letters (accents like à, é, ö are fine).',
    );
    expect(errorsOf({ ...italianBusiness, company: "A".repeat(81) }).company).toBe(
      "The company name is too long for an Italian e-invoice: at most 80 characters, it has 81.",
    );
    expect(errorsOf({ ...italianPerson, firstName: "Mario\u0000" }).firstName).toMatch(/cannot carry/);
  });

  it("with HTML, kept as text and refused only where the field cannot carry it", () => {
    const result = parseInvoiceRequest({ ...italianBusiness, company: "<b>Evil</b> & Co" });
    expect(result.ok && result.value.buyer.name).toEqual({ company: "<b>Evil</b> & Co" });
  });

  it("with an Italian address missing its CAP or province, or an unknown country", () => {
    const errors = errorsOf({ ...italianPerson, postcode: "2012", province: "Milano" });
    expect(errors.postcode).toBe("An Italian postcode (CAP) has 5 digits.");
    expect(errors.province).toBe("An Italian province is written with its 2 letters, for example MI.");
    expect(errorsOf({ ...italianPerson, country: "XX" }).country).toBe("Choose your country from the list.");
  });

  it("with a foreign street and postcode together longer than the invoice's address line", () => {
    expect(errorsOf({ ...germanBusiness, street: "S".repeat(55), postcode: "10115" }).street).toMatch(
      /street address with the postcode is too long/,
    );
  });

  it("with every missing field named at once", () => {
    expect(Object.keys(errorsOf({ buyerType: "business", country: "IT" })).sort()).toEqual(
      ["city", "company", "postcode", "province", "street", "vatNumber"].sort(),
    );
  });
});

describe("the country list", () => {
  it("puts Italy first and names every other country in English, in order", () => {
    const options = countryOptions();
    expect(options[0]).toEqual({ code: "IT", name: "Italy" });
    expect(options.length).toBe(250);
    const names = options.slice(1).map((option) => option.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    expect(options.find((option) => option.code === "DE")?.name).toBe("Germany");
  });
});
