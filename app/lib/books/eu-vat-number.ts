/**
 * EU VAT numbers as a buyer types them: normalised, their country prefix read, their format checked
 * against the one the European Commission publishes for VIES, and their check digit verified where the
 * national rule is simple and published (IT, DE, FR, ES, NL, BE, AT; sources in ADR 043). A number that
 * passes is well formed, not proven registered: only VIES can say that.
 */
import { type Checked, checkPartitaIva, compact } from "./italian-tax-ids.ts";

/**
 * The number after the prefix, per VIES prefix (Greece is EL, not GR; Northern Ireland XI for goods
 * only, not taken here). From the Commission's VIES "VAT number format" list.
 */
const FORMATS: Record<string, { pattern: RegExp; example: string }> = {
  AT: { pattern: /^U\d{8}$/, example: "ATU13585627" },
  BE: { pattern: /^[01]\d{9}$/, example: "BE0403019261" },
  BG: { pattern: /^\d{9,10}$/, example: "BG123456789" },
  CY: { pattern: /^\d{8}[A-Z]$/, example: "CY12345678X" },
  CZ: { pattern: /^\d{8,10}$/, example: "CZ12345678" },
  DE: { pattern: /^\d{9}$/, example: "DE136695976" },
  DK: { pattern: /^\d{8}$/, example: "DK12345678" },
  EE: { pattern: /^\d{9}$/, example: "EE123456789" },
  EL: { pattern: /^\d{9}$/, example: "EL123456789" },
  ES: { pattern: /^[A-Z0-9]\d{7}[A-Z0-9]$/, example: "ESA28015865" },
  FI: { pattern: /^\d{8}$/, example: "FI12345678" },
  FR: { pattern: /^[A-HJ-NP-Z0-9]{2}\d{9}$/, example: "FR40303265045" },
  HR: { pattern: /^\d{11}$/, example: "HR12345678901" },
  HU: { pattern: /^\d{8}$/, example: "HU12345678" },
  IE: { pattern: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/, example: "IE1234567T" },
  IT: { pattern: /^\d{11}$/, example: "IT01234567897" },
  LT: { pattern: /^(\d{9}|\d{12})$/, example: "LT123456789" },
  LU: { pattern: /^\d{8}$/, example: "LU12345678" },
  LV: { pattern: /^\d{11}$/, example: "LV12345678901" },
  MT: { pattern: /^\d{8}$/, example: "MT12345678" },
  NL: { pattern: /^\d{9}B\d{2}$/, example: "NL004495445B01" },
  PL: { pattern: /^\d{10}$/, example: "PL1234567890" },
  PT: { pattern: /^\d{9}$/, example: "PT123456789" },
  RO: { pattern: /^[1-9]\d{1,9}$/, example: "RO1234567890" },
  SE: { pattern: /^\d{10}01$/, example: "SE123456789701" },
  SI: { pattern: /^\d{8}$/, example: "SI12345678" },
  SK: { pattern: /^\d{10}$/, example: "SK1234567890" },
};

/** The VIES prefixes: the 27 member states, Greece as EL. */
export const VAT_PREFIXES = Object.keys(FORMATS);

/** The VIES prefix of a country's ISO 3166 code (GR → EL), or undefined outside the EU. */
export function vatPrefixOf(country: string): string | undefined {
  const prefix = country === "GR" ? "EL" : country;
  return prefix in FORMATS ? prefix : undefined;
}

