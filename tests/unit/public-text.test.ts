import { describe, expect, it } from "vitest";
import { checkPublicText, normalisePublicText } from "#app/lib/reviews/public-text.ts";

describe("a buyer's text shown to the public", () => {
  it.each([
    "evil.ru",
    "scam.top",
    "buy at cheap-pills.com now",
    "FREE-copy-at-evil.example S.",
    "Get it FREE at evil.example",
    "write to bob@scam.top",
    "see https://spam.example",
    "ftp://files",
    "visit www.spam",
    "EVIL.COM",
    "пример.рф",
  ])("refuses the address in %j by its shape, whatever its ending", (text) => {
    expect(checkPublicText(text)).toEqual({ ok: false, problem: "address" });
  });

  it.each([
    ["a zero-width space", "evil.c\u200Bom"],
    ["a fullwidth dot", "evil\uFF0Ecom"],
    ["a right-to-left override", "\u202Emoc.live"],
    ["a mark on a letter", "evil.c\u0323om"],
  ])("refuses an address disguised by %s", (_disguise, text) => {
    expect(checkPublicText(text)).toEqual({ ok: false, problem: "address" });
  });

  it("shows the fullwidth dot as a dot and drops format characters", () => {
    expect(normalisePublicText("a\uFF0Eb")).toBe("a.b");
    expect(normalisePublicText("\u202EDaniel\u200B W.\u2066")).toBe("Daniel W.");
  });

  it("keeps at most two combining marks on a character, so 2,000 of them cannot draw over the cards around", () => {
    const checked = checkPublicText(`Zalgo${"\u0301".repeat(2000)}`);
    expect(checked).toEqual({ ok: true, text: "Zalg\u00F3\u0301\u0301" });
  });

  it.each([
    ["only zero-width spaces", "\u200B\u200B\u200B"],
    ["only spaces and invisible joiners", " \u2060\uFEFF\u200D \n"],
    ["only combining marks", "\u0301\u0301"],
    ["nothing", ""],
  ])("refuses text of %s: nothing visible", (_what, text) => {
    expect(checkPublicText(text)).toEqual({ ok: false, problem: "nothing-visible" });
  });

  it.each([
    "José",
    "Zoë",
    "Łódź",
    "O'Brien",
    "O\u2019Brien",
    "Mary-Jane",
    "Daniel W.",
    "J.R.R. Tolkien",
    "佐藤 花子",
    "東京",
    "محمد",
    "مُحَمَّد",
    "김민준",
    "हिन्दी",
    "Nguyễn Thị",
    "São Paulo",
    "Saved me hours. Worth every cent!\nThe v2.0 templates, e.g. the Instagram set, are great...",
  ])("shows %j unchanged", (text) => {
    expect(checkPublicText(text)).toEqual({ ok: true, text });
  });
});
