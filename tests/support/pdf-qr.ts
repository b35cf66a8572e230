import { createCanvas } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Renders a PDF's first page to pixels (pdfjs on @napi-rs/canvas, pdfjs's own Node canvas) and
 * decodes the QR code on it with jsQR, as a phone's camera would read the printed letter.
 */
export async function decodeQrInPdf(pdf: Buffer): Promise<string | undefined> {
  const task = getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false, verbosity: 0 });
  try {
    const document = await task.promise;
    const page = await document.getPage(1);
    const viewport = page.getViewport({ scale: 2 });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength), image.width, image.height)?.data;
  } finally {
    await task.destroy();
  }
}

/** The text of every page of a PDF, to check what a letter says. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false, verbosity: 0 });
  try {
    const document = await task.promise;
    let text = '';
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('') + '\n';
    }
    return text;
  } finally {
    await task.destroy();
  }
}

/**
 * Our PDFs draw "₹" from the embedded Noto face and the digits in Helvetica, so a text reader gives
 * the sign as an item of its own ("₹ 12,28,860"): joined again, as a person reads the amount.
 */
export const joinRupeeSign = (text: string): string => text.replace(/₹\s+/g, '₹');
