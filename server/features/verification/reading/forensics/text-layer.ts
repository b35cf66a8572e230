import type { PageDrawing, PdfFacts, PdfRect } from '../../../../pdf/pdf-objects.ts';
import { editDistance } from '../../decision/words.ts';
import { coverage, textItems, union, type TextItem } from './page-geometry.ts';
import type { ForensicFlag, RecognisedPage } from './types.ts';

export type { RecognisedPage };

/** An image covering this much of the page makes it a scan. */
const SCAN_COVERAGE = 0.8;
/** Below this share of the text layer's words seen in the image, the layer belongs to another page. */
const WORDS_SEEN_MIN = 0.5;
/** …judged only with at least this many words in the layer. */
const WORDS_MIN = 8;
/** Numbers with fewer digits (a day, a page number) are too short to tell a misreading from a change. */
const NUMBER_MIN_DIGITS = 3;
const MAX_NUMBERS_NAMED = 4;


/** The text items of a scanned page that lie over its image: the page's text layer. */
function layerOverScan(page: PageDrawing): TextItem[] {
  const pageRect: PdfRect = [0, 0, page.width, page.height];
  const scan = page.items.find((item) => item.kind === 'image' && coverage(pageRect, item.rect) >= SCAN_COVERAGE);
  if (!scan) return [];
  return textItems(page).filter((item) => coverage(item.rect, scan.rect) >= 0.8);
}

/** The pages that show a scan with a text layer over it: their text can be compared with what the image shows. */
export function pagesWithLayerOverScan(facts: PdfFacts | null): number[] {
  return facts ? facts.pages.filter((page) => layerOverScan(page).length > 0).map((page) => page.number) : [];
}

/** Digits only, with the OCR's usual confusions in a number undone (O for 0, l or I for 1, S for 5). */
const digitsOf = (token: string) =>
  token
    .replace(/[Oo]/g, '0')
    .replace(/[lI|]/g, '1')
    .replace(/S/g, '5')
    .replace(/[^\d]/g, '');

/** The numbers in a text as written, each with its digits: "1,00,000.00" and "100000.00" are the same number. */
function numbersIn(text: string): { token: string; digits: string }[] {
  const found: { token: string; digits: string }[] = [];
  for (const token of text.match(/[\dOolIS|][\dOolIS|,.]*[\dOolIS|]/g) ?? []) {
    // A word such as "Sl" or "Oil" is not a number: at least two real digits.
    if ((token.match(/\d/g) ?? []).length < 2) continue;
    const digits = digitsOf(token);
    if (digits.length >= NUMBER_MIN_DIGITS) found.push({ token, digits });
  }
  return found;
}

const wordsIn = (text: string) => (text.toLowerCase().match(/\p{L}{4,}/gu) ?? []);

/** The image's number most like one the layer states, as the image writes it, to name beside it. */
function closest(said: string, seen: { token: string; digits: string }[]): string | undefined {
  return [...seen].sort((a, b) => editDistance(said, a.digits) - editDistance(said, b.digits))[0]?.token;
}

function comparePage(page: PageDrawing, recognised: RecognisedPage): ForensicFlag | null {
  const layer = layerOverScan(page);
  if (layer.length === 0) return null;
  // The OCR sometimes reads a gap after a group separator ("60, 000.00").
  const seen = numbersIn(recognised.text.replace(/(\d[,.])\s+(?=\d)/g, '$1'));
  const seenDigits = new Set(seen.map((number) => number.digits));
  const differing: { item: TextItem; said: string; seen: string | undefined }[] = [];
  for (const item of layer) {
    for (const said of numbersIn(item.text)) {
      if (!seenDigits.has(said.digits)) differing.push({ item, said: item.text, seen: closest(said.digits, seen) });
    }
  }
  const layerWords = layer.flatMap((item) => wordsIn(item.text));
  const seenWords = new Set(wordsIn(recognised.text));
  const wordsSeen = layerWords.length === 0 ? 1 : layerWords.filter((word) => seenWords.has(word)).length / layerWords.length;
  const otherPage = layerWords.length >= WORDS_MIN && wordsSeen < WORDS_SEEN_MIN;
  if (differing.length === 0 && !otherPage) return null;
  const named = differing
    .slice(0, MAX_NUMBERS_NAMED)
    .map(({ said, seen }) => `“${said}”${seen ? ` where the image reads “${seen}”` : ' where the image shows no such number'}`)
    .join('; ');
  return {
    signal: 'text_layer',
    rule: 'forensic_text_layer',
    weight: 'high',
    found: otherPage
      ? `The text layer is not the scanned page's text: ${Math.round(wordsSeen * 100)}% of its words are in the image${named ? `; ${named}` : ''}`
      : `The text layer says ${named}`,
    evidence: `OCR confidence ${Math.round(recognised.confidence)} on page ${page.number}`,
    page: page.number,
    rect: union((differing.length > 0 ? differing.map(({ item }) => item) : layer).map((item) => item.rect)),
  };
}

/**
 * Signal 5: what is seen against what is said. On a page that is a scan with a text layer over it
 * (a scanner's OCR lays one, invisible), the layer must say what the image shows: a number in the
 * layer that the image does not show (the net pay changed in the layer only, which is what a search
 * or a copy-paste reads), or a layer taken from another page, is flagged with its place. Pages the
 * OCR read with low confidence are left to that flag (a poor scan goes to the team anyway).
 */
export function textLayerSignal(facts: PdfFacts, recognised: RecognisedPage[], minConfidence: number): ForensicFlag[] {
  const flags: ForensicFlag[] = [];
  for (const read of recognised) {
    const page = facts.pages.find((one) => one.number === read.number);
    if (!page || read.confidence < minConfidence) continue;
    const flag = comparePage(page, read);
    if (flag) flags.push(flag);
  }
  return flags;
}
