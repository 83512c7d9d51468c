/**
 * Text a buyer wrote that the public sees: the name and city of a 'Recent Sale' card, a review's
 * name and comment. It is normalised to what a reader sees, then checked: it may name no web or
 * e-mail address and must show something.
 */

/** Invisible characters that steer or hide text: zero-width spaces and joiners, bidi overrides. */
const FORMAT = /\p{Cf}/gu;

/** Combining marks past the second on one character: two serve every script; more smear over other cards. */
const EXTRA_MARKS = /(\p{M}{2})\p{M}+/gu;

/**
 * An address by its shape, whatever it ends in: a scheme ("://"), "www.", or a letter or digit,
 * a dot and two letters ("evil.ru", "name@scam.top": an e-mail address shows its domain). A mark
 * on a letter does not hide it ("c" with a dot below still reads "c").
 */
const ADDRESS = /:\/\/|www\.|[\p{L}\p{N}]\p{M}*\.\p{L}\p{M}*\p{L}/iu;

/** Whitespace and marks draw nothing alone. */
const VISIBLE = /[^\s\p{M}]/u;

/**
 * The text as the public sees it: without format characters, in NFKC (a fullwidth "．" is a
 * "."), at most two combining marks on a character, trimmed.
 */
export function normalisePublicText(text: string): string {
  return text.replace(FORMAT, "").normalize("NFKC").replace(EXTRA_MARKS, "$1").trim();
}

export type PublicTextCheck =
  | { ok: true; text: string }
  | { ok: false; problem: "nothing-visible" | "address" };

/** The normalised text, or why it may not be shown. */
export function checkPublicText(text: string): PublicTextCheck {
  const normalised = normalisePublicText(text);
  if (!VISIBLE.test(normalised)) return { ok: false, problem: "nothing-visible" };
  if (ADDRESS.test(normalised)) return { ok: false, problem: "address" };
  return { ok: true, text: normalised };
}
