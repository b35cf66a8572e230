import { PDFDocument, StandardFonts } from 'pdf-lib';
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
