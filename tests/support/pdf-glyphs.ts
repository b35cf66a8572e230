import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

/** An embedded Type0 font of a PDF: its name, its TrueType file's size, and the glyph id each code shows. */
export interface EmbeddedFontFacts {
  baseFont: string;
  fontFileBytes: number;
  glyphOfCode: (code: number) => number;
  /** What the ToUnicode map says each code reads as. */
  textOfCode: Map<number, string>;
}

function raw(value: unknown): PDFRawStream {
  if (!(value instanceof PDFRawStream)) throw new Error('expected a stream');
  return value;
}

const streamBytes = (stream: PDFRawStream) => (stream.dict.get(PDFName.of('Filter')) ? inflateSync(stream.contents) : Buffer.from(stream.contents));

/** Every Type0 font in the PDF, keyed by its BaseFont, read back from the file's objects. */
export async function embeddedType0Fonts(pdf: Uint8Array): Promise<Map<string, EmbeddedFontFacts>> {
  const document = await PDFDocument.load(pdf);
  const context = document.context;
  const fonts = new Map<string, EmbeddedFontFacts>();
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Subtype')) !== PDFName.of('Type0')) continue;
    const baseFont = object.lookup(PDFName.of('BaseFont'), PDFName).decodeText();
    const descendant = object.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
    const descriptor = descendant.lookup(PDFName.of('FontDescriptor'), PDFDict);
    const fontFile = raw(descriptor.lookup(PDFName.of('FontFile2')));
    const map = streamBytes(raw(descendant.lookup(PDFName.of('CIDToGIDMap'))));
    const cmap = streamBytes(raw(object.lookup(PDFName.of('ToUnicode')))).toString('latin1');
    const textOfCode = new Map<number, string>();
    for (const [, code, utf16] of cmap.matchAll(/<([0-9A-F]{4})> <([0-9A-F]*)>/g)) {
      textOfCode.set(parseInt(code!, 16), Buffer.from(utf16!, 'hex').swap16().toString('utf16le'));
    }
    fonts.set(baseFont, { baseFont, fontFileBytes: streamBytes(fontFile).length, glyphOfCode: (code) => map.readUInt16BE(code * 2), textOfCode });
  }
  return fonts;
}

/** The codes shown with each font resource in the page's content, in drawing order ("/F1 12 Tf [<0001> 12 <0002>] TJ"). */
export async function codesShownOnPage(pdf: Uint8Array, pageIndex = 0): Promise<{ fontResource: string; baseFont: string; codes: number[] }[]> {
  const document = await PDFDocument.load(pdf);
  const page = document.getPage(pageIndex);
  const fontsDict = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => raw(document.context.lookup(ref))) : [raw(document.context.lookup(page.node.get(PDFName.of('Contents'))))];
  const content = streams.map((stream) => streamBytes(stream).toString('latin1')).join('\n');
  const shown: { fontResource: string; baseFont: string; codes: number[] }[] = [];
  let font = '';
  for (const [, fontName, array] of content.matchAll(/\/(\S+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
    if (fontName) {
      font = fontName;
      continue;
    }
    const codes = [...array!.matchAll(/<([0-9A-F]+)>/g)].flatMap(([, hex]) => hex!.match(/.{4}/g)!.map((part) => parseInt(part, 16)));
    const fontDict = fontsDict.lookup(PDFName.of(font), PDFDict);
    shown.push({ fontResource: font, baseFont: fontDict.lookup(PDFName.of('BaseFont'), PDFName).decodeText(), codes });
  }
  return shown;
}
