/**
 * Text layout for the Open Graph images (scripts/og-images.ts): how wide a string is in DejaVu Sans,
 * word wrapping (greedy and balanced), and fitting a title into a box by picking the largest font
 * size that needs no more than a given number of lines. Plain string arithmetic: no SVG, no I/O.
 */

export type Weight = "bold" | "regular";

/**
 * Advance widths of DejaVu Sans in em, by character class (measured with sharp from the font's
 * glyphs, rounded a little up). Lines are wrapped by counting characters weighted by these widths:
 * a title's estimate is within a few per cent of its real width, and a little wider.
 */
const CHAR_CLASSES: readonly (readonly [RegExp, bold: number, regular: number])[] = [
  [/ /, 0.35, 0.32],
  [/[ijlIJ'.,:;|/\\]/, 0.38, 0.32],
  [/[frt!()[\]\-"*]/, 0.49, 0.41],
  [/[mwMW%@—…]/, 1.04, 0.95],
  [/[A-Z]/, 0.8, 0.73],
  [/[&#+<=>^~{}]/, 0.87, 0.84],
];
/** Lowercase letters, digits, "$", "?" and anything else. */
const OTHER_CHAR: Readonly<Record<Weight, number>> = { bold: 0.71, regular: 0.64 };

/** Width of `text` in em at the given weight. */
export function emWidth(text: string, weight: Weight = "bold"): number {
  let em = 0;
  for (const char of text) {
    const hit = CHAR_CLASSES.find(([pattern]) => pattern.test(char));
    em += hit ? (weight === "bold" ? hit[1] : hit[2]) : OTHER_CHAR[weight];
  }
  return em;
}

/** Width of `text` in whole pixels at font size `size`. */
export function textWidth(text: string, size: number, weight: Weight = "bold"): number {
  return Math.ceil(emWidth(text, weight) * size);
}

/**
 * Greedy word wrap: each line at most `maxWidth` as given by `measure` (by default the number of
 * characters). A word longer than a line is hyphenated.
 */
export function wrapWords(
  text: string,
  maxWidth: number,
  measure: (line: string) => number = (line) => line.length,
): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!line) line = word;
    else if (measure(`${line} ${word}`) <= maxWidth) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
    while (measure(line) > maxWidth && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && measure(`${line.slice(0, cut)}-`) > maxWidth) cut--;
      lines.push(`${line.slice(0, cut)}-`);
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

function longestWord(text: string, measure: (line: string) => number): number {
  return Math.max(...text.split(/\s+/).map(measure));
}

/** Wraps into as few lines as the width allows, then evens the lines out (no lone last word). */
function balancedWrap(text: string, maxWidth: number, measure: (line: string) => number): string[] {
  let lines = wrapWords(text, maxWidth, measure);
  const floor = longestWord(text, measure);
  for (let width = maxWidth * 0.98; width >= floor; width *= 0.98) {
    const tighter = wrapWords(text, width, measure);
    if (tighter.length !== lines.length) break;
    lines = tighter;
  }
  return lines;
}

export interface FittedText {
  size: number;
  lines: string[];
  /** True when even the smallest size needed more lines and the text ends in an ellipsis. */
  cut?: boolean;
}

/** A warning for each of `texts` that had to be cut to fit into the image `file`. */
export function warnIfCut(file: string, ...texts: FittedText[]) {
  for (const text of texts)
    if (text.cut) console.warn(`og-images: ${file}: text cut to fit: ${text.lines.join(" ")}`);
}

/**
 * The largest font size (of `sizes`, largest first) at which `text` wraps within `width` pixels
 * into at most `maxLines(size)` lines without splitting a word. If none fits, the smallest size
 * with the text cut off by an ellipsis.
 */
export function fitText(
  text: string,
  width: number,
  sizes: readonly number[],
  maxLines: (size: number) => number,
  weight: Weight = "bold",
): FittedText {
  const measure = (line: string) => emWidth(line, weight);
  for (const size of sizes) {
    const maxEm = width / size;
    if (longestWord(text, measure) > maxEm) continue;
    const lines = balancedWrap(text, maxEm, measure);
    if (lines.length <= maxLines(size)) return { size, lines };
  }
  const size = sizes[sizes.length - 1]!;
  const maxEm = width / size;
  const kept = wrapWords(text, maxEm, measure).slice(0, maxLines(size));
  let last = kept.pop()!;
  while (last.length > 1 && measure(`${last}…`) > maxEm) last = last.slice(0, -1);
  kept.push(`${last.trimEnd()}…`);
  return { size, lines: kept, cut: true };
}
