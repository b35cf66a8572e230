import type { OcrEngine } from './ocr-pool.ts';
import { OCR_MAX_PAGES, renderPages } from './render-pages.ts';

/** A whole document is read within this, or not at all (its pages wait in the pool's queue too). */
export const OCR_DOCUMENT_TIMEOUT_MS = 180_000;
/**
 * Below this mean confidence the recognised text is not trusted to pass a document: the check goes
 * to the verification team with what was read (issue 35: low confidence never passes silently).
 */
export const OCR_MIN_CONFIDENCE = 70;

export interface ScanPage {
  number: number;
  confidence: number;
  chars: number;
  /** What was recognised on the page (signal 5 compares it with a text layer over the scan). */
  text: string;
}

export interface ScanReading {
  /** The recognised text, page after page. */
  text: string;
  /** The pages' confidences weighted by how much text each held, 0–100 (0 when nothing was read). */
  confidence: number;
  pages: ScanPage[];
  /** Pages the document has; only the first OCR_MAX_PAGES are read. */
  pageCount: number;
  locked: boolean;
}

export class ScanTimedOut extends Error {}

/**
 * Reads a scanned PDF: its first pages rendered to images (render-pages.ts), each recognised by
 * the OCR pool, in page order. Rejects when the PDF cannot be rendered, a page fails, or the whole
 * document takes longer than `timeoutMs`.
 */
export async function readScannedPdf(
  data: Uint8Array,
  ocr: OcrEngine,
  {
    maxPages = OCR_MAX_PAGES,
    timeoutMs = OCR_DOCUMENT_TIMEOUT_MS,
    onProgress,
  }: { maxPages?: number; timeoutMs?: number; /** After the rendering (0 pages read) and after each page. */ onProgress?: (pagesDone: number, pagesToRead: number) => Promise<void> } = {},
): Promise<ScanReading> {
  const deadline = Date.now() + timeoutMs;
  const rendered = await renderPages(data, { maxPages, timeoutMs });
  if (rendered.locked) return { text: '', confidence: 0, pages: [], pageCount: 0, locked: true };
  const pages: ScanPage[] = [];
  let text = '';
  await onProgress?.(0, rendered.pages.length);
  for (const page of rendered.pages) {
    const left = deadline - Date.now();
    if (left <= 0) throw new ScanTimedOut(`Reading the document took longer than ${timeoutMs} ms`);
    const { text: pageText, confidence } = await ocr.recognise(page.png, { timeoutMs: left });
    const trimmed = pageText.trim();
    pages.push({ number: page.number, confidence: Math.round(confidence * 10) / 10, chars: trimmed.length, text: trimmed });
    text += `${trimmed}\n\n`;
    await onProgress?.(pages.length, rendered.pages.length);
  }
  const chars = pages.reduce((sum, page) => sum + page.chars, 0);
  const confidence = chars === 0 ? 0 : Math.round((pages.reduce((sum, page) => sum + page.confidence * page.chars, 0) / chars) * 10) / 10;
  return { text: text.trim(), confidence, pages, pageCount: rendered.pageCount, locked: false };
}