/** Germany: ISO 7064 MOD 11,10 over the nine digits. */
function germanyValid(digits: string): boolean {
  let product = 10;
  for (let i = 0; i < 8; i++) {
    let sum = (Number(digits[i]) + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10 === Number(digits[8]);
}

/** France: a numeric key is (12 + 3 × (SIREN mod 97)) mod 97; a key with letters is checked for format only. */
function franceValid(body: string): boolean {
  const key = body.slice(0, 2);
  if (!/^\d{2}$/.test(key)) return true;
  return (12 + 3 * (Number(body.slice(2)) % 97)) % 97 === Number(key);
}

/** Spain: the NIF's control character, for a person (DNI, NIE) or a company (CIF). */
function spainValid(body: string): boolean {
  const letters = "TRWAGMYFPDXBNJZSQVHLCKE";
  if (/^\d{8}[A-Z]$/.test(body)) return letters[Number(body.slice(0, 8)) % 23] === body[8];
  if (/^[XYZ]\d{7}[A-Z]$/.test(body)) {
    const number = Number(String("XYZ".indexOf(body[0]!)) + body.slice(1, 8));
    return letters[number % 23] === body[8];
  }
  if (/^[ABCDEFGHJKLMNPQRSUVW]\d{7}[0-9A-J]$/.test(body)) {
    let sum = 0;
    for (let i = 1; i <= 7; i++) {
      const digit = Number(body[i]);
      if (i % 2 === 0) sum += digit;
      else sum += Math.floor((digit * 2) / 10) + ((digit * 2) % 10);
    }
    const control = (10 - (sum % 10)) % 10;
    const last = body[8]!;
    return last === String(control) || last === "JABCDEFGHI"[control];
  }
  return false;
}

/** Netherlands: the old mod-11 number (weights 9…2) or, since 2020 for sole traders, ISO 7064 mod 97 over the whole "NL…B.." string. */
function netherlandsValid(body: string): boolean {
  const digits = body.slice(0, 9);
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(digits[i]) * (9 - i);
  if (sum % 11 === Number(digits[8]) && sum % 11 !== 10) return true;
  const numeric = `2321${digits}11${body.slice(10)}`;
  return BigInt(numeric) % 97n === 1n;
}

/** Belgium: the last two digits are 97 less the first eight modulo 97. */
function belgiumValid(digits: string): boolean {
  return 97 - (Number(digits.slice(0, 8)) % 97) === Number(digits.slice(8));
}

/** Austria: "U" and eight digits, the last a Luhn-style check with an offset of 4. */
function austriaValid(body: string): boolean {
  let sum = 0;
  for (let i = 1; i <= 7; i++) {
    const digit = Number(body[i]);
    sum += i % 2 === 1 ? digit : Math.floor((digit * 2) / 10) + ((digit * 2) % 10);
  }
  return (10 - ((sum + 4) % 10)) % 10 === Number(body[8]);
}

const CHECKS: Record<string, (body: string) => boolean> = {
  AT: austriaValid,
  BE: belgiumValid,
  DE: germanyValid,
  ES: spainValid,
  FR: franceValid,
  IT: (body) => checkPartitaIva(body).ok,
  NL: netherlandsValid,
};

/**
 * An EU VAT number for a buyer in `country` (ISO 3166, e.g. "DE"): the prefix may be typed or left
 * out, spaces and lower case are forgiven; the answer is the number with its VIES prefix.
 */
export function checkEuVatNumber(input: string, country: string): Checked {
  const prefix = vatPrefixOf(country.toUpperCase());
  if (!prefix) return { ok: false, error: "A VAT number is asked of buyers in the European Union only." };
  const value = compact(input);
  if (value === "") return { ok: false, error: "Enter your VAT number." };
  const typedPrefix = /^[A-Z]{2}/.test(value) && !/^[A-Z]{2}$/.test(value) ? value.slice(0, 2) : "";
  const otherPrefix = typedPrefix && typedPrefix in FORMATS && typedPrefix !== prefix;
  if (otherPrefix || (typedPrefix === "GR" && prefix === "EL"))
    return {
      ok: false,
      error: `This VAT number starts with ${typedPrefix}, but the country you chose uses ${prefix}. Check the country or the number.`,
    };
  const body = typedPrefix === prefix ? value.slice(2) : value;
  const format = FORMATS[prefix]!;
  if (!format.pattern.test(body))
    return {
      ok: false,
      error: `This does not look like a VAT number from that country: it is written like ${format.example}.`,
    };
  const check = CHECKS[prefix];
  if (check && !check(body))
    return {
      ok: false,
      error: "This VAT number is not valid: its check digits do not match. Check for a typo.",
    };
  return { ok: true, value: `${prefix}${body}` };
}
