import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../../server/features/verification/pdf-text.ts';
import { salarySlip, textPdf } from '../../server/dev/demo-pdfs.ts';

describe('PDF text extraction (pdfjs in a worker thread)', () => {
  it('reads a generated payslip line by line, leaving the caller’s bytes intact', async () => {
    const pdf = await salarySlip({ name: 'Priya Sharma', uan: '1001 2345 6789', employer: 'Acme Technologies Pvt. Ltd.', netPay: '1,23,456.00' });
    const bytes = new Uint8Array(pdf);
    const text = await extractPdfText(bytes);
    expect(text).toContain('Employee Name: Priya Sharma');
    expect(text.split('\n').map((line) => line.trim())).toContain('Net Pay: Rs. 1,23,456.00');
    expect(bytes.byteLength).toBe(pdf.length);
  });

  it('stops at the page and character caps', async () => {
    const pdf = await textPdf(Array.from({ length: 200 }, (_, index) => `Line ${index} of a long statement`));
    const text = await extractPdfText(new Uint8Array(pdf), { maxPages: 2 });
    expect(text).toContain('Line 0 ');
    expect(text).not.toContain('Line 199 ');
    expect((await extractPdfText(new Uint8Array(pdf), { maxChars: 100 })).length).toBe(100);
  });

  it('rejects what is not a PDF, and a PDF that takes too long', async () => {
    await expect(extractPdfText(new Uint8Array(Buffer.from('%PDF-1.4 not really')))).rejects.toThrow(/Invalid PDF|PDF/);
    await expect(extractPdfText(new Uint8Array(await textPdf(['slow'])), { timeoutMs: 1 })).rejects.toThrow(/longer than 1 ms/);
  });
});
