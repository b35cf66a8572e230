// The PDF text extraction, run in a worker thread by pdf-text.ts: a slow or hostile PDF costs this
// thread, never the server's event loop, and is stopped at the time and memory limits.
// Plain JavaScript so it runs in a worker without a TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** @param {{ data: Uint8Array; maxPages: number; maxChars: number }} input */
async function extract({ data, maxPages, maxChars }) {
  // Text only: no eval, no system fonts, no rendering.
  const task = getDocument({ data, isEvalSupported: false, useSystemFonts: false, verbosity: 0 });
  try {
    const pdf = await task.promise;
    let text = '';
    for (let pageNumber = 1; pageNumber <= Math.min(pdf.numPages, maxPages) && text.length < maxChars; pageNumber += 1) {
      const page = await pdf.getPage(pageNumber);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!('str' in item)) continue;
        // pdfjs marks line ends: one line of the document per line of text.
        text += item.str + (item.hasEOL ? '\n' : ' ');
      }
      text += '\n';
      page.cleanup();
    }
    return text.slice(0, maxChars);
  } finally {
    await task.destroy();
  }
}

extract(workerData).then(
  (text) => parentPort?.postMessage({ text }),
  (error) => parentPort?.postMessage({ error: String(error?.name ?? 'Error') + ': ' + String(error?.message ?? error) }),
);
