import { PDFDocument } from 'pdf-lib';
import { renderPages } from '../features/verification/reading/ocr/render-pages.ts';

/** A4 in points. */
const A4: [number, number] = [595.28, 841.89];

/**
 * A scan of a PDF, as candidates have them: every page only an image of the printed page (rendered
 * at `dpi`), with no text layer, as a scanner or a phone's "save as PDF" makes it. The demo's
 * scanned salary slip and the OCR tests use it.
 */
export async function scanOf(pdf: Uint8Array, { dpi = 150 } = {}): Promise<Buffer> {
  const rendered = await renderPages(pdf, { dpi, maxPages: 50 });
  const doc = await PDFDocument.create();
  for (const page of rendered.pages) {
    const image = await doc.embedPng(page.png);
    const sheet = doc.addPage(A4);
    sheet.drawImage(image, { x: 0, y: 0, width: A4[0], height: A4[1] });
  }
  return Buffer.from(await doc.save());
}
