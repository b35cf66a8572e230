import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The C functions of HarfBuzz's subsetter (harfbuzzjs ships it as a WebAssembly module with no imports). */
interface SubsetExports {
  memory: WebAssembly.Memory;
  _initialize?: () => void;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
}

const HB_MEMORY_MODE_WRITABLE = 2;
const HB_SUBSET_SETS_DROP_TABLE_TAG = 3;
// Glyph ids stay as in the full font, so the ids HarfBuzz shaped with can be drawn as they are.
const HB_SUBSET_FLAGS_RETAIN_GIDS = 0x2;
/** Tables a PDF viewer never reads from an embedded TrueType font: shaping happened already. */
const DROPPED_TABLES = ['GSUB', 'GPOS', 'GDEF', 'STAT'];

const tag = (name: string) => ((name.charCodeAt(0) << 24) | (name.charCodeAt(1) << 16) | (name.charCodeAt(2) << 8) | name.charCodeAt(3)) >>> 0;

let subsetter: SubsetExports | undefined;

function load(): SubsetExports {
  if (subsetter) return subsetter;
  const file = createRequire(import.meta.url).resolve('harfbuzzjs/dist/harfbuzz-subset.wasm');
  const instance = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(file)), {});
  const exports = instance.exports as unknown as SubsetExports;
  exports._initialize?.();
  subsetter = exports;
  return exports;
}

/**
 * A TrueType font holding only the given glyphs (and the ones composite glyphs are built from),
 * with every glyph keeping its id: the rest of the font's glyphs are left empty. A page of names
 * in one script embeds a few kilobytes instead of the whole font.
 */
export function subsetKeepingGlyphIds(sfnt: Uint8Array, glyphIds: Iterable<number>): Uint8Array {
  const hb = load();
  const fontPointer = hb.malloc(sfnt.byteLength);
  new Uint8Array(hb.memory.buffer).set(sfnt, fontPointer);
  const blob = hb.hb_blob_create(fontPointer, sfnt.byteLength, HB_MEMORY_MODE_WRITABLE, 0, 0);
  const face = hb.hb_face_create(blob, 0);
  hb.hb_blob_destroy(blob);
  const input = hb.hb_subset_input_create_or_fail();
  try {
    if (!input) throw new Error('HarfBuzz could not start a font subset');
    const glyphs = hb.hb_subset_input_glyph_set(input);
    hb.hb_set_add(glyphs, 0);
    for (const glyphId of glyphIds) hb.hb_set_add(glyphs, glyphId);
    const dropped = hb.hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG);
    for (const name of DROPPED_TABLES) hb.hb_set_add(dropped, tag(name));
    hb.hb_subset_input_set_flags(input, HB_SUBSET_FLAGS_RETAIN_GIDS);
    const subsetFace = hb.hb_subset_or_fail(face, input);
    if (!subsetFace) throw new Error('HarfBuzz could not subset the font');
    const result = hb.hb_face_reference_blob(subsetFace);
    const pointer = hb.hb_blob_get_data(result, 0);
    const length = hb.hb_blob_get_length(result);
    const bytes = new Uint8Array(hb.memory.buffer).slice(pointer, pointer + length);
    hb.hb_blob_destroy(result);
    hb.hb_face_destroy(subsetFace);
    if (length === 0) throw new Error('HarfBuzz made an empty font subset');
    return bytes;
  } finally {
    if (input) hb.hb_subset_input_destroy(input);
    hb.hb_face_destroy(face);
    hb.free(fontPointer);
  }
}
