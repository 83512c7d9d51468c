import { describe, expect, it } from "vitest";
import { checkEuVatNumber } from "#app/lib/books/eu-vat-number.ts";
import { checkCodiceFiscale, checkPartitaIva } from "#app/lib/books/italian-tax-ids.ts";
import { checkDelivery, checkRecipientCode } from "#app/lib/books/recipient-code.ts";

const refused = (result: { ok: boolean; error?: string }) => (result.ok ? "accepted" : result.error);

describe("partita IVA", () => {
  it("accepts real numbers, written with the IT prefix, spaces or dots", () => {
    for (const number of ["00743110157", "02313821007", "00488410010", "01234567897"])
      expect(checkPartitaIva(number)).toEqual({ ok: true, value: number });
    expect(checkPartitaIva("it 0231 382 1007")).toEqual({ ok: true, value: "02313821007" });
    expect(checkPartitaIva("IT02313821007")).toEqual({ ok: true, value: "02313821007" });
  });

  it("refuses a wrong check digit, a wrong length, letters and all zeros, saying why", () => {
    expect(refused(checkPartitaIva("02313821008"))).toBe(
      "This VAT number (partita IVA) is not valid: its last digit does not match. Check for a typo.",
    );
    expect(refused(checkPartitaIva("0231382100"))).toMatch(/has 11 digits/);
    expect(refused(checkPartitaIva("0231382100A"))).toMatch(/has 11 digits/);
    expect(refused(checkPartitaIva("00000000000"))).toMatch(/all zeros/);
    expect(refused(checkPartitaIva(" "))).toBe("Enter your VAT number (partita IVA).");
  });
});

describe("codice fiscale", () => {
  it("accepts a person's code in any case, and its namesake (omocodia) form", () => {
    expect(checkCodiceFiscale("RSSMRA85T10A562S")).toEqual({ ok: true, value: "RSSMRA85T10A562S" });
    expect(checkCodiceFiscale("rss mra 85t10 a562s")).toEqual({ ok: true, value: "RSSMRA85T10A562S" });
    expect(checkCodiceFiscale("MRTMTT25D09F205Z").ok).toBe(true);
    expect(checkCodiceFiscale("RSSMRA85T10A56NH").ok).toBe(true);
  });

  it("accepts a company's 11-digit code, checked like a partita IVA", () => {
    expect(checkCodiceFiscale("00488410010")).toEqual({ ok: true, value: "00488410010" });
    expect(refused(checkCodiceFiscale("00488410011"))).toMatch(/last digit does not match/);
  });

  it("refuses a wrong check letter, a wrong shape or length", () => {
    expect(refused(checkCodiceFiscale("RSSMRA85T10A562T"))).toBe(
      "This tax code (codice fiscale) is not valid: its last letter does not match. Check for a typo.",
    );
    expect(refused(checkCodiceFiscale("RSSMRA85T10A562"))).toMatch(/has 16 letters and digits/);
    expect(refused(checkCodiceFiscale("RSSMRA85Z10A562S"))).toMatch(/has 16 letters and digits/);
    expect(refused(checkCodiceFiscale("1SSMRA85T10A562S"))).toMatch(/has 16 letters and digits/);
  });
});

