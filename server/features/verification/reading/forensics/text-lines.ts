import type { PdfFacts } from '../../../../pdf/pdf-objects.ts';
import { coveredText, textItems, union, type TextItem } from './page-geometry.ts';
import type { TextLine } from './types.ts';

/** A gap wider than this many font heights between two runs on a line separates two cells. */
const CELL_GAP = 1.5;

/**
 * The pages' visible text as rows, the way a person reads a table: runs on one baseline, left to
 * right, with three spaces between cells. Text hidden under a shape drawn after it is left out
 * (what the page shows is what the figures must agree with).
 */
export function linesFromFacts(facts: PdfFacts): TextLine[] {
  const lines: TextLine[] = [];
  for (const page of facts.pages) {
    const hidden = new Set(coveredText(page).map(({ text }) => text.order));
    const items = textItems(page)
      .filter((item) => !hidden.has(item.order) && item.alpha > 0)
      .sort((a, b) => a.rect[3] - b.rect[3] || a.rect[0] - b.rect[0]);
    const rows: TextItem[][] = [];
    for (const item of items) {
      const height = item.rect[3] - item.rect[1];
      // Sorted by baseline: an item joins the last row or starts the next.
      const row = rows.at(-1)?.[0] && Math.abs(rows.at(-1)![0]!.rect[3] - item.rect[3]) <= height * 0.35 ? rows.at(-1) : undefined;
      if (row) row.push(item);
      else rows.push([item]);
    }
    for (const row of rows) {
      row.sort((a, b) => a.rect[0] - b.rect[0]);
      let text = '';
      row.forEach((item, index) => {
        const previous = row[index - 1];
        if (previous) text += item.rect[0] - previous.rect[2] > (item.rect[3] - item.rect[1]) * CELL_GAP ? '   ' : ' ';
        text += item.text;
      });
      lines.push({ text, page: page.number, rect: union(row.map((item) => item.rect)) });
    }
  }
  return lines;
}

/** The extracted text's lines when MuPDF could not read the file: no page or place known. */
export const linesFromText = (text: string): TextLine[] =>
  text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => ({ text: line, page: null, rect: null }));
