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

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Splits a paragraph into lines that `fits` accepts, at spaces; a word longer than a line is cut
 * between graphemes (never inside a conjunct or before a vowel sign).
 */
export function wrapWords(value: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of value.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (!fits(rest)) {
      const graphemes = [...graphemeSegmenter.segment(rest)].map((part) => part.segment);
      let cut = graphemes.length - 1;
      while (cut > 1 && !fits(graphemes.slice(0, cut).join(''))) cut -= 1;
      if (cut < 1) break;
      if (current) {
        lines.push(current);
        current = '';
      }
      lines.push(graphemes.slice(0, cut).join(''));
      rest = graphemes.slice(cut).join('');
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

/** Splits a paragraph into lines no wider than maxWidth points in this standard font and size. */
export function wrapToWidth(value: string, font: PDFFont, size: number, maxWidth: number): string[] {
  return wrapWords(printable(value), (candidate) => font.widthOfTextAtSize(candidate, size) <= maxWidth);
}
