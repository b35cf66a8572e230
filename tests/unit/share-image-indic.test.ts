import { describe, expect, it } from 'vitest';
import { indicFace, shapeRun } from '../../server/pdf/indic-fonts.ts';
import { indicSvgText } from '../../server/pdf/indic-svg.ts';
import { renderShareImage, shareImageSvg, type ShareImageContent } from '../../server/features/public-jobs/share-image.ts';

const card: ShareImageContent = { title: 'वरिष्ठ लेखाकार (Senior Accountant)', company: 'சென்னை சில்க்ஸ்', city: 'ಬೆಂಗಳೂರು', pay: '₹4 – 6 lakh a year', logoKey: null };

/**
 * Issue 33 C6: a job's share image drew an Indic title or company name with whatever fonts the
 * server's fontconfig had (none for India's scripts here: boxes). Those lines are now outlines of
 * the glyphs HarfBuzz shaped, from the Noto fonts the project ships.
 */
describe('share image in India\'s scripts', () => {
  it('draws a line with an Indic script as the shaped glyphs\' outlines, and leaves Latin lines as text', () => {
    const svg = shareImageSvg(card, indicSvgText);
    // No text in India's scripts is left for the system's fonts to draw.
    for (const [, text] of svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)) expect(text).not.toMatch(/[\u0900-\u0d7f]/);
    expect(svg).toContain('>WorkCred</text>');
    // The title's first line: one outline per drawn glyph of the Devanagari words (the conjunct "ष्ठ" is one of them).
    const line = indicSvgText('क्ष', { x: 0, y: 0, size: 60, fill: '#000', weight: 'bold' })!;
    const face = indicFace('devanagari', 'bold');
    expect(shapeRun(face, 'क्ष')).toHaveLength(1);
    expect(line.match(/<path /g)).toHaveLength(1);
    expect(line).toContain(face.font.glyphToPath(shapeRun(face, 'क्ष')[0]!.glyphId));
    // A card in Latin alone is as before: text only.
    const latin = shareImageSvg({ ...card, title: 'Senior Accountant', company: 'Kaveri Foods', city: 'Mysuru' }, indicSvgText);
    expect(latin).not.toContain('<path transform');
    expect(latin).toContain('>Senior Accountant</text>');
  });

  it('renders the PNG with the outlines (HarfBuzz loads only for such a card)', async () => {
    const png = await renderShareImage(card, undefined);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
  });
});
