// Renders a PDF's pages to PNG images with MuPDF in a worker thread, started by render-pages.ts:
// greyscale for the OCR, in colour for the verification team's page view. The rendering (about
// half a second a page) costs this thread, never the server's event loop, and is stopped at the
// time and memory limits.
// Plain JavaScript so it runs in a worker without a TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import * as mupdf from 'mupdf';

mupdf.setLog(null);

/**
 * The 0-based indexes to draw: the chosen 1-based pages that exist, or the first `maxPages`.
 * @param {number} pageCount @param {number} maxPages @param {number[] | null} chosen
 */
function indexesToDraw(pageCount, maxPages, chosen) {
  if (!chosen) return Array.from({ length: Math.min(pageCount, maxPages) }, (_, index) => index);
  return chosen.filter((number) => Number.isInteger(number) && number >= 1 && number <= pageCount).slice(0, maxPages).map((number) => number - 1);
}

/** @param {{ data: Uint8Array; maxPages: number; dpi: number; maxPixels: number; pages: number[] | null; color: boolean }} input */
function render({ data, maxPages, dpi, maxPixels, pages: chosen, color }) {
  const doc = mupdf.Document.openDocument(data, 'application/pdf');
  try {
    if (doc.needsPassword()) return { pageCount: 0, pages: [], locked: true };
    const pageCount = doc.countPages();
    const pages = [];
    for (const index of indexesToDraw(pageCount, maxPages, chosen)) {
      const page = doc.loadPage(index);
      try {
        const [x0, y0, x1, y1] = page.getBounds();
        const width = Math.max(1, x1 - x0);
        const height = Math.max(1, y1 - y0);
        // At the dpi asked (200 reads print well for the OCR); a page larger than A3 is scaled down to the pixel budget.
        const scale = Math.min(dpi / 72, Math.sqrt(maxPixels / (width * height)));
        const colorspace = color ? mupdf.ColorSpace.DeviceRGB : mupdf.ColorSpace.DeviceGray;
        const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), colorspace, false, true);
        try {
          pages.push({ number: index + 1, png: pixmap.asPNG(), width: pixmap.getWidth(), height: pixmap.getHeight(), scale, pointWidth: width, pointHeight: height });
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
