import { describe, expect, it } from 'vitest';
import type { PageDrawing, PdfFacts } from '../../server/pdf/pdf-objects.ts';
import { statementArithmetic } from '../../server/features/verification/reading/forensics/arithmetic-statement.ts';
import { payslipArithmetic } from '../../server/features/verification/reading/forensics/arithmetic-payslip.ts';
import { candidateFlags } from '../../server/features/verification/reading/forensics/candidate-view.ts';
import { fieldsSignal } from '../../server/features/verification/reading/forensics/fields.ts';
import { fontsSignal } from '../../server/features/verification/reading/forensics/fonts.ts';
import { parsePdfDate } from '../../server/features/verification/reading/forensics/revisions.ts';
import { riskOf } from '../../server/features/verification/reading/forensics/risk.ts';
import { linesFromText } from '../../server/features/verification/reading/forensics/text-lines.ts';
import type { ForensicFlag } from '../../server/features/verification/reading/forensics/types.ts';

/** Issue 35 §2: the signals read from the text, on realistic Indian payslips and bank statements. */
const slip = (lines: string[]) => linesFromText(lines.join('\n'));
const SLIP = [
  'ACME TECHNOLOGIES PVT. LTD.   Payslip for October 2026',
  'Employee Name: Arjun Mehta   Employee Code: E-1042   UAN: 100123456789   PAN: ABCPM1234K',
  'Earnings   Amount   Deductions   Amount',
  'Basic   30,000.00   Provident Fund   3,600.00',
  'House Rent Allowance   15,000.00   Professional Tax   200.00',
  'Conveyance Allowance   1,600.00   Income Tax (TDS)   2,150.00',
  'Special Allowance   10,800.00',
  'Gross Earnings   57,400.00   Total Deductions   5,950.00',
  'Net Pay   51,450.00',
  'Net Pay in words: Rupees Fifty One Thousand Four Hundred Fifty Only',
];

describe('payslip arithmetic (signal 6)', () => {
  it('passes a slip whose figures add up, with YTD columns beside them', () => {
    expect(payslipArithmetic(slip(SLIP))).toEqual([]);
    expect(payslipArithmetic(slip(SLIP.map((line) => line.replace('Basic   30,000.00', 'Basic   30,000.00   1,80,000.00'))))).toEqual([]);
  });

  it('flags earnings that do not add up to the gross, and a net pay that is not gross minus deductions', () => {
    const raisedHra = payslipArithmetic(slip(SLIP.map((line) => line.replace('15,000.00', '25,000.00'))));
    expect(raisedHra.map((flag) => flag.rule)).toEqual(['forensic_earnings_sum']);
    expect(raisedHra[0]?.found).toBe('Earnings add up to ₹67,400; the gross says ₹57,400');
    const raisedNet = payslipArithmetic(slip(SLIP.map((line) => line.replace('51,450.00', '61,450.00'))));
    expect(raisedNet).toEqual([expect.objectContaining({ rule: 'forensic_net_pay_sum', expected: 'Net pay ₹51,450', evidence: 'Net Pay   61,450.00' })]);
  });

  it('checks the employee PF at 12% of basic (+ DA) within a rupee, or at the ₹15,000 ceiling', () => {
    const wrongPf = slip(SLIP.map((line) => line.replace('3,600.00', '2,600.00').replace('5,950.00', '4,950.00').replace('51,450.00', '52,450.00')));
    expect(payslipArithmetic(wrongPf)).toEqual([expect.objectContaining({ rule: 'forensic_pf_rate', found: 'PF ₹2,600 is not 12% of basic ₹30,000 (₹3,600)' })]);
    const ceiling = slip(SLIP.map((line) => line.replace('3,600.00', '1,800.00').replace('5,950.00', '4,150.00').replace('51,450.00', '53,250.00')));
    expect(payslipArithmetic(ceiling)).toEqual([]);
    const withDa = slip(['Basic   12,000.00   EPF   1,800.00', 'Dearness Allowance   3,000.00', 'Gross Salary   15,000.00', 'Net Salary   13,200.00']);
    expect(payslipArithmetic(withDa)).toEqual([]);
    expect(payslipArithmetic(slip(['Basic   12,000.00   EPF   1,440.00', 'Dearness Allowance   3,000.00']))).toEqual([expect.objectContaining({ rule: 'forensic_pf_rate' })]);
  });
});

describe('the same field with two values (signal 3, text)', () => {
  it('flags a second net pay or UAN, and passes a slip that repeats the same value', () => {
    expect(fieldsSignal(slip([...SLIP, 'Net Pay   51,450.00']))).toEqual([]);
    expect(fieldsSignal(slip([...SLIP, 'Net Pay: Rs. 58,450.00']))).toEqual([expect.objectContaining({ rule: 'forensic_field_two_values', found: 'Net pay shown as 51450 and 58450' })]);
    expect(fieldsSignal(slip([...SLIP, 'UAN: 1001 2345 6780']))).toEqual([expect.objectContaining({ found: 'UAN shown as 100123456789 and 100123456780' })]);
  });
});

