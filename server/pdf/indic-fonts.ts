import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as hb from 'harfbuzzjs';
import { woffToSfnt } from './woff.ts';

/**
 * India's scripts and the Noto Sans font that covers each (the @fontsource packages: the script's
 * own subset of the Google Fonts file, which keeps the GSUB/GPOS tables that shaping needs).
 * Latin stays in the PDF's standard Helvetica; only these scripts are drawn with an embedded font.
 */
export const INDIC_SCRIPTS = {
  devanagari: { tag: 'deva', ranges: [[0x0900, 0x097f], [0x1cd0, 0x1cff], [0xa8e0, 0xa8ff]] },
  bengali: { tag: 'beng', ranges: [[0x0980, 0x09ff]] },
  gurmukhi: { tag: 'guru', ranges: [[0x0a00, 0x0a7f]] },
  gujarati: { tag: 'gujr', ranges: [[0x0a80, 0x0aff]] },
  oriya: { tag: 'orya', ranges: [[0x0b00, 0x0b7f]] },
  tamil: { tag: 'taml', ranges: [[0x0b80, 0x0bff]] },
  telugu: { tag: 'telu', ranges: [[0x0c00, 0x0c7f]] },
  kannada: { tag: 'knda', ranges: [[0x0c80, 0x0cff]] },
  malayalam: { tag: 'mlym', ranges: [[0x0d00, 0x0d7f]] },
} as const satisfies Record<string, { tag: string; ranges: readonly (readonly [number, number])[] }>;

export type IndicScript = keyof typeof INDIC_SCRIPTS;
export type FontWeight = 'regular' | 'bold';

const scriptNames = Object.keys(INDIC_SCRIPTS) as IndicScript[];

/** The Indic script a code point belongs to, if any. */
export function indicScriptOf(codePoint: number): IndicScript | undefined {
  return scriptNames.find((name) => INDIC_SCRIPTS[name].ranges.some(([from, to]) => codePoint >= from && codePoint <= to));
}

/**
 * Characters every one of these fonts has and that belong to whichever Indic run they sit in:
 * the danda and double danda (U+0964/5, shared by most of the scripts), zero-width (non-)joiner,
 * the dotted circle, the rupee sign.
 */
export const joinsIndicRun = (codePoint: number) => codePoint === 0x0964 || codePoint === 0x0965 || codePoint === 0x200c || codePoint === 0x200d || codePoint === 0x25cc || codePoint === 0x20b9;

export interface IndicFace {
  script: IndicScript | 'latin';
  /** The OpenType script tag HarfBuzz shapes the runs of this face with. */
  scriptTag: string;
  weight: FontWeight;
  /** The PostScript-style name the PDF gives the embedded font. */
  baseName: string;
  /** The plain TrueType file (what HarfBuzz shapes with and the PDF embeds a subset of). */
  sfnt: Uint8Array;
  font: hb.Font;
  upem: number;
  ascent: number;
  descent: number;
  bbox: [number, number, number, number];
  /** A glyph that draws nothing and moves nothing (the fonts' NULL glyph), to carry text for copying. */
  blankGlyph: number;
}

// Resolved from the project's packages, so the TypeScript sources and the compiled dist-server/
// bundle find the same files; nothing is fetched at run time.
const require = createRequire(import.meta.url);
const faces = new Map<string, IndicFace>();

/** The font for a script and weight, read and decoded once per process. */
export function indicFace(script: IndicScript, weight: FontWeight): IndicFace {
  return loadFace(script, INDIC_SCRIPTS[script].tag, `@fontsource/noto-sans-${script}/files/noto-sans-${script}-${script}-${weight === 'bold' ? 700 : 400}-normal.woff`, weight);
}

/**
 * Noto Sans's Latin (the subset the Devanagari package ships beside its own): for the share image,
 * where a line with an Indic name is drawn as outlines, Latin and all.
 */
export function latinFace(weight: FontWeight): IndicFace {
  return loadFace('latin', 'latn', `@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-latin-${weight === 'bold' ? 700 : 400}-normal.woff`, weight);
}

function loadFace(script: IndicScript | 'latin', scriptTag: string, module: string, weight: FontWeight): IndicFace {
  const key = `${script}-${weight}`;
  const cached = faces.get(key);
  if (cached) return cached;
  const file = require.resolve(module);
  const sfnt = woffToSfnt(readFileSync(file));
  const face = new hb.Face(new hb.Blob(sfnt));
  const font = new hb.Font(face);
  const extents = font.hExtents();
  const head = face.referenceTable('head');
  if (!head) throw new Error(`${file} has no head table`);
  const headView = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const family = `NotoSans${script[0]!.toUpperCase()}${script.slice(1)}`;
  const loaded: IndicFace = {
    script,
    scriptTag,
    weight,
    baseName: `${family}-${weight === 'bold' ? 'Bold' : 'Regular'}`,
    sfnt,
    font,
    upem: face.upem,
    ascent: extents.ascender,
    descent: extents.descender,
    bbox: [headView.getInt16(36), headView.getInt16(38), headView.getInt16(40), headView.getInt16(42)],
    blankGlyph: findBlankGlyph(font, file),
  };
  faces.set(key, loaded);
  return loaded;
}

function findBlankGlyph(font: hb.Font, file: string): number {
  for (let glyphId = 1; glyphId < 4096; glyphId += 1) {
    if (font.glyphHAdvance(glyphId) === 0 && font.glyphExtents(glyphId) && font.glyphToPath(glyphId) === '') return glyphId;
  }
  throw new Error(`${file} has no blank glyph`);
}

export interface ShapedGlyph {
  glyphId: number;
  /** UTF-16 offset in the shaped text of the first character this glyph stands for. */
  cluster: number;
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

/** HarfBuzz's shaping of one run of one script: glyphs in visual order, positions in font units. */
export function shapeRun(face: IndicFace, text: string): ShapedGlyph[] {
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.setDirection(hb.Direction.LTR);
  buffer.setScript(face.scriptTag);
  buffer.guessSegmentProperties();
  hb.shape(face.font, buffer);
  const positions = buffer.getGlyphPositions();
  return buffer.getGlyphInfos().map((info, index) => ({
    glyphId: info.codepoint,
    cluster: info.cluster,
    xAdvance: positions[index]!.xAdvance,
    xOffset: positions[index]!.xOffset,
    yOffset: positions[index]!.yOffset,
  }));
}
