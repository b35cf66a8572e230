import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverSourceDir } from '../../../../paths.ts';
import { runWorkerTask } from '../../../../workers/run-worker.ts';

/** What the OCR reads of a document at most: enough for a payslip, a letter or a few months of statement. */
export const OCR_MAX_PAGES = 10;
/** 200 dpi: print-size text reads well, and a page stays a few megapixels. */
export const OCR_DPI = 200;
/** About an A3 page at 200 dpi: a larger page is rendered smaller. */
export const OCR_MAX_PIXELS = 12_000_000;
export const RENDER_TIMEOUT_MS = 30_000;
const WORKER_HEAP_MB = 512;

const workerUrl = pathToFileURL(path.join(serverSourceDir, 'features', 'verification', 'reading', 'ocr', 'render-pages-worker.mjs'));

export interface RenderedPage {
  /** 1-based. */
  number: number;
  png: Uint8Array;
  width: number;
  height: number;
  /** Pixels per PDF point: a box in points times this is a box in the image. */
  scale: number;
  /** The page's size in points as it is shown (rotation and crop applied): the space flags' rects are in. */
  pointWidth: number;
  pointHeight: number;
}

export interface RenderedDocument {
  /** Every page the document has; only the first `maxPages` (or the chosen ones) are rendered. */
  pageCount: number;
  pages: RenderedPage[];
  /** Encrypted with a password: nothing could be rendered. */
  locked: boolean;
}

export class RenderFailed extends Error {}

export interface RenderOptions {
  maxPages?: number;
  dpi?: number;
  maxPixels?: number;
  timeoutMs?: number;
  /** 1-based pages to render (those the document lacks are skipped); the first `maxPages` when absent. */
  pages?: number[];
  /** RGB for a person to look at; greyscale (the default) for the OCR. */
  color?: boolean;
}

/**
 * Renders a PDF's first pages (or the chosen ones) to PNG (MuPDF, in a worker thread with a heap
 * and a time limit, as the text extraction runs). Rejects with RenderFailed when MuPDF cannot open
 * the bytes or a limit is hit.
 */
export function renderPages(
  data: Uint8Array,
  { maxPages = OCR_MAX_PAGES, dpi = OCR_DPI, maxPixels = OCR_MAX_PIXELS, timeoutMs = RENDER_TIMEOUT_MS, pages, color = false }: RenderOptions = {},
): Promise<RenderedDocument> {
  const copy = new Uint8Array(data);
  return runWorkerTask(workerUrl, {
    workerData: { data: copy, maxPages, dpi, maxPixels, pages: pages ?? null, color },
    transferList: [copy.buffer],
    heapMb: WORKER_HEAP_MB,
    timeoutMs,
    task: 'Rendering the pages',
    read: (message: RenderedDocument & { error?: string }) => message,
    fail: (reason) => new RenderFailed(reason),
  });
}
