/**
 * Text for the PDFs the store draws with pdf-lib's standard fonts (the buyer's licence, an
 * invoice's courtesy copy): what those fonts can print, and lines that fit a width.
 */
import type { PDFFont } from "pdf-lib";

/** The standard fonts encode WinAnsi only: anything outside Latin-1 (an IDN address) is shown as "?". */
export const printable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, "?");

/** Splits `text` into lines no wider than `width` at `size` points. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}
