import type { PageDrawing, PageItem, PdfRect } from '../../../../pdf/pdf-objects.ts';

export type TextItem = Extract<PageItem, { kind: 'text' }>;
export type FillItem = Extract<PageItem, { kind: 'fill' }>;

const area = (rect: PdfRect) => Math.max(0, rect[2] - rect[0]) * Math.max(0, rect[3] - rect[1]);

/** How much of `inner` lies inside `outer`, 0..1. */
export function coverage(inner: PdfRect, outer: PdfRect): number {
  const overlap: PdfRect = [Math.max(inner[0], outer[0]), Math.max(inner[1], outer[1]), Math.min(inner[2], outer[2]), Math.min(inner[3], outer[3])];
  const whole = area(inner);
  return whole > 0 ? area(overlap) / whole : 0;
}

export function union(rects: PdfRect[]): PdfRect {
  return rects.reduce<PdfRect>((acc, rect) => [Math.min(acc[0], rect[0]), Math.min(acc[1], rect[1]), Math.max(acc[2], rect[2]), Math.max(acc[3], rect[3])], [Infinity, Infinity, -Infinity, -Infinity]);
}

export const isOpaque = (item: { alpha: number }) => item.alpha >= 0.99;
/** Text at least this much inside a later opaque shape is covered by it. */
export const COVERED = 0.8;

/** Each text item on the page that a shape drawn after it hides, with the shape. */
export function coveredText(page: PageDrawing): { text: TextItem; by: FillItem }[] {
  const fills = page.items.filter((item): item is FillItem => item.kind === 'fill' && isOpaque(item));
  const found: { text: TextItem; by: FillItem }[] = [];
  for (const item of page.items) {
    if (item.kind !== 'text' || item.alpha === 0) continue;
    const by = fills.find((fill) => fill.order > item.order && coverage(item.rect, fill.rect) >= COVERED);
    if (by) found.push({ text: item, by });
  }
  return found;
}

export const textItems = (page: PageDrawing) => page.items.filter((item): item is TextItem => item.kind === 'text');

/** A font's name without a subset prefix ("ABCDEF+Arial-BoldMT" → "Arial-BoldMT"). */
export const fontName = (name: string) => name.replace(/^[A-Z]{6}\+/, '');
/** A font's family: the name before its style ("Arial-BoldMT", "Arial,Bold" → "arial"). */
export const fontFamily = (name: string) =>
  fontName(name)
    .split(/[-,]/)[0]!
    .replace(/(MT|PS|PSMT)$/, '')
    .toLowerCase();
