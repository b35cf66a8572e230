import { describe, expect, it } from 'vitest';
import { decodePdfName, PdfContentScanner } from '../../server/features/candidate-documents/pdf-active-content.ts';
import { makePdf } from '../support/pdf.ts';

/** Feeds the file to a scanner in the given chunk sizes; the verdict after the last chunk. */
function scan(file: Buffer, cut: (offset: number) => number): string | null {
  const scanner = new PdfContentScanner();
  for (let offset = 0; offset < file.length; ) {
    const end = Math.min(file.length, offset + cut(offset));
    const problem = scanner.push(file.subarray(offset, end));
    if (problem) return problem;
    offset = end;
  }
  return scanner.finish();
}

describe('PDF active-content scanner (issue 12, defect 10)', () => {
  const clean = makePdf({ text: 'Salary slip for October 2026' });
  const withScript = makePdf({ catalogExtra: '/OpenAction 6 0 R ', extraObjects: ['<< /S /J#61vaScript /JS (app.alert(1)) >>'] });

  it('decodes #xx escapes in names', () => {
    expect(decodePdfName('J#61va#53cript')).toBe('JavaScript');
    expect(decodePdfName('Launch')).toBe('Launch');
  });

  it('passes a clean PDF and finds a script whatever the chunk boundaries', () => {
    for (const size of [1, 2, 3, 7, 64, 4096]) {
      expect(scan(clean, () => size), `chunks of ${size}`).toBeNull();
      expect(scan(withScript, () => size), `chunks of ${size}`).toBe('active_content');
    }
    // Every split point through the name itself.
    const at = withScript.indexOf('/J#61vaScript');
    for (let split = at; split <= at + 14; split += 1) expect(scan(withScript, (offset) => (offset === 0 ? split : withScript.length))).toBe('active_content');
  });

  it('refuses markup at the start of a line, not inside the text, and a file with no %%EOF', () => {
    expect(scan(makePdf({ after: '\n  <script>x</script>' }), () => 100)).toBe('html_payload');
    expect(scan(makePdf({ text: 'I write <script> tags' }), () => 100)).toBeNull();
    expect(scan(clean.subarray(0, clean.length - 8), () => 100)).toBe('no_eof');
  });
});
