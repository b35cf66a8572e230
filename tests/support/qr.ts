import jsQR from 'jsqr';
import type { Page } from 'playwright-core';

/** Reads a PNG into pixels in the browser and decodes the QR code in it with jsQR. */
export async function decodeQr(page: Page, png: Buffer): Promise<string | undefined> {
  const pixels = await page.evaluate(async (dataUrl) => {
    const image = new Image();
    image.src = dataUrl;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, rgba: Array.from(data.data) };
  }, `data:image/png;base64,${png.toString('base64')}`);
  return jsQR(Uint8ClampedArray.from(pixels.rgba), pixels.width, pixels.height)?.data;
}
