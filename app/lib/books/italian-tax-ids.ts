/**
 * The Italian tax identifiers a buyer types for an invoice: the partita IVA (11 digits) and the
 * codice fiscale (16 characters for a person, or the 11-digit numeric form of a company or body).
 * Pure functions; the check-digit rules are those of DM 23/12/1976 (ADR 043).
 */

/** What a check returns: the identifier as it is written on an invoice, or a sentence for the buyer. */
export type Checked = { ok: true; value: string } | { ok: false; error: string };

/** Upper case, without spaces, dots, dashes or slashes: how every identifier is compared and stored. */
export function compact(input: string): string {
  return input.replace(/[\s.\-/]/g, "").toUpperCase();
}

/**
 * The partita IVA's check digit: digits in odd places (1st, 3rd, …) are added as they are, digits in
 * even places are doubled (less 9 when above 9), and the check digit brings the sum to a multiple of 10.
 */
function luhnCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const digit = Number(first10[i]);
    if (i % 2 === 0) sum += digit;
    else sum += digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** A partita IVA, with or without the `IT` prefix, spaces or lower case; returned as its 11 digits. */
export function checkPartitaIva(input: string): Checked {
  let value = compact(input);
  if (value.startsWith("IT")) value = value.slice(2);
  if (value === "") return { ok: false, error: "Enter your VAT number (partita IVA)." };
  if (!/^\d{11}$/.test(value))
    return {
      ok: false,
      error: "An Italian VAT number (partita IVA) has 11 digits, for example 01234567897.",
    };
  if (/^0{11}$/.test(value))
    return { ok: false, error: "This VAT number (partita IVA) is not valid: it is all zeros." };
  if (luhnCheckDigit(value.slice(0, 10)) !== Number(value[10]))
    return {
      ok: false,
      error: "This VAT number (partita IVA) is not valid: its last digit does not match. Check for a typo.",
    };
  return { ok: true, value };
}

/** Values of the codice fiscale's characters in odd places (1st, 3rd, …), digits as their letter. */
const ODD_VALUES = [
  1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];
/**
 * A person's code: surname, name, year, month letter, day (plus 40 for women), place, check letter.
 * The digits may be replaced by L M N P Q R S T U V (0–9) for a namesake (omocodia).
 */
const PERSON_FORMAT =
  /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/** The value 0–25 of a character: A–Z, or a digit as the letter in the same place (0 → A). */
const ordinal = (char: string) => (/\d/.test(char) ? Number(char) : char.charCodeAt(0) - 65);

function codiceFiscaleCheckChar(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const value = ordinal(first15[i]!);
    sum += i % 2 === 0 ? ODD_VALUES[value]! : value;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/**
 * A codice fiscale: a person's 16 characters (omocodia letters accepted) or a company's 11 digits
 * (which is checked as a partita IVA is, the two being the same number).
 */
export function checkCodiceFiscale(input: string): Checked {
  const value = compact(input);
  if (value === "") return { ok: false, error: "Enter your tax code (codice fiscale)." };
  if (/^\d{11}$/.test(value)) {
    const asCompany = checkPartitaIva(value);
    return asCompany.ok
      ? asCompany
      : {
          ok: false,
          error:
            "This tax code (codice fiscale) is not valid: its last digit does not match. Check for a typo.",
        };
  }
  if (value.length !== 16 || !PERSON_FORMAT.test(value))
    return {
      ok: false,
      error:
        "An Italian tax code (codice fiscale) has 16 letters and digits, for example RSSMRA85T10A562S, or 11 digits for a company.",
    };
  if (codiceFiscaleCheckChar(value.slice(0, 15)) !== value[15])
    return {
      ok: false,
      error: "This tax code (codice fiscale) is not valid: its last letter does not match. Check for a typo.",
    };
  return { ok: true, value };
}
