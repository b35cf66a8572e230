import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { serverSourceDir } from '../../../../paths.ts';

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
}

export interface RenderedDocument {
  /** Every page the document has; only the first `maxPages` are rendered. */
  pageCount: number;
  pages: RenderedPage[];
  /** Encrypted with a password: nothing could be rendered. */
  locked: boolean;
}

export class RenderFailed extends Error {}

/**
 * Renders a PDF's first pages to greyscale PNG (MuPDF, in a worker thread with a heap and a time
 * limit, as the text extraction runs). Rejects with RenderFailed when MuPDF cannot open the bytes
 * or a limit is hit.
 */
export function renderPages(
  data: Uint8Array,
  { maxPages = OCR_MAX_PAGES, dpi = OCR_DPI, maxPixels = OCR_MAX_PIXELS, timeoutMs = RENDER_TIMEOUT_MS } = {},
): Promise<RenderedDocument> {
  return new Promise((resolve, reject) => {
    const copy = new Uint8Array(data);
    const worker = new Worker(workerUrl, {
      workerData: { data: copy, maxPages, dpi, maxPixels },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      execArgv: [],
    });
    let settled = false;
    const finish = (error: Error | null, result?: RenderedDocument) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(result as RenderedDocument);
    };
    const timer = setTimeout(() => finish(new RenderFailed(`Rendering the pages took longer than ${timeoutMs} ms`)), timeoutMs);
    worker.once('message', (message: RenderedDocument & { error?: string }) => finish(message.error !== undefined ? new RenderFailed(message.error) : null, message));
    worker.once('error', (error) => finish(new RenderFailed(error.message)));
    worker.once('exit', (code) => finish(new RenderFailed(`The page renderer exited with code ${code}`)));
  });
}
