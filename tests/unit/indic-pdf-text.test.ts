import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { indicFace, shapeRun, type IndicScript } from '../../server/pdf/indic-fonts.ts';
import { clusterPieces, PdfText, splitByScript, splitForPdf } from '../../server/pdf/indic-text.ts';
import { INDIC_SAMPLES, readable } from '../support/indic-samples.ts';
import { codesShownOnPage, embeddedType0Fonts } from '../support/pdf-glyphs.ts';
import { joinRupeeSign, pdfText } from '../support/pdf-qr.ts';

const squash = readable;

async function pageWith(lines: { text: string; bold?: boolean }[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const writer = await PdfText.create(pdf);
  lines.forEach((line, index) => writer.draw(page, line.text, { x: 40, y: 800 - index * 30, size: 14, bold: line.bold ?? false, color: rgb(0, 0, 0) }));
  writer.finish();
  return Buffer.from(await pdf.save());
}

/**
 * Issue 33 C6: names in India's scripts printed as "?" in letters and invoices (the standard
 * fonts hold Latin-1 only). Each Indic run is now shaped with HarfBuzz and drawn from an embedded
 * Noto Sans subset; Latin stays in Helvetica.
 */
describe('text in India\'s scripts in our PDFs', () => {
  it('splits a line into runs of one script, keeping dandas and joiners with the Indic run', () => {
    expect(splitByScript('Dear प्रियंका, from தமிழ் Ltd।')).toEqual([
      { text: 'Dear ', script: null },
      { text: 'प्रियंका', script: 'devanagari' },
      { text: ', from ', script: null },
      { text: 'தமிழ்', script: 'tamil' },
      { text: ' Ltd', script: null },
      { text: '।', script: 'devanagari' },
    ]);
    expect(splitByScript('नमस्ते।')).toEqual([{ text: 'नमस्ते।', script: 'devanagari' }]);
    // The rupee sign, which Helvetica lacks, is drawn in a PDF from the Devanagari face among Latin too.
    expect(splitByScript('CTC ₹12,00,000')).toEqual([{ text: 'CTC ₹12,00,000', script: null }]);
    expect(splitForPdf('CTC ₹12,00,000 – ₹5 lakh')).toEqual([
      { text: 'CTC ', script: null },
      { text: '₹', script: 'devanagari' },
      { text: '12,00,000 – ', script: null },
      { text: '₹', script: 'devanagari' },
      { text: '5 lakh', script: null },
    ]);
    expect(splitForPdf('₹')).toEqual([{ text: '₹', script: 'devanagari' }]);
  });

  it('gives back every script, mixed with Latin on one line, as typed, with no "?"', async () => {
    const lines = Object.values(INDIC_SAMPLES).map((name, index) => ({ text: `Dear ${name}, welcome`, bold: index % 2 === 1 }));
    lines.push({ text: 'Kavya’s offer – ₹12 lakh', bold: false });
    const pdf = await pageWith(lines);
    const text = joinRupeeSign(squash(await pdfText(pdf)));
    // Every word comes back whole.
    const words = text.split(' ');
    for (const name of Object.values(INDIC_SAMPLES)) expect(text).toContain(`Dear ${name}, welcome`);
    expect(words).toContain('চক্রবর্তী,');
    expect(text).toContain("Kavya's offer - ₹12 lakh");
    expect(text).not.toContain('?');
  });

  it('embeds subsets of the Noto Sans fonts, each a few kilobytes', async () => {
    const pdf = await pageWith(Object.values(INDIC_SAMPLES).map((text, index) => ({ text, bold: index === 0 })));
    const fonts = [...(await embeddedType0Fonts(pdf)).values()];
    expect(fonts.map((font) => font.baseFont.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'NotoSansBengali-Regular', 'NotoSansDevanagari-Bold', 'NotoSansGujarati-Regular', 'NotoSansGurmukhi-Regular', 'NotoSansKannada-Regular',
      'NotoSansMalayalam-Regular', 'NotoSansOriya-Regular', 'NotoSansTamil-Regular', 'NotoSansTelugu-Regular',
    ]);
    for (const font of fonts) {
      expect(font.baseFont).toMatch(/^[A-Z]{6}\+NotoSans/);
      // The whole fonts are 50 to 200 KB each.
      expect(font.fontFileBytes).toBeLessThan(20_000);
    }
    expect(pdf.length).toBeLessThan(120_000);
  });

  it('draws the shaped glyphs: "कि" with its vowel sign first, "क्ष" as one conjunct, Tamil and Malayalam split vowels around the consonant', async () => {
    const cases: { script: IndicScript; text: string; expected: (nominal: (char: string) => number) => (drawn: number[]) => void }[] = [
      // The logical order would be क then ि; the font's "ि" variant is drawn before क.
      { script: 'devanagari', text: 'कि', expected: (nominal) => (drawn) => {
        expect(drawn).toHaveLength(2);
        expect(drawn[1]).toBe(nominal('क'));
        expect(drawn[0]).not.toBe(nominal('क'));
      } },
      { script: 'devanagari', text: 'क्ष', expected: (nominal) => (drawn) => {
        expect(drawn).toHaveLength(1);
        expect([nominal('क'), nominal('्'), nominal('ष')]).not.toContain(drawn[0]);
      } },
      { script: 'tamil', text: 'கொ', expected: (nominal) => (drawn) => expect(drawn).toEqual([nominal('ெ'), nominal('க'), nominal('ா')]) },
      { script: 'malayalam', text: 'കൊ', expected: (nominal) => (drawn) => expect(drawn).toEqual([nominal('െ'), nominal('ക'), nominal('ാ')]) },
    ];
    for (const { script, text, expected } of cases) {
      const pdf = await pageWith([{ text }]);
      const face = indicFace(script, 'regular');
      const font = [...(await embeddedType0Fonts(pdf)).values()][0]!;
      const shown = (await codesShownOnPage(pdf)).flatMap((run) => run.codes);
      // The font's blank glyph only carries text for copying; it draws nothing.
      const drawn = shown.map(font.glyphOfCode).filter((glyph) => glyph !== face.blankGlyph);
      expected((char) => face.font.nominalGlyph(char.codePointAt(0)!)!)(drawn);
      // The same glyphs, in the same order, as HarfBuzz shapes the text to.
      expect(drawn).toEqual(shapeRun(face, text).map((glyph) => glyph.glyphId));
      // Copied, the glyphs read as the text typed, in order.
      expect(shown.map((code) => font.textOfCode.get(code)).join('').normalize('NFC')).toBe(text);
      expect(squash(await pdfText(pdf)).trim()).toBe(text);
    }
  });

  it('hands each glyph a piece of its cluster, keeping non-spacing marks off glyphs that advance', () => {
    // "कि": the reordered vowel sign's glyph carries क.
    expect(clusterPieces('कि', [259, 570])).toEqual([{ glyph: 0, text: 'क' }, { glyph: 1, text: 'ि' }]);
    // "क्ष", one glyph: the virama and ष ride on the blank glyph.
    expect(clusterPieces('क्ष', [717])).toEqual([{ glyph: 0, text: 'क' }, { glyph: null, text: '्ष' }]);
    // Tamil "கொ" (two characters, three glyphs) in its decomposed form.
    expect(clusterPieces('கொ', [901, 825, 625])).toEqual([{ glyph: 0, text: 'க' }, { glyph: 1, text: 'ெ' }, { glyph: 2, text: 'ா' }]);
  });

  it('measures and wraps mixed text to the width, never cutting inside a letter', async () => {
    const writer = await PdfText.create(await PDFDocument.create());
    const paragraph = `We welcome ${INDIC_SAMPLES.devanagari} and ${INDIC_SAMPLES.tamil} to the Bengaluru office of ${INDIC_SAMPLES.kannada}.`;
    const lines = writer.wrap(paragraph, 11, 150);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(writer.width(line, 11)).toBeLessThanOrEqual(150);
    expect(lines.join(' ')).toBe(paragraph);
    // Latin alone measures exactly as Helvetica does.
    expect(writer.width('Offer letter', 11)).toBe(writer.regular.widthOfTextAtSize('Offer letter', 11));
  });
});
