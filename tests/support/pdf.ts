/**
 * Real, minimal PDF files for upload tests: one page with a line of text, a correct cross-reference
 * table, and optionally a padding stream so the file is exactly `totalBytes` long.
 */
export function makePdf(
  options: {
    text?: string;
    totalBytes?: number;
    /** Entries added to the catalog dictionary (e.g. "/OpenAction 6 0 R"). */
    catalogExtra?: string;
    /** Objects added after the standard five, numbered from 6. */
    extraObjects?: string[];
    /** Bytes appended after %%EOF. */
    after?: string;
  } = {},
): Buffer {
  const text = (options.text ?? 'WorkCred test document').replace(/[()\\]/g, '');
  const build = (paddingBytes: number): Buffer => {
    const content = `BT /F1 12 Tf 20 50 Td (${text}) Tj ET`;
    const objects = [
      `<< /Type /Catalog /Pages 2 0 R ${options.catalogExtra ?? ''}>>`,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      ...(options.extraObjects ?? []),
    ];
    if (paddingBytes > 0) objects.push(`<< /Length ${paddingBytes} >>\nstream\n${'0'.repeat(paddingBytes)}\nendstream`);
    // The binary comment on line 2 marks the file as binary, as real writers do.
    let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
    const offsets: number[] = [];
    objects.forEach((object, index) => {
      offsets.push(Buffer.byteLength(body, 'latin1'));
      body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    });
    const xrefOffset = Buffer.byteLength(body, 'latin1');
    body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
    body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
    body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n${options.after ?? ''}`;
    return Buffer.from(body, 'latin1');
  };
  if (options.totalBytes === undefined) return build(0);
  // The padding's own /Length digits and offsets shift the total a little: converge in a few rounds.
  let padding = Math.max(1, options.totalBytes - build(1).length);
  for (let round = 0; round < 5; round += 1) {
    const pdf = build(padding);
    if (pdf.length === options.totalBytes) return pdf;
    padding += options.totalBytes - pdf.length;
  }
  throw new Error(`could not make a PDF of exactly ${options.totalBytes} bytes`);
}
