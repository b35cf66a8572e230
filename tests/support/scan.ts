import { PDFDocument, StandardFonts, TextRenderingMode, popGraphicsState, pushGraphicsState, setTextRenderingMode } from 'pdf-lib';
import { scanOf } from '../../server/dev/demo-scan.ts';

export { scanOf };

/** A4 in points. */
const A4: [number, number] = [595.28, 841.89];

/** A text PDF: each page's lines in 12 pt Helvetica from the top-left margin. */
export async function textPdf(pages: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage(A4);
    lines.forEach((line, index) => page.drawText(line, { x: 56, y: A4[1] - 72 - index * 22, size: 12, font }));
  }
  return doc.save();
}

/** A scan of a text PDF with these lines on each page. */
export async function scannedPdf(pages: string[][], options: { dpi?: number } = {}): Promise<Buffer> {
  return scanOf(await textPdf(pages), options);
}

/** A salary slip's lines, as an Indian payroll system prints them. */
export function payslipText(name: string, employer: string): string[] {
  return [
    `${employer}`,
    'Payslip for the month of October 2026',
    `Employee Name: ${name}`,
    'Employee ID: INF-204817    UAN: 100456789123',
    'Basic Salary 60,000.00',
    'House Rent Allowance 24,000.00',
    'Special Allowance 16,000.00',
    'Gross Earnings 1,00,000.00',
    'Provident Fund 7,200.00',
    'Professional Tax 200.00',
    'Income Tax 9,100.00',
    'Total Deductions 16,500.00',
    'Net Pay 83,500.00',
  ];
}

/**
 * A scan with an invisible text layer over it, as a scanner's OCR lays one: the scan of `shown`,
 * with the pages of `said` drawn over it in render mode 3 (the mode passes into the embedded page,
 * whose text sets none of its own). By default the layer says what the image shows (a genuine
 * searchable scan); another PDF makes it say what the image does not (issue 35, signal 5).
 */
export async function scanWithTextLayer(shown: Uint8Array, said: Uint8Array = shown, options: { dpi?: number } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await scanOf(shown, options));
  const layers = await doc.embedPdf(said);
  doc.getPages().forEach((page, index) => {
    const layer = layers[index];
    if (!layer) return;
    page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.Invisible));
    page.drawPage(layer, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
    page.pushOperators(popGraphicsState());
  });
  return doc.save();
}
