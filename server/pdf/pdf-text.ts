import type { PDFFont } from 'pdf-lib';

/** The standard fonts encode Latin-1 only: anything else (a name in Devanagari, say) becomes "?" rather than failing the document. */
export const printable = (value: string) =>
  value
    .normalize('NFC')
    .replace(/₹/g, 'Rs. ')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

/** Splits a paragraph into lines no wider than maxWidth points in this font and size; a word longer than a line is cut. */
export function wrapToWidth(value: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let current = '';
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= maxWidth;
  for (const word of printable(value).split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (!fits(rest)) {
      let cut = rest.length - 1;
      while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
      if (current) {
        lines.push(current);
        current = '';
      }
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    const candidate = current ? `${current} ${rest}` : rest;
    if (current && !fits(candidate)) {
      lines.push(current);
      current = rest;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}
