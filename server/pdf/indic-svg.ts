import { indicFace, latinFace, shapeRun, type FontWeight, type IndicFace } from './indic-fonts.ts';
import { splitByScript } from './indic-text.ts';

export interface SvgTextOptions {
  x: number;
  /** The baseline. */
  y: number;
  size: number;
  fill: string;
  weight?: FontWeight;
}

/** Runs of one face each: an Indic run in its script's font; Latin in Noto Sans, a character it lacks (₹) in the Devanagari font. */
function faceRuns(text: string, weight: FontWeight): { face: IndicFace; text: string }[] {
  const latin = latinFace(weight);
  const fallback = indicFace('devanagari', weight);
  const runs: { face: IndicFace; text: string }[] = [];
  const push = (face: IndicFace, part: string) => {
    const last = runs.at(-1);
    if (last?.face === face) last.text += part;
    else runs.push({ face, text: part });
  };
  for (const run of splitByScript(text)) {
    if (run.script) push(indicFace(run.script, weight), run.text);
    else for (const char of run.text) push(latin.font.nominalGlyph(char.codePointAt(0)!) === undefined && fallback.font.nominalGlyph(char.codePointAt(0)!) !== undefined ? fallback : latin, char);
  }
  return runs;
}

/**
 * A line holding text in one of India's scripts as SVG outlines, shaped by HarfBuzz, or null when
 * the line has none (it stays an SVG <text> in the system's font, as before). The share image is
 * drawn by librsvg, which finds fonts through the machine's fontconfig; a server need not have any
 * font for India's scripts, so those lines carry their glyphs' shapes themselves.
 */
export function indicSvgText(text: string, options: SvgTextOptions): string | null {
  if (!splitByScript(text).some((run) => run.script)) return null;
  const weight = options.weight ?? 'regular';
  let pen = options.x;
  const glyphs: string[] = [];
  for (const run of faceRuns(text, weight)) {
    const scale = options.size / run.face.upem;
    for (const glyph of shapeRun(run.face, run.text)) {
      const path = run.face.font.glyphToPath(glyph.glyphId);
      const x = pen + glyph.xOffset * scale;
      const y = options.y - glyph.yOffset * scale;
      // Font units are y-up; SVG's are y-down.
      if (path) glyphs.push(`<path transform="translate(${round(x)} ${round(y)}) scale(${round(scale, 5)} ${round(-scale, 5)})" d="${path}"/>`);
      pen += glyph.xAdvance * scale;
    }
  }
  return `<g fill="${options.fill}">${glyphs.join('')}</g>`;
}

const round = (value: number, places = 2) => Number(value.toFixed(places));
