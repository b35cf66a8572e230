import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrPool, defaultOcrWorkers, OcrTimedOut, type OcrEngine } from '../../server/features/verification/reading/ocr/ocr-pool.ts';
import { readScannedPdf } from '../../server/features/verification/reading/ocr/read-scan.ts';
import { RenderFailed, renderPages } from '../../server/features/verification/reading/ocr/render-pages.ts';
import { payslipText, scannedPdf } from '../support/scan.ts';

/**
 * Issue 35 §1: a scan (no text layer) is read by OCR: its pages rendered by MuPDF in a worker
 * thread, recognised by Tesseract from the English model installed with the app (nothing
 * fetched), with the confidence recorded.
 */
describe('reading a scanned document', { timeout: 120_000 }, () => {
  let ocr: OcrEngine;
  beforeAll(() => {
    ocr = createOcrPool({ size: 1 });
  });
  afterAll(async () => {
    await ocr?.close();
  });

  it('reads a scanned payslip: the name, the employer and the amounts, with a high confidence', async () => {
    const scan = await scannedPdf([payslipText('Meera Krishnan', 'Infosys Limited')]);
    const reading = await readScannedPdf(scan, ocr);
    expect(reading).toMatchObject({ pageCount: 1, locked: false });
    expect(reading.text).toContain('Meera Krishnan');
    expect(reading.text).toContain('Infosys Limited');
    expect(reading.text).toMatch(/Net Pay 83,500\.00/);
    expect(reading.confidence).toBeGreaterThan(80);
    expect(reading.pages).toEqual([expect.objectContaining({ number: 1, chars: expect.any(Number) })]);
  });

  it('reads only the first pages it is allowed, and says how many the document has', async () => {
    const scan = await scannedPdf([['Page one of the statement'], ['Page two of the statement']]);
    const reading = await readScannedPdf(scan, ocr, { maxPages: 1 });
    expect(reading.pageCount).toBe(2);
    expect(reading.pages.map((page) => page.number)).toEqual([1]);
    expect(reading.text).toContain('Page one');
    expect(reading.text).not.toContain('Page two');
  });

  it('stops a page that takes longer than its time and replaces the stuck worker; refuses bytes that are not a PDF', async () => {
    const scan = await scannedPdf([payslipText('Arjun Nair', 'Wipro Limited')]);
    const [page] = (await renderPages(scan)).pages;
    await expect(ocr.recognise(page!.png, { timeoutMs: 1 })).rejects.toBeInstanceOf(OcrTimedOut);
    await expect(readScannedPdf(scan, ocr, { timeoutMs: 1 })).rejects.toBeInstanceOf(Error);
    await expect(renderPages(new TextEncoder().encode('not a pdf at all'))).rejects.toBeInstanceOf(RenderFailed);
    // The next page is read by a fresh worker.
    expect((await readScannedPdf(scan, ocr)).text).toContain('Arjun Nair');
  });

  it('sizes the pool to the machine, leaving a core to the server', () => {
    expect(defaultOcrWorkers(1)).toBe(1);
    expect(defaultOcrWorkers(2)).toBe(1);
    expect(defaultOcrWorkers(4)).toBe(3);
    expect(defaultOcrWorkers(32)).toBe(4);
  });
});
