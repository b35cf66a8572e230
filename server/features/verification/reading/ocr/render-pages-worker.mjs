// Renders a PDF's pages to greyscale PNG images with MuPDF in a worker thread, started by
// render-pages.ts, for the OCR: the rendering (about half a second a page) costs this thread,
// never the server's event loop, and is stopped at the time and memory limits.
// Plain JavaScript so it runs in a worker without a TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import * as mupdf from 'mupdf';

mupdf.setLog(null);

/** @param {{ data: Uint8Array; maxPages: number; dpi: number; maxPixels: number }} input */
function render({ data, maxPages, dpi, maxPixels }) {
  const doc = mupdf.Document.openDocument(data, 'application/pdf');
  try {
    if (doc.needsPassword()) return { pageCount: 0, pages: [], locked: true };
    const pageCount = doc.countPages();
    const pages = [];
    for (let index = 0; index < Math.min(pageCount, maxPages); index += 1) {
      const page = doc.loadPage(index);
      try {
        const [x0, y0, x1, y1] = page.getBounds();
        const width = Math.max(1, x1 - x0);
        const height = Math.max(1, y1 - y0);
        // 200 dpi reads print well; a page larger than A3 is scaled down to the pixel budget.
        const scale = Math.min(dpi / 72, Math.sqrt(maxPixels / (width * height)));
        const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, true);
        try {
          pages.push({ number: index + 1, png: pixmap.asPNG(), width: pixmap.getWidth(), height: pixmap.getHeight(), scale });
        } finally {
          pixmap.destroy();
        }
      } finally {
        page.destroy();
      }
    }
    return { pageCount, pages, locked: false };
  } finally {
    doc.destroy();
  }
}

try {
  const result = render(workerData);
  parentPort?.postMessage(result, result.pages.map((page) => page.png.buffer));
} catch (error) {
  parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
