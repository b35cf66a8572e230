import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { serverSourceDir } from '../../paths.ts';
import { runWorkerTask } from '../../workers/run-worker.ts';

/** Enough for any real payslip, letter or a few months of statement; bounds the work a hostile PDF can cause. */
export const PDF_TEXT_MAX_PAGES = 30;
export const PDF_TEXT_MAX_CHARS = 200_000;
/** A real document's text comes out in well under a second or two; past this the PDF is treated as unreadable. */
export const PDF_TEXT_TIMEOUT_MS = 20_000;
const WORKER_HEAP_MB = 256;

// By the project's path, so the compiled bundle (dist-server/) starts the same worker file.
const workerUrl = pathToFileURL(path.join(serverSourceDir, 'features', 'verification', 'pdf-text-worker.mjs'));

/**
 * The text of a PDF, one line per text line, up to the caps. pdfjs (legacy build, no eval, no
 * system fonts) runs in a worker thread (pdf-text-worker.mjs) with a heap limit and a time limit,
 * so a slow or hostile file never stalls the server. Rejects when the bytes are not a PDF pdfjs
 * can open, or a limit is hit; the caller flags that as unreadable.
 */
export function extractPdfText(
  data: Uint8Array,
  { maxPages = PDF_TEXT_MAX_PAGES, maxChars = PDF_TEXT_MAX_CHARS, timeoutMs = PDF_TEXT_TIMEOUT_MS } = {},
): Promise<string> {
  // A copy is handed over: pdfjs takes ownership of (detaches) the bytes it is given.
  const copy = new Uint8Array(data);
  return runWorkerTask(workerUrl, {
    workerData: { data: copy, maxPages, maxChars },
    transferList: [copy.buffer],
    heapMb: WORKER_HEAP_MB,
    timeoutMs,
    task: 'PDF text extraction',
    read: (message: { text?: string; error?: string }) => message.text ?? '',
  });
}
