import { createHash } from 'node:crypto';
import { PDFHexString, PDFString, type PDFName, type PDFDocument, type PDFPage, type PDFRef } from 'pdf-lib';
import { subsetKeepingGlyphIds } from './font-subset.ts';
import type { IndicFace } from './indic-fonts.ts';

const hex4 = (value: number) => value.toString(16).toUpperCase().padStart(4, '0');
const utf16Hex = (text: string) => [...text].map((char) => {
  const code = char.codePointAt(0)!;
  if (code < 0x10000) return hex4(code);
  const offset = code - 0x10000;
  return hex4(0xd800 + (offset >> 10)) + hex4(0xdc00 + (offset & 0x3ff));
}).join('');

/**
 * One Indic font embedded in one PDF as a Type0 font over a TrueType subset (CIDFontType2).
 * Text is shown by glyph (what HarfBuzz chose), so each code (CID) the page shows stands for one
 * glyph *and* the text it carries: the same glyph gets a second code when it stands for other text
 * (the reordered "ि" glyph carrying "क" of "कि", say), and the ToUnicode map then gives back the
 * words as they were typed, in order, when the PDF's text is copied or extracted. A code also has
 * its own width, the advance HarfBuzz gave the glyph there (GPOS may change it from the font's
 * default): readers that track the pen by the widths (pdf.js) then see no gap inside a word.
 */
export class EmbeddedIndicFont {
  readonly ref: PDFRef;
  private readonly codes = new Map<string, number>();
  private readonly glyphOfCode: number[] = [0];
  private readonly textOfCode: string[] = [''];
  private readonly widthOfCode: number[] = [0];
  private readonly pageNames = new WeakMap<PDFPage, PDFName>();

  constructor(private readonly pdf: PDFDocument, readonly face: IndicFace) {
    this.ref = pdf.context.nextRef();
  }

  /** The code that shows glyphId, advances by width (thousandths of the size) and reads back as text. */
  codeFor(glyphId: number, text: string, width: number): number {
    const key = `${glyphId}:${width}:${text}`;
    let code = this.codes.get(key);
    if (code === undefined) {
      code = this.glyphOfCode.length;
      if (code > 0xfffe) throw new Error('too many distinct glyphs for one PDF font');
      this.codes.set(key, code);
      this.glyphOfCode.push(glyphId);
      this.textOfCode.push(text);
      this.widthOfCode.push(width);
    }
    return code;
  }

  /** The advance the PDF gives a code, in thousandths of the font size. */
  width(code: number): number {
    return this.widthOfCode[code] ?? 0;
  }

  /** The font's name in a page's resources (added on first use on that page). */
  nameOn(page: PDFPage): PDFName {
    let name = this.pageNames.get(page);
    if (!name) {
      name = page.node.newFontDictionary(this.face.baseName, this.ref);
      this.pageNames.set(page, name);
    }
    return name;
  }

  static hexOf(codes: number[]): PDFHexString {
    return PDFHexString.of(codes.map(hex4).join(''));
  }

  /** Writes the font objects (called once, after the last text is drawn and before saving). */
  embed(): void {
    const context = this.pdf.context;
    const { face } = this;
    const glyphs = this.glyphOfCode.slice(1);
    const fontFile = subsetKeepingGlyphIds(face.sfnt, glyphs);
    // A subset's name starts with six capitals (ISO 32000-1, 9.6.4); these come from its glyphs.
    const digest = createHash('sha256').update(glyphs.join(',')).digest();
    const prefix = [...digest.subarray(0, 6)].map((byte) => String.fromCharCode(65 + (byte % 26))).join('');
    const baseName = `${prefix}+${face.baseName}`;
    const scale = (value: number) => Math.round((value * 1000) / face.upem);

    const cidToGid = new Uint8Array(this.glyphOfCode.length * 2);
    this.glyphOfCode.forEach((glyphId, code) => {
      cidToGid[code * 2] = glyphId >> 8;
      cidToGid[code * 2 + 1] = glyphId & 0xff;
    });
    const descriptor = context.register(context.obj({
      Type: 'FontDescriptor',
      FontName: baseName,
      Flags: 4,
      FontBBox: face.bbox.map(scale),
      ItalicAngle: 0,
      Ascent: scale(face.ascent),
      Descent: scale(face.descent),
      CapHeight: scale(face.ascent),
      StemV: face.weight === 'bold' ? 140 : 80,
      FontFile2: context.register(context.flateStream(fontFile, { Length1: fontFile.byteLength })),
    }));
    const cidFont = context.register(context.obj({
      Type: 'Font',
      Subtype: 'CIDFontType2',
      BaseFont: baseName,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      DW: 0,
      W: [1, this.widthOfCode.slice(1)],
      CIDToGIDMap: context.register(context.flateStream(cidToGid)),
    }));
    context.assign(this.ref, context.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: baseName,
      Encoding: 'Identity-H',
      DescendantFonts: [cidFont],
      ToUnicode: context.register(context.flateStream(this.toUnicodeCMap())),
    }));
  }

  private toUnicodeCMap(): string {
    const entries = this.textOfCode.slice(1).map((text, index) => `<${hex4(index + 1)}> <${utf16Hex(text)}>`);
    const blocks: string[] = [];
    for (let start = 0; start < entries.length; start += 100) {
      const block = entries.slice(start, start + 100);
      blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
    }
    return [
      '/CIDInit /ProcSet findresource begin',
      '12 dict begin',
      'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def',
      '/CMapType 2 def',
      '1 begincodespacerange',
      '<0000> <FFFF>',
      'endcodespacerange',
      ...blocks,
      'endcmap',
      'CMapName currentcmap /CMap defineresource pop',
      'end',
      'end',
    ].join('\n');
  }
}