describe("EU VAT numbers", () => {
  it("accepts real numbers of the countries whose check digit is verified", () => {
    const valid: [string, string][] = [
      ["IT", "IT02313821007"],
      ["DE", "DE136695976"],
      ["FR", "FR40303265045"],
      ["ES", "ESA28015865"],
      ["ES", "ES12345678Z"],
      ["ES", "ESX1234567L"],
      ["NL", "NL004495445B01"],
      ["NL", "NL000099998B57"],
      ["BE", "BE0403019261"],
      ["AT", "ATU13585627"],
    ];
    for (const [country, number] of valid)
      expect(checkEuVatNumber(number, country)).toEqual({ ok: true, value: number });
  });

  it("refuses each of those with one digit changed", () => {
    for (const [country, number] of [
      ["IT", "IT02313821008"],
      ["DE", "DE136695977"],
      ["FR", "FR41303265045"],
      ["ES", "ESA28015866"],
      ["NL", "NL004495446B01"],
      ["BE", "BE0403019262"],
      ["AT", "ATU13585626"],
    ] as const)
      expect(refused(checkEuVatNumber(number, country)), number).toBe(
        "This VAT number is not valid: its check digits do not match. Check for a typo.",
      );
  });

  it("adds the country prefix, forgives spaces and lower case, and writes Greece as EL", () => {
    expect(checkEuVatNumber("136 695 976", "DE")).toEqual({ ok: true, value: "DE136695976" });
    expect(checkEuVatNumber("nl 0044.95445.b01", "NL")).toEqual({ ok: true, value: "NL004495445B01" });
    expect(checkEuVatNumber("123456789", "GR")).toEqual({ ok: true, value: "EL123456789" });
  });

  it("refuses another country's prefix, a wrong format and a country outside the EU", () => {
    expect(refused(checkEuVatNumber("DE136695976", "FR"))).toBe(
      "This VAT number starts with DE, but the country you chose uses FR. Check the country or the number.",
    );
    expect(refused(checkEuVatNumber("GR123456789", "GR"))).toMatch(
      /starts with GR, but the country you chose uses EL/,
    );
    expect(refused(checkEuVatNumber("DE13669597", "DE"))).toBe(
      "This does not look like a VAT number from that country: it is written like DE136695976.",
    );
    expect(refused(checkEuVatNumber("PL123", "PL"))).toMatch(/written like PL1234567890/);
    expect(refused(checkEuVatNumber("123456789", "US"))).toBe(
      "A VAT number is asked of buyers in the European Union only.",
    );
    expect(refused(checkEuVatNumber("", "DE"))).toBe("Enter your VAT number.");
  });
});

describe("SDI recipient code and PEC", () => {
  it("accepts a 7-character code in any case, or a PEC, or neither (0000000)", () => {
    expect(checkRecipientCode("m5uxcr1")).toEqual({ ok: true, value: "M5UXCR1" });
    expect(checkDelivery({ code: "M5UXCR1", pec: "" })).toEqual({
      ok: true,
      value: { codiceDestinatario: "M5UXCR1" },
    });
    expect(checkDelivery({ code: "", pec: " Fatture@PEC.Example.it " })).toEqual({
      ok: true,
      value: { codiceDestinatario: "0000000", pec: "fatture@pec.example.it" },
    });
    expect(checkDelivery({ code: "", pec: "" })).toEqual({
      ok: true,
      value: { codiceDestinatario: "0000000" },
    });
  });

  it("refuses a code of the wrong length, the public administration's 6 characters, XXXXXXX, or both code and PEC", () => {
    expect(refused(checkRecipientCode("M5UXCR12"))).toBe(
      "The recipient code (codice destinatario) has 7 letters and digits, for example M5UXCR1.",
    );
    expect(refused(checkRecipientCode("UFXYZ1"))).toMatch(/public administration/);
    expect(refused(checkRecipientCode("XXXXXXX"))).toMatch(/buyers outside Italy/);
    expect(refused(checkRecipientCode("M5UX-R1!"))).toMatch(/has 7 letters and digits/);
    expect(refused(checkDelivery({ code: "M5UXCR1", pec: "a@pec.it" }))).toMatch(/not both/);
    expect(refused(checkDelivery({ code: "", pec: "not an address" }))).toBe(
      "This PEC address does not look like an e-mail address.",
    );
  });
});

describe("hostile input", () => {
  it("a megabyte of text, HTML or control characters is refused at once, with the usual sentence", () => {
    const huge = "1".repeat(1_000_000);
    const started = performance.now();
    expect(refused(checkPartitaIva(huge))).toMatch(/has 11 digits/);
    expect(refused(checkCodiceFiscale(`${"A".repeat(999_999)}1`))).toMatch(/has 16 letters and digits/);
    expect(refused(checkEuVatNumber(`DE${huge}`, "DE"))).toMatch(/written like DE136695976/);
    expect(refused(checkRecipientCode(huge))).toMatch(/has 7 letters and digits/);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(refused(checkPartitaIva("<script>alert(1)</script>"))).toMatch(/has 11 digits/);
    expect(refused(checkEuVatNumber("DE\u0000136695976", "DE"))).toMatch(/written like/);
  });
});
