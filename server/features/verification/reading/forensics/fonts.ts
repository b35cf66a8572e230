import type { PdfFacts } from '../../../../pdf/pdf-objects.ts';
import { fontFamily, fontName, textItems, union, type TextItem } from './page-geometry.ts';
import type { ForensicFlag } from './types.ts';

/** A family used for at most this many characters is "used nowhere else". */
const LONELY_MAX_CHARS = 16;
/** …in a document with at least this much text in other families. */
const OTHER_TEXT_MIN_CHARS = 40;

/** The same font embedded twice and used on one page: editors add a new subset for the text they write. */
function embeddedTwice(facts: PdfFacts): ForensicFlag[] {
  const flags: ForensicFlag[] = [];
  for (const page of facts.pages) {
    const embedded = facts.fonts.filter((font) => font.embedded && font.pages.includes(page.number));
    const byName = new Map<string, number>();
    for (const font of embedded) byName.set(fontName(font.name), (byName.get(fontName(font.name)) ?? 0) + 1);
    for (const [name, count] of byName) {
      if (count < 2) continue;
      // Which text uses the less used of the copies (MuPDF loads each copy as its own font).
      const items = textItems(page).filter((item) => fontName(item.font) === name);
      const byCopy = new Map<number, TextItem[]>();
      for (const item of items) byCopy.set(item.fontId, [...(byCopy.get(item.fontId) ?? []), item]);
      const copies = [...byCopy.values()].sort((a, b) => a.length - b.length);
      const rare = copies.length > 1 ? copies[0] : undefined;
      flags.push({
        signal: 'fonts',
        rule: 'forensic_font_embedded_twice',
        weight: 'medium',
        found: `${name} embedded ${count} times on page ${page.number}${rare ? `; the second copy sets “${rare.map((item) => item.text).join(' ').slice(0, 80)}”` : ''}`,
        page: page.number,
        ...(rare ? { rect: union(rare.map((item) => item.rect)) } : {}),
      });
    }
  }
  return flags;
}

/** A number set in a font family the rest of the document never uses. */
function lonelyFont(facts: PdfFacts): ForensicFlag[] {
  // The invisible layer over a scan is set in the OCR's own font; text-layer.ts compares it with the image.
  const all = facts.pages.flatMap((page) => textItems(page).filter((item) => !item.invisible).map((item) => ({ item, page: page.number })));
  const chars = new Map<string, number>();
  for (const { item } of all) chars.set(fontFamily(item.font), (chars.get(fontFamily(item.font)) ?? 0) + item.text.length);
  const total = all.reduce((sum, { item }) => sum + item.text.length, 0);
  const flags: ForensicFlag[] = [];
  for (const [family, count] of chars) {
    if (count > LONELY_MAX_CHARS || total - count < OTHER_TEXT_MIN_CHARS) continue;
    const uses = all.filter(({ item }) => fontFamily(item.font) === family);
    if (!uses.some(({ item }) => /\d/.test(item.text))) continue;
    const first = uses[0]!;
    flags.push({
      signal: 'fonts',
      rule: 'forensic_font_lonely',
      weight: 'medium',
      found: `“${uses.map(({ item }) => item.text).join(' ')}” is set in ${fontName(first.item.font)}, a font used nowhere else in the document`,
      page: first.page,
      rect: union(uses.filter(({ page }) => page === first.page).map(({ item }) => item.rect)),
    });
  }
  return flags;
}

/** Signal 4: fonts that do not belong. */
export function fontsSignal(facts: PdfFacts): ForensicFlag[] {
  return [...embeddedTwice(facts), ...lonelyFont(facts)];
}