const STATEMENT = [
  'HDFC BANK   Statement of account   Account No: 50100123456789',
  'Date   Narration   Chq./Ref.No.   Withdrawal Amt.   Deposit Amt.   Closing Balance',
  'Opening Balance   18,250.75',
  '01/10/26   UPI-SWIGGY-8871234   0000428811   450.00      17,800.75',
  '01/10/26   NEFT CR-ACME TECHNOLOGIES PVT LTD-SALARY OCT   N2981273      51,450.00   69,250.75',
  '03/10/26   ATM WDL-MG ROAD BENGALURU   000031   5,000.00      64,250.75',
  '05/10/26   ACH D- HDFC LIFE INSURANCE   000987   2,318.00      61,932.75',
  '12/10/26   IMPS-P2A-RAHUL   5543   1,00,000.00      38,067.25 Dr',
  'Total   1,07,768.00   51,450.00',
];

describe('bank statement running balance (signal 6)', () => {
  it('passes a statement that reconciles line by line, oldest or newest first', () => {
    expect(statementArithmetic(linesFromText(STATEMENT.join('\n')))).toEqual([]);
    const newestFirst = [...STATEMENT.slice(0, 2), ...STATEMENT.slice(3, 8).reverse()];
    expect(statementArithmetic(linesFromText(newestFirst.join('\n')))).toEqual([]);
  });

  it('flags the line whose balance does not follow (a salary credit raised without the balances)', () => {
    const raised = STATEMENT.map((line) => line.replace('51,450.00   69,250.75', '71,450.00   69,250.75'));
    expect(statementArithmetic(linesFromText(raised.join('\n')))).toEqual([
      expect.objectContaining({ rule: 'forensic_running_balance', found: 'Balance ₹69,250.75 does not follow from the previous balance ₹17,800.75 and this line’s amount', evidence: expect.stringContaining('SALARY OCT') }),
    ]);
  });
});

describe('fonts embedded twice (signal 4)', () => {
  const text = (order: number, value: string, fontId: number, x: number) => ({ kind: 'text' as const, order, text: value, font: 'Arial-BoldMT', fontId, rect: [x, 100, x + 40, 112] as [number, number, number, number], color: [0, 0, 0] as [number, number, number], alpha: 1 });
  const page: PageDrawing = { number: 1, width: 595, height: 842, touchUpEdits: 0, items: [text(0, 'Net', 1, 40), text(1, 'Pay', 1, 80), text(2, 'Gross', 1, 40), text(3, '63,600.00', 2, 200)] };
  const facts = (secondPage: number): PdfFacts => ({
    locked: false,
    pageCount: 2,
    repaired: false,
    metadata: { producer: null, creator: null, creationDate: null, modDate: null, xmpProducer: null, xmpCreatorTool: null },
    revisions: { count: 1, changedPages: [], firstPageCount: 2 },
    fonts: [
      { object: 10, name: 'ABCDEF+Arial-BoldMT', embedded: true, pages: [1, 2] },
      { object: 22, name: 'GHIJKL+Arial-BoldMT', embedded: true, pages: [secondPage] },
    ],
    pages: [page],
  });

  it('flags a second copy of a font on the page it sets text on, naming that text and its place', () => {
    expect(fontsSignal(facts(1))).toEqual([
      expect.objectContaining({ rule: 'forensic_font_embedded_twice', found: 'Arial-BoldMT embedded 2 times on page 1; the second copy sets “63,600.00”', page: 1, rect: [200, 100, 240, 112] }),
    ]);
    // A writer that embeds one subset per page is not editing.
    expect(fontsSignal(facts(2))).toEqual([]);
  });
});

describe('risk level and what the candidate reads', () => {
  const flag = (signal: ForensicFlag['signal'], weight: ForensicFlag['weight']): ForensicFlag => ({ signal, weight, rule: `forensic_${signal}`, found: '' });
  it('rates high for any high finding or two medium ones, medium for one, low otherwise, naming the signals', () => {
    expect(riskOf([])).toBeNull();
    expect(riskOf([flag('revisions', 'low')])).toEqual({ level: 'low', signals: ['revisions'] });
    expect(riskOf([flag('producer', 'medium')])).toEqual({ level: 'medium', signals: ['producer'] });
    expect(riskOf([flag('producer', 'medium'), flag('fonts', 'medium')])).toEqual({ level: 'high', signals: ['producer', 'fonts'] });
    expect(riskOf([flag('arithmetic', 'high'), flag('revisions', 'low')])).toEqual({ level: 'high', signals: ['arithmetic', 'revisions'] });
  });

  it('shows the candidate one plain reason in place of the findings', () => {
    const name = { rule: 'name', outcome: 'match' as const };
    expect(candidateFlags([name, { rule: 'forensic_producer', outcome: 'mismatch', found: 'Producer: iLovePDF' }, { rule: 'document_risk', outcome: 'mismatch', risk: 'medium' }])).toEqual([name, { rule: 'document_changed', outcome: 'not_checked' }]);
    expect(candidateFlags([{ rule: 'forensic_net_pay_sum', outcome: 'mismatch' }])).toEqual([{ rule: 'document_figures', outcome: 'not_checked' }]);
    expect(candidateFlags([name])).toEqual([name]);
  });

  it('reads PDF dates with their time zone', () => {
    expect(parsePdfDate("D:20261031153000+05'30'")?.toISOString()).toBe('2026-10-31T10:00:00.000Z');
    expect(parsePdfDate('D:20261031')?.toISOString()).toBe('2026-10-31T00:00:00.000Z');
    expect(parsePdfDate('yesterday')).toBeNull();
  });
});
