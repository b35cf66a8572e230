import { describe, expect, it } from 'vitest';
import { payslipArithmetic } from '../../server/features/verification/reading/forensics/arithmetic-payslip.ts';
import { statementArithmetic } from '../../server/features/verification/reading/forensics/arithmetic-statement.ts';
import { linesFromText } from '../../server/features/verification/reading/forensics/text-lines.ts';
import { judgeFile, signalsOf } from '../../server/features/verification/reading/judge-file.ts';
import { buildCorpus } from '../fixtures/document-corpus/corpus.ts';

/**
 * Issue 35 §3: the labelled corpus's text documents (genuine ones from seven issuers, and every
 * forgery that needs no OCR) through the automatic pass's own functions. A genuine document that
 * matches its profile is verified with no signal; each forgery is held for review with the signals
 * it was made to raise. The scans (OCR) are measured by npm run bench:documents.
 */
const textEntries = buildCorpus().filter((entry) => !entry.ocr);

describe.concurrent('the labelled corpus, text documents', { timeout: 120_000 }, () => {
  it('holds every issuer and kind of forgery', () => {
    expect(new Set(textEntries.map((entry) => `${entry.kind}/${entry.issuer}`)).size).toBe(7);
    expect(new Set(textEntries.map((entry) => entry.variant))).toEqual(new Set(['genuine', 'producer', 'revisions', 'edits', 'fonts', 'arithmetic']));
  });

  for (const entry of textEntries) {
    it(`${entry.id}${entry.tamper ? ` (${entry.tamper})` : ''}`, async ({ expect }) => {
      const { outcome } = await judgeFile(await entry.bytes(), entry.kind, entry.profile, { context: entry.context });
      const signals = signalsOf(outcome.flags);
      if (entry.variant === 'genuine') {
        expect(signals, JSON.stringify(outcome.flags)).toEqual([]);
        expect(outcome.status, JSON.stringify(outcome.flags)).toBe('verified');
      } else {
        expect(signals).toEqual(expect.arrayContaining(entry.expectedSignals));
        expect(outcome.status).toBe('in_review');
      }
    });
  }
});

describe('payslip arithmetic, labels as payroll systems print them', () => {
  // Regression: "EPF Contribution" (Zoho Payroll) was not read as the PF, so a lowered PF with totals made to agree passed.
  it('reads "EPF Contribution" as the employee PF', () => {
    const slip = (pf: string) => linesFromText(['Basic   40,000.00', `EPF Contribution   ${pf}`, 'Professional Tax   200.00'].join('\n'));
    expect(payslipArithmetic(slip('4,800.00'))).toEqual([]);
    expect(payslipArithmetic(slip('4,200.00'))).toEqual([expect.objectContaining({ rule: 'forensic_pf_rate', found: 'PF ₹4,200 is not 12% of basic ₹40,000 (₹4,800)' })]);
  });
});

describe('bank statement arithmetic on a scan the OCR misread', () => {
  // Regression: a genuine 300 dpi scan of the corpus's Flexcube statement, whose OCR read one
  // balance as "1512312: C", was flagged: the unreadable row was dropped and the balance after it
  // compared with the one before it. Now an unreadable dated row breaks the chain instead.
  const ocrLines = [
    '31-Oct-2026 INT.PD:01-10-2026 TO 31-10-2026 137.27 59,406.56 Cr',
    '30-Oct-2026 ACH D- HDFC LIFE INSURANCE 3,981.82 59,269.29 Cr',
    '28-Oct-2026 NEFT CR-DECCAN RETAIL VENTURES PVT LTD 62,110.00 63,251.11 Cr',
    '25-Oct-2026 UPI-ZOMATO-ONLINE ORDER 371.01 1,141.11 Cr',
    '20-Oct-2026 UPI-BIGBASKET-SUPERMARKET 3,161.10 1512312: C',
    '14-Oct-2026 BILLDESK-BESCOM ELECTRICITY 976.77 4,673.22 Cr',
    '09-Oct-2026 POS-RELIANCE DIGITAL 3,988.77 5,649.99 Cr',
    '06-Oct-2026 ACH D- HDFC LIFE INSURANCE 2,690.85 9,638.76 Cr',
  ];

  it('does not compare balances across a row it could not read, and still flags one that does not follow', () => {
    expect(statementArithmetic(linesFromText(ocrLines.join('\n')))).toEqual([]);
    const raised = ocrLines.map((line) => line.replace('59,269.29', '69,269.29'));
    expect(statementArithmetic(linesFromText(raised.join('\n')))).not.toEqual([]);
  });
});
