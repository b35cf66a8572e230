import {
  beginText,
  endText,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  setTextRise,
  StandardFonts,
  type Color,
  type PDFDocument,
  type PDFFont,
  type PDFObject,
  type PDFPage,
} from 'pdf-lib';
import { EmbeddedIndicFont } from './cid-font.ts';
import { indicFace, indicScriptOf, joinsIndicRun, shapeRun, type FontWeight, type IndicScript, type ShapedGlyph } from './indic-fonts.ts';
import { printable, wrapWords } from './pdf-text.ts';

/** A stretch of text in one script: Latin (anything not Indic, drawn in Helvetica) or one Indic script. */
export interface ScriptRun {
  text: string;
  script: IndicScript | null;
}

/** Splits text into runs of one script each, so each run is shaped with (or drawn in) its own font. */
export function splitByScript(value: string): ScriptRun[] {
  const runs: ScriptRun[] = [];
  for (const char of value.normalize('NFC')) {
    const codePoint = char.codePointAt(0)!;
    const last = runs.at(-1);
    let script = indicScriptOf(codePoint) ?? null;
    if (!script && last?.script && joinsIndicRun(codePoint)) script = last.script;
    if (last && last.script === script) last.text += char;
    else runs.push({ text: char, script });
  }
  return runs;
}

/**
 * The runs as a PDF draws them: Helvetica has no rupee sign but every Noto Sans Indic face has one,
 * so a "₹" among Latin becomes a Devanagari run of its own (the share image's SVG text has the
 * sign, so splitByScript leaves it Latin there).
 */
export function splitForPdf(value: string): ScriptRun[] {
  return splitByScript(value).flatMap((run) =>
    run.script || !run.text.includes('₹')
      ? [run]
      : run.text
          .split(/(₹)/)
          .filter(Boolean)
          .map((text) => ({ text, script: text === '₹' ? ('devanagari' as const) : null })),
  );
}

/** One glyph to show (by its index in the cluster, or null for the font's blank glyph) and the text it carries. */
export interface ClusterPiece {
  glyph: number | null;
  text: string;
}

const isNonspacingMark = (char: string) => /\p{Mn}/u.test(char);

/**
 * How a glyph cluster reads back when the PDF's text is copied or extracted: each glyph, in visual
 * order, carries a piece of the cluster's text so that the pieces joined give the text as typed.
 * "कि" drawn as the "ि" glyph then "क" gives "क" to the first and "ि" to the second. A cluster with
 * more glyphs than characters (Tamil "கொ" is three glyphs) is split in its canonically decomposed
 * form, which normalizes back to the same text. Readers such as pdf.js take any piece holding a
 * non-spacing mark (virama, most vowel signs) for a zero-width diacritic and lose the glyph's
 * advance, splitting the word; so a glyph that moves the pen carries no such mark: the marks ride
 * on the font's blank glyph, which moves nothing ("क्ष", one glyph, carries "क" and a blank "्ष").
 */
export function clusterPieces(text: string, advances: number[]): ClusterPiece[] {
  let chars = [...text];
  if (chars.length < advances.length) chars = [...text.normalize('NFD')];
  const pieces: ClusterPiece[] = [];
  let at = 0;
  advances.forEach((advance, glyph) => {
    const glyphsLeft = advances.length - glyph;
    if (advance !== 0) {
      let marks = '';
      while (at < chars.length - glyphsLeft && isNonspacingMark(chars[at]!)) marks += chars[at++];
      if (marks) pieces.push({ glyph: null, text: marks });
    }
    if (at >= chars.length) {
      pieces.push({ glyph, text: '\u2060' });
      return;
    }
    const take = glyphsLeft === 1 ? chars.slice(at) : [chars[at]!];
    at += take.length;
    const firstMark = advance === 0 ? -1 : take.findIndex(isNonspacingMark);
    if (firstMark <= 0) pieces.push({ glyph, text: take.join('') });
    else pieces.push({ glyph, text: take.slice(0, firstMark).join('') }, { glyph: null, text: take.slice(firstMark).join('') });
  });
  return pieces;
}

export interface DrawTextOptions {
  x: number;
  y: number;
  size: number;
  color: Color;
  bold?: boolean;
}

/**
 * Writes text on pdf-lib pages in any of India's scripts, mixed with Latin on one line: Latin in
 * the standard Helvetica as before (so English letters and invoices look as they always did), each
 * Indic run shaped by HarfBuzz (conjuncts, reordered and split vowel signs, mark positions) and
 * drawn glyph by glyph from an embedded Noto Sans subset. Call finish() before saving the PDF.
 */
export class PdfText {
  private readonly fonts = new Map<string, EmbeddedIndicFont>();
  private readonly shaped = new Map<string, ShapedGlyph[]>();

  private constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {}

