import * as mupdf from 'mupdf';
import { PDFDocument } from 'pdf-lib';
import { seeded } from './seeded-random.ts';

/** A4 in points. */
const A4: [number, number] = [595.28, 841.89];

export interface ScanOptions {
  /** The scanner's resolution. */
  dpi?: number;
  /** How far the sheet sat askew on the glass, in degrees (clockwise positive). */
  degrees?: number;
  /** Speckles per 10,000 pixels (dust, toner), and grey jitter on every pixel (0–255). */
  speckles?: number;
  jitter?: number;
  /** Picks the noise: the same seed makes the same scan. */
  seed?: number;
  /** What the scanner writes as Producer. */
  producer?: string;
  created?: Date;
}

/**
 * A scan as a flatbed or a phone makes it, for the labelled corpus (issue 35 §3) and the demo:
 * each page rendered at `dpi`, turned a little about its centre, paper grey with speckles and
 * jitter, saved as a greyscale JPEG on an A4 page with no text layer. Deterministic by `seed`.
 * scanOf (demo-scan.ts) makes a clean, straight one; this one is what the OCR meets in practice.
 * MuPDF runs in this thread: it is for tests, the bench and the demo seed, never a request.
 */
export async function noisyScanOf(pdf: Uint8Array, { dpi = 200, degrees = 0.6, speckles = 6, jitter = 18, seed = 1, producer = 'Canon iR-ADV C3530 PDF', created = new Date('2026-11-02T05:30:00Z') }: ScanOptions = {}): Promise<Uint8Array> {
  const source = mupdf.Document.openDocument(pdf, 'application/pdf');
  const random = seeded(seed);
  const out = await PDFDocument.create({ updateMetadata: false });
  try {
    for (let index = 0; index < source.countPages(); index += 1) {
      const page = source.loadPage(index);
      const [x0, y0, x1, y1] = page.getBounds();
      const scale = dpi / 72;
      const width = Math.round((x1 - x0) * scale);
      const height = Math.round((y1 - y0) * scale);
      const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceGray, [0, 0, width, height], false);
      try {
        pixmap.clear(255);
        // Scale to pixels, then turn about the page's centre: the sheet askew, the scan area square.
        const turn = mupdf.Matrix.concat(mupdf.Matrix.concat(mupdf.Matrix.translate(-width / 2, -height / 2), mupdf.Matrix.rotate(degrees)), mupdf.Matrix.translate(width / 2, height / 2));
        const device = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
        page.run(device, mupdf.Matrix.concat(mupdf.Matrix.scale(scale, scale), turn));
        device.close();
        const pixels = pixmap.getPixels();
        const paper = 238;
        for (let at = 0; at < pixels.length; at += 1) {
          // Paper is never white; ink is never black; every pixel a little off.
          const ink = pixels[at]!;
          const toned = 18 + (ink * (paper - 18)) / 255;
          pixels[at] = toned + (random() - 0.5) * jitter;
          if (random() * 10_000 < speckles) pixels[at] = 40 + random() * 80;
        }
        const jpeg = pixmap.asJPEG(80);
        const image = await out.embedJpg(jpeg);
        out.addPage(A4).drawImage(image, { x: 0, y: 0, width: A4[0], height: A4[1] });
      } finally {
        pixmap.destroy();
        page.destroy();
      }
    }
  } finally {
    source.destroy();
  }
  out.setProducer(producer);
  out.setCreator(producer);
  out.setCreationDate(created);
  out.setModificationDate(created);
  return out.save({ useObjectStreams: true });
}
