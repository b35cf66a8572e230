import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runForensics } from '../../server/features/verification/reading/forensics/run-forensics.ts';
import { linesFromFacts } from '../../server/features/verification/reading/forensics/text-lines.ts';
import { pagesWithLayerOverScan, textLayerSignal, type RecognisedPage } from '../../server/features/verification/reading/forensics/text-layer.ts';
import { createOcrPool, type OcrEngine } from '../../server/features/verification/reading/ocr/ocr-pool.ts';
import { OCR_MIN_CONFIDENCE, readScannedPdf } from '../../server/features/verification/reading/ocr/read-scan.ts';
import { readPdfFacts, type PdfFacts } from '../../server/pdf/pdf-objects.ts';
import { payslipText, scannedPdf, scanWithTextLayer, textPdf } from '../support/scan.ts';

/**
 * Issue 35 §2, signal 5: what is seen against what is said. A scan with an invisible text layer
 * over it is read by OCR, and the layer must say what the image shows.
 */
const slip = payslipText('Meera Krishnan', 'Infosys Limited');
const layered = async (shown: string[], said: string[] = shown) => scanWithTextLayer(await textPdf([shown]), await textPdf([said]));
const facts = async (pdf: Uint8Array) => (await readPdfFacts(pdf)) as PdfFacts;

describe('signal 5: the text layer against the scanned image', { timeout: 120_000 }, () => {
  let ocr: OcrEngine;
  beforeAll(() => {
    ocr = createOcrPool({ size: 1 });
  });
  afterAll(async () => {
    await ocr?.close();
  });
  const recognise = async (pdf: Uint8Array): Promise<RecognisedPage[]> => (await readScannedPdf(pdf, ocr)).pages;

  it('reads the invisible layer MuPDF does not draw, and finds it only over a scan', async () => {
    const genuine = await facts(await layered(slip));
    expect(genuine.pages[0]!.items.filter((item) => item.kind === 'text' && item.invisible)).toHaveLength(slip.join(' ').split(/\s+/).length);
    expect(pagesWithLayerOverScan(genuine)).toEqual([1]);
    // The layer is not what the page shows: the forensics' lines leave it out.
    expect(linesFromFacts(genuine)).toEqual([]);
    expect(pagesWithLayerOverScan(await facts(await scannedPdf([slip])))).toEqual([]);
    expect(pagesWithLayerOverScan(null)).toEqual([]);
  });

  it('finds nothing when the layer says what the scan shows (a searchable scan from a scanner)', async () => {
    const pdf = await layered(slip);
    const report = runForensics({ subject: 'salary_slip', facts: await facts(pdf), lines: [], recognised: await recognise(pdf) });
    expect(report.flags.filter((flag) => flag.signal === 'text_layer')).toEqual([]);
  });

  it('flags a net pay changed in the layer only, naming both figures and the place', async () => {
    const layer = slip.map((line) => (line.startsWith('Net Pay') ? 'Net Pay 93,500.00' : line));
    const pdf = await layered(slip, layer);
    const read = await facts(pdf);
    const flags = textLayerSignal(read, await recognise(pdf), OCR_MIN_CONFIDENCE);
    expect(flags).toEqual([
      expect.objectContaining({ signal: 'text_layer', rule: 'forensic_text_layer', weight: 'high', page: 1, found: 'The text layer says “93,500.00” where the image reads “83,500.00”' }),
    ]);
    // The place is the Net Pay line (the 13th line, 22 pt apart from 72 pt down), not the page.
    const [x0, y0, , y1] = flags[0]!.rect!;
    expect(x0).toBeGreaterThan(56);
    expect(y0).toBeGreaterThan(72 + 12 * 22 - 14);
    expect(y1).toBeLessThan(72 + 12 * 22 + 8);
    const report = runForensics({ subject: 'salary_slip', facts: read, lines: [], recognised: await recognise(pdf) });
    expect(report.risk).toEqual({ level: 'high', signals: ['text_layer'] });
  });

  it('flags a layer taken from another document, and trusts no page read with low confidence', async () => {
    const other = payslipText('Rohit Sharma', 'Wipro Limited').map((line) => line.replace('Payslip for the month', 'Statement of the period'));
    const pdf = await layered(['Dear Sir, this letter certifies that Meera Krishnan worked with us', 'as a Senior Engineer from June 2019 to March 2024.'], other);
    const read = await facts(pdf);
    const pages = await recognise(pdf);
    expect(textLayerSignal(read, pages, OCR_MIN_CONFIDENCE)).toEqual([expect.objectContaining({ rule: 'forensic_text_layer', found: expect.stringMatching(/^The text layer is not the scanned page's text: \d+% of its words are in the image/) })]);
    expect(textLayerSignal(read, pages.map((page) => ({ ...page, confidence: OCR_MIN_CONFIDENCE - 1 })), OCR_MIN_CONFIDENCE)).toEqual([]);
  });

  it('undoes the OCR’s usual misreadings in a number before calling it different', async () => {
    const read = await facts(await layered(slip));
    const misread = slip.join('\n').replace('83,500.00', '83,5O0.00').replace('1,00,000.00', '1,00, 000.0O');
    expect(textLayerSignal(read, [{ number: 1, text: misread, confidence: 90 }], OCR_MIN_CONFIDENCE)).toEqual([]);
  });
});
