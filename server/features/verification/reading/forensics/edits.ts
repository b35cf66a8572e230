import type { PageDrawing, PdfFacts, Rgb } from '../../../../pdf/pdf-objects.ts';
import { coverage, coveredText, isOpaque, textItems, union } from './page-geometry.ts';
import type { ForensicFlag } from './types.ts';

const MAX_FLAGS_PER_KIND = 5;
const WHITE: Rgb = [255, 255, 255];
/** Colours this close (per channel, 0..255) look the same. */
const SAME_COLOUR = 8;
const sameColour = (a: Rgb, b: Rgb) => a.every((value, index) => Math.abs(value - (b[index] ?? 0)) <= SAME_COLOUR);

/** Acrobat's "TouchUp_TextEdit" marks: Acrobat leaves them where text was edited. */
function touchUps(page: PageDrawing): ForensicFlag[] {
  if (page.touchUpEdits === 0) return [];
  return [{ signal: 'edits', rule: 'forensic_touchup', weight: 'high', found: `${page.touchUpEdits} Acrobat TouchUp_TextEdit mark${page.touchUpEdits > 1 ? 's' : ''}`, page: page.number }];
}

/** Text hidden under an opaque shape drawn after it, and what was written on top of that shape. */
function covered(page: PageDrawing): ForensicFlag[] {
  const byShape = new Map<number, { shape: ReturnType<typeof coveredText>[number]['by']; hidden: string[] }>();
  for (const { text, by } of coveredText(page)) {
    const entry = byShape.get(by.order) ?? { shape: by, hidden: [] };
    entry.hidden.push(text.text);
    byShape.set(by.order, entry);
  }
  return [...byShape.values()].slice(0, MAX_FLAGS_PER_KIND).map(({ shape, hidden }) => {
    const onTop = textItems(page).filter((item) => item.order > shape.order && coverage(item.rect, shape.rect) >= 0.5);
    return {
      signal: 'edits',
      rule: 'forensic_covered_text',
      weight: 'high',
      found: `Hidden under a shape: “${hidden.join(' ')}”${onTop.length ? `; written over it: “${onTop.map((item) => item.text).join(' ')}”` : ''}`,
      page: page.number,
      rect: shape.rect,
    } satisfies ForensicFlag;
  });
}

/** Text in the colour of what is behind it (the last opaque shape under it, else the white page). */
function invisible(page: PageDrawing): ForensicFlag[] {
  const hidden = [];
  for (const item of textItems(page)) {
    if (item.alpha === 0) continue;
    const behind = page.items.filter((other) => other.order < item.order && other.kind !== 'text' && isOpaque(other) && coverage(item.rect, other.rect) >= 0.8).at(-1);
    // Behind an image the colour cannot be told.
    if (behind?.kind === 'image') continue;
    const background = behind?.kind === 'fill' ? behind.color : WHITE;
    if (sameColour(item.color, background)) hidden.push(item);
  }
  if (hidden.length === 0) return [];
  return [
    {
      signal: 'edits',
      rule: 'forensic_invisible_text',
      weight: 'high',
      found: `Text in the background’s colour: “${hidden.slice(0, 12).map((item) => item.text).join(' ')}”`,
      page: page.number,
      rect: union(hidden.map((item) => item.rect)),
    },
  ];
}

/** Signal 3 (drawing part): edits left behind on the pages. The same field with two values is fields.ts. */
export function editsSignal(facts: PdfFacts): ForensicFlag[] {
  return facts.pages.flatMap((page) => [...touchUps(page), ...covered(page), ...invisible(page)]);
}
