import { PDFName, PDFOperator, rgb, StandardFonts, type PDFOperatorNames } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readPdfFacts, type PdfFacts } from '../../server/pdf/pdf-objects.ts';
import { runForensics } from '../../server/features/verification/reading/forensics/run-forensics.ts';
import { linesFromFacts } from '../../server/features/verification/reading/forensics/text-lines.ts';
import type { DocumentSubject } from '../../server/features/verification/document-rules.ts';
import { appendRevision, makeDocument, objectNumbers, paintOverInUpdate, payslipLines } from '../support/pdf-forge.ts';

/**
 * Issue 35 §2: each forensic signal on PDFs made here as payroll systems make them, then edited
 * the ways forgers edit them. Each test fails without its signal's code.
 */
async function forensics(pdf: Uint8Array, subject: DocumentSubject = 'salary_slip') {
  const facts = (await readPdfFacts(pdf)) as PdfFacts;
  expect(facts.locked).toBe(false);
  return runForensics({ subject, facts, lines: linesFromFacts(facts) });
}
const rules = (report: Awaited<ReturnType<typeof forensics>>) => report.flags.map((flag) => flag.rule);
const NET_PAY_BOX = { x: 195, top: 246, width: 80, height: 13 };

describe('document forensics on generated PDFs', () => {
  it('finds nothing on a clean payslip from a payroll system, and reads its table as rows', async () => {
    const clean = await makeDocument(payslipLines());
    const facts = (await readPdfFacts(clean)) as PdfFacts;
    expect(linesFromFacts(facts).map((line) => line.text)).toContain('Gross Earnings   57,400.00   Total Deductions   3,800.00');
    expect(await forensics(clean)).toEqual({ flags: [], risk: null });
  });

  it('signal 1: a payslip saved by an editor or converter, named with its field; a résumé from Word is not flagged', async () => {
    const edited = await forensics(await makeDocument(payslipLines(), { producer: 'iLovePDF', creator: 'greytHR' }));
    expect(edited.flags).toEqual([expect.objectContaining({ rule: 'forensic_producer', weight: 'high', found: 'Producer: iLovePDF (iLovePDF)', evidence: 'Producer: iLovePDF; Creator: greytHR' })]);
    expect(edited.risk).toEqual({ level: 'high', signals: ['producer'] });
    const printed = await forensics(await makeDocument(payslipLines(), { producer: 'Microsoft: Print To PDF', creator: 'Chrome' }));
    expect(printed.flags).toEqual([expect.objectContaining({ rule: 'forensic_producer', weight: 'medium' })]);
    expect(printed.risk?.level).toBe('medium');
    expect(await forensics(await makeDocument([{ text: 'Arjun Mehta, engineer', x: 40, top: 60 }], { producer: 'Microsoft® Word for Microsoft 365' }), 'resume')).toEqual({ flags: [], risk: null });
  });

  it('signal 2: an incremental update that changed page 1, and a modification date weeks after creation', async () => {
    const clean = await makeDocument(payslipLines());
    for (const compressed of [false, true]) {
      const edited = await forensics(await paintOverInUpdate(clean, { box: NET_PAY_BOX, text: '63,600.00', x: 200, top: 255 }, { compressed }));
      expect(edited.flags.find((flag) => flag.rule === 'forensic_incremental_update'), `compressed: ${compressed}`).toMatchObject({ found: '2 revisions; the later changed page 1', page: 1 });
    }
    // A content stream replaced in place (same object number, new figures) is a changed page too.
    const numbers = await objectNumbers(clean);
    const content = 'BT /F1 10 Tf 200 587 Td (63,600.00) Tj ET';
    const inPlace = appendRevision(clean, { [numbers.firstContents]: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` });
    expect((await forensics(inPlace)).flags.find((flag) => flag.rule === 'forensic_incremental_update')).toMatchObject({ page: 1 });
    // An update that changes no page (new metadata, as a signing step writes) is not a finding.
    const infoOnly = appendRevision(clean, { [numbers.catalog]: `<< /Type /Catalog /Pages ${numbers.pages} 0 R /Lang (en-IN) >>` });
    expect(rules(await forensics(infoOnly))).toEqual([]);

    const late = await forensics(await makeDocument(payslipLines(), { created: new Date('2026-10-31T10:00:00Z'), modified: new Date('2026-11-20T18:30:00Z') }));
    expect(late.flags).toEqual([expect.objectContaining({ rule: 'forensic_modified_later', weight: 'low', found: 'Modified 2026-11-20, 20 days after it was created (2026-10-31)' })]);
    expect(late.risk).toEqual({ level: 'low', signals: ['revisions'] });
  });

  it('signal 3: Acrobat TouchUp marks, a figure painted over and rewritten, and text in the background colour, each with page and place', async () => {
    const touched = await makeDocument(payslipLines(), {}, ({ page }) => {
      page.pushOperators(PDFOperator.of('BMC' as PDFOperatorNames, [PDFName.of('TouchUp_TextEdit')]), PDFOperator.of('EMC' as PDFOperatorNames));
    });
    expect((await forensics(touched)).flags).toEqual([expect.objectContaining({ rule: 'forensic_touchup', page: 1 })]);

    const painted = await makeDocument(payslipLines(), {}, ({ page, draw }) => {
      page.drawRectangle({ x: NET_PAY_BOX.x, y: 842 - NET_PAY_BOX.top - NET_PAY_BOX.height, width: NET_PAY_BOX.width, height: NET_PAY_BOX.height, color: rgb(1, 1, 1) });
      draw({ text: '63,600.00', x: 200, top: 255, bold: true });
    });
    const report = await forensics(painted);
    expect(report.flags.find((flag) => flag.rule === 'forensic_covered_text')).toMatchObject({ found: 'Hidden under a shape: “53,600.00”; written over it: “63,600.00”', page: 1, rect: [195, 246, 275, 259] });
    // The figures are read as the page shows them: the rewritten net pay no longer adds up.
    expect(rules(report)).toContain('forensic_net_pay_sum');

    const whiteOnWhite = await makeDocument(payslipLines(), {}, ({ page, regular }) => page.drawText('Net Pay 99,999.00', { x: 40, y: 842 - 300, size: 10, font: regular, color: rgb(1, 1, 1) }));
    const hidden = await forensics(whiteOnWhite);
    expect(hidden.flags[0]).toMatchObject({ rule: 'forensic_invisible_text', found: 'Text in the background’s colour: “Net Pay 99,999.00”', page: 1, rect: [40, 292, 122.8, 302] });
    // The hidden line also gives the slip a second net pay (signal 3's text part).
    expect(hidden.flags[1]).toMatchObject({ rule: 'forensic_field_two_values', found: 'Net pay shown as 53600 and 99999', page: 1 });
    // White text on a dark band is not hidden.
    const banded = await makeDocument(payslipLines(), {}, ({ page, regular }) => {
      page.drawRectangle({ x: 30, y: 842 - 320, width: 300, height: 30, color: rgb(0.1, 0.2, 0.5) });
      page.drawText('Computer generated payslip', { x: 40, y: 842 - 310, size: 10, font: regular, color: rgb(1, 1, 1) });
    });
    expect(await forensics(banded)).toEqual({ flags: [], risk: null });
  });

  it('signal 4: a figure set in a font the rest of the slip never uses', async () => {
    const lines = payslipLines().filter((line) => line.text !== '53,600.00');
    const mixed = await makeDocument(lines, {}, async ({ doc, page }) => {
      const times = await doc.embedFont(StandardFonts.TimesRoman);
      page.drawText('53,600.00', { x: 200, y: 842 - 255, size: 10, font: times });
    });
    const report = await forensics(mixed);
    expect(report.flags).toEqual([expect.objectContaining({ rule: 'forensic_font_lonely', found: '“53,600.00” is set in Times-Roman, a font used nowhere else in the document', page: 1 })]);
    expect(report.flags[0]?.rect?.[0]).toBe(200);
    expect(report.risk?.level).toBe('medium');
  });

  it('signal 6: a payslip whose net pay was raised without touching the rest', async () => {
    const report = await forensics(await makeDocument(payslipLines({ net: 63_600 })));
    expect(report.flags).toEqual([expect.objectContaining({ rule: 'forensic_net_pay_sum', found: 'Gross ₹57,400 − deductions ₹3,800 is ₹53,600; the net pay says ₹63,600', page: 1 })]);
  });
});