  static async create(pdf: PDFDocument): Promise<PdfText> {
    return new PdfText(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  }

  /** The text as it will be drawn: Latin runs made printable in the standard fonts, Indic runs kept. */
  prepare(value: string): string {
    return splitForPdf(value).map((run) => (run.script ? run.text : printable(run.text))).join('');
  }

  /** Width in points of one line of text at this size. */
  width(value: string, size: number, bold = false): number {
    return splitForPdf(value).reduce((sum, run) => sum + this.runWidth(run, size, bold), 0);
  }

  /** Splits a paragraph into lines no wider than maxWidth; a word longer than a line is cut between graphemes. */
  wrap(value: string, size: number, maxWidth: number, bold = false): string[] {
    return wrapWords(this.prepare(value), (candidate) => this.width(candidate, size, bold) <= maxWidth);
  }

  /** Draws one line of text with its left end at (x, y). Returns its width. */
  draw(page: PDFPage, value: string, options: DrawTextOptions): number {
    let x = options.x;
    for (const run of splitForPdf(value)) {
      const weight: FontWeight = options.bold ? 'bold' : 'regular';
      if (run.script) this.drawIndicRun(page, run.text, run.script, weight, { ...options, x });
      else page.drawText(printable(run.text), { x, y: options.y, size: options.size, font: options.bold ? this.bold : this.regular, color: options.color });
      x += this.runWidth(run, options.size, options.bold ?? false);
    }
    return x - options.x;
  }

  /** Embeds the subsets of the Indic fonts used. Call once, after the last draw. */
  finish(): void {
    for (const font of this.fonts.values()) font.embed();
  }

  /** The Indic fonts this document used, by PDF name (for tests and diagnostics). */
  get usedFonts(): EmbeddedIndicFont[] {
    return [...this.fonts.values()];
  }

  private runWidth(run: ScriptRun, size: number, bold: boolean): number {
    if (!run.script) return (bold ? this.bold : this.regular).widthOfTextAtSize(printable(run.text), size);
    const font = this.font(run.script, bold ? 'bold' : 'regular');
    const advance = this.shape(font, run.text).reduce((sum, glyph) => sum + glyph.xAdvance, 0);
    return (advance * size) / font.face.upem;
  }

  private font(script: IndicScript, weight: FontWeight): EmbeddedIndicFont {
    const key = `${script}-${weight}`;
    let font = this.fonts.get(key);
    if (!font) {
      font = new EmbeddedIndicFont(this.pdf, indicFace(script, weight));
      this.fonts.set(key, font);
    }
    return font;
  }

  private shape(font: EmbeddedIndicFont, text: string): ShapedGlyph[] {
    const key = `${font.face.script}-${font.face.weight}:${text}`;
    let glyphs = this.shaped.get(key);
    if (!glyphs) {
      glyphs = shapeRun(font.face, text);
      this.shaped.set(key, glyphs);
    }
    return glyphs;
  }

  private drawIndicRun(page: PDFPage, text: string, script: IndicScript, weight: FontWeight, options: DrawTextOptions) {
    const font = this.font(script, weight);
    const glyphs = this.shape(font, text);
    const unit = 1000 / font.face.upem;
    const operators: PDFOperator[] = [pushGraphicsState(), setFillingColor(options.color), beginText(), setFontAndSize(font.nameOn(page), options.size), setTextMatrix(1, 0, 0, 1, options.x, options.y)];
    // TJ moves the pen by each code's width from the font's W array, less the number that follows
    // (in thousandths of the size); HarfBuzz's advances and mark offsets are applied as such numbers.
    // A vertical mark offset needs a text rise (Ts), which ends the TJ array.
    let items: PDFObject[] = [];
    let rise = 0;
    let pending = 0;
    const flush = () => {
      if (items.length) operators.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [this.pdf.context.obj(items)]));
      items = [];
    };
    for (const { glyph, code } of glyphCodes(font, text, glyphs)) {
      const glyphRise = (glyph.yOffset * options.size) / font.face.upem;
      if (glyphRise !== rise) {
        flush();
        operators.push(setTextRise(round(glyphRise)));
        rise = glyphRise;
      }
      pending += glyph.xOffset * unit;
      if (Math.abs(pending) > 0.005) items.push(PDFNumber.of(round(-pending)));
      items.push(EmbeddedIndicFont.hexOf([code]));
      pending = glyph.xAdvance * unit - font.width(code) - glyph.xOffset * unit;
    }
    flush();
    if (rise !== 0) operators.push(setTextRise(0));
    operators.push(endText(), popGraphicsState());
    page.pushOperators(...operators);
  }
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The glyphs to show, each with the PDF code that shows it and carries its piece of the text. */
function glyphCodes(font: EmbeddedIndicFont, text: string, glyphs: ShapedGlyph[]): { glyph: ShapedGlyph; code: number }[] {
  const starts = [...new Set(glyphs.map((glyph) => glyph.cluster))].sort((a, b) => a - b);
  const textOf = (cluster: number) => text.slice(cluster, starts.find((start) => start > cluster) ?? text.length);
  const blank = { glyphId: font.face.blankGlyph, cluster: 0, xAdvance: 0, xOffset: 0, yOffset: 0 };
  const shown: { glyph: ShapedGlyph; code: number }[] = [];
  for (let index = 0; index < glyphs.length; ) {
    let end = index + 1;
    while (end < glyphs.length && glyphs[end]!.cluster === glyphs[index]!.cluster) end += 1;
    const cluster = glyphs.slice(index, end);
    for (const piece of clusterPieces(textOf(cluster[0]!.cluster), cluster.map((glyph) => glyph.xAdvance))) {
      const glyph = piece.glyph === null ? blank : cluster[piece.glyph]!;
      // A mark moved off the pen's position (Bengali "্র" below the consonant) reads to pdf.js as a
      // jump back and forth, splitting the word, unless its text holds a non-spacing mark: then it is
      // taken for a diacritic and its position ignored. COMBINING GRAPHEME JOINER is such a mark and
      // invisible, and search and comparison ignore it.
      const moved = glyph.xAdvance === 0 && (glyph.xOffset !== 0 || glyph.yOffset !== 0) && !/\p{Mn}/u.test(piece.text);
      const width = Math.round((glyph.xAdvance * 1000) / font.face.upem);
      shown.push({ glyph, code: font.codeFor(glyph.glyphId, moved ? `\u034f${piece.text}` : piece.text, width) });
    }
    index = end;
  }
  return shown;
}
