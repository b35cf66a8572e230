import { describe, expect, it } from 'vitest';
import {
  employerCore,
  employerRule,
  evaluateDocument,
  findCredits,
  findNetPay,
  findPhrase,
  nameRule,
  parseAmount,
  payAgreesWithProfile,
  salaryCreditedRule,
  snippet,
  uanRule,
  type ProfileFacts,
} from '../../server/features/verification/document-rules.ts';

const profile: ProfileFacts = { fullName: 'Priya  Sharma', uan: '100123456789', currentEmployer: 'Acme Technologies Pvt. Ltd.', currentPayLakh: 6.24 };

const SLIP = [
  'ACME TECHNOLOGIES PRIVATE LIMITED',
  'Payslip for the month of March 2026',
  'Employee Name: PRIYA SHARMA        Employee Code: E-1042',
  'UAN: 1001 2345 6789     PF No: MH/BOM/12345/000/0001042',
  'Basic 26,000.00   HRA 13,000.00   Special allowance 15,000.00',
  'Gross earnings 54,000.00   Professional tax 200.00   PF 1,800.00',
  'Net Pay: Rs. 52,000.00',
].join('\n');

const STATEMENT = [
  'HDFC Bank   Statement of account',
  'Account holder: Ms Priya Sharma',
  '01/03/2026  UPI/SWIGGY/4512  DR  450.00  Balance 12,340.50',
  '31-03-2026  NEFT CR-ACME TECHNOLOGIES-SALARY MAR  52,000.00  Balance 64,340.50',
  '02/04/2026  ATM WDL  DR  5,000.00  Balance 59,340.50',
].join('\n');

describe('verification text rules', () => {
  it('reads Indian and Western amounts', () => {
    expect(parseAmount('52,000')).toBe(52000);
    expect(parseAmount('1,23,456.00')).toBe(123456);
    expect(parseAmount('₹ 1,23,456.50')).toBe(123456.5);
    expect(parseAmount('Rs. 52,000')).toBe(52000);
    expect(parseAmount('INR 52000')).toBe(52000);
    expect(parseAmount('123,456.78')).toBe(123456.78);
    expect(parseAmount('12a')).toBeNull();
  });

  it('finds a phrase whatever the case, spacing and punctuation, and maps it back to the original text', () => {
    const text = 'Dear  PRIYA\n sharma, welcome';
    const at = findPhrase(text, 'Priya Sharma');
    expect(at).not.toBeNull();
    expect(text.slice(at?.start, at?.end)).toBe('PRIYA\n sharma');
    // Whole words only: "Ram" is not in "Ramesh".
    expect(findPhrase('Ramesh Kumar', 'Ram')).toBeNull();
  });

  it('cuts evidence to about 40 characters either side', () => {
    const text = `${'a'.repeat(100)}MATCH${'b'.repeat(100)}`;
    const evidence = snippet(text, 100, 105);
    expect(evidence).toBe(`…${'a'.repeat(40)}MATCH${'b'.repeat(40)}…`);
  });

  it('matches the name with every token present, and says which name the document has when it differs', () => {
    expect(nameRule(SLIP, profile.fullName)).toMatchObject({ rule: 'name', outcome: 'match', found: 'PRIYA SHARMA' });
    expect(nameRule('Name: Sharma, Priya K', 'Priya Sharma')).toMatchObject({ outcome: 'match' });
    const wrong = nameRule(SLIP.replace('PRIYA SHARMA', 'ROHAN MEHTA'), profile.fullName);
    expect(wrong).toMatchObject({ outcome: 'mismatch', expected: 'Priya  Sharma' });
    expect(wrong.found).toContain('ROHAN MEHTA');
    expect(wrong.evidence).toContain('Employee Name: ROHAN MEHTA');
    expect(nameRule('A letter to whom it may concern', 'Priya Sharma')).toMatchObject({ outcome: 'missing' });
  });

  it('allows a scan’s OCR to read a capital I as a small l, only in recognised text (the corpus’s “Iyer” read as “lyer”)', () => {
    const read = 'Employee Name: Meenakshi lyer   Employee Code: E-1042';
    expect(nameRule(read, 'Meenakshi Iyer', undefined, { readByOcr: true })).toMatchObject({ outcome: 'match', found: 'meenakshi iyer' });
    expect(nameRule(read, 'Meenakshi Iyer')).toMatchObject({ outcome: 'mismatch' });
    // Case is ignored as everywhere (“Lyer” too); only I for l, only as the first letter: “Ayer” is another name.
    expect(nameRule('Employee Name: Meenakshi Lyer', 'Meenakshi Iyer', undefined, { readByOcr: true })).toMatchObject({ outcome: 'match' });
    expect(nameRule('Employee Name: Meenakshi Ayer', 'Meenakshi Iyer', undefined, { readByOcr: true })).toMatchObject({ outcome: 'mismatch' });
  });

  it('finds the UAN with or without spaces, and reports a different one', () => {
    expect(uanRule(SLIP, '100123456789')).toMatchObject({ outcome: 'match', evidence: expect.stringContaining('UAN: 1001 2345 6789') });
    expect(uanRule(SLIP, '100999999999')).toMatchObject({ outcome: 'mismatch', found: '100123456789' });
    expect(uanRule('No number here', '100123456789')).toMatchObject({ outcome: 'missing' });
  });

  it('matches the employer without its legal suffix', () => {
    expect(employerCore('Acme Technologies Pvt. Ltd.')).toBe('acme technologies');
    expect(employerRule(SLIP, profile.currentEmployer ?? '')).toMatchObject({ outcome: 'match', found: 'ACME TECHNOLOGIES' });
    const other = employerRule('Globex Solutions Private Limited\nThis is to certify that Priya Sharma worked with us.', profile.currentEmployer ?? '');
    expect(other).toMatchObject({ outcome: 'mismatch', found: 'Globex Solutions Private Limited' });
  });

  it('reads the net pay after its label, dates and other amounts aside', () => {
    expect(findNetPay(SLIP)?.amount).toBe(52000);
    expect(findNetPay('Net Salary (INR) : 1,23,456.00')?.amount).toBe(123456);
    expect(findNetPay('Take home ₹ 48,250')?.amount).toBe(48250);
    expect(findNetPay('Gross 54,000.00')).toBeNull();
  });

  it('finds credits on credit lines only and matches the net pay within 1%', () => {
    expect(findCredits(STATEMENT).map((credit) => credit.amount)).toEqual([52000, 64340.5]);
    expect(salaryCreditedRule(STATEMENT, 52000)).toMatchObject({ outcome: 'match', found: '₹52,000' });
    expect(salaryCreditedRule(STATEMENT, 51600)).toMatchObject({ outcome: 'match' });
    const notCredited = salaryCreditedRule(STATEMENT, 60000);
    expect(notCredited).toMatchObject({ outcome: 'mismatch', expected: '₹60,000' });
    expect(notCredited.found).toContain('₹52,000');
    expect(salaryCreditedRule('Opening balance 1,000.00', 52000)).toMatchObject({ outcome: 'missing' });
  });

  it('compares monthly net pay with the annual pay in lakh within 15%', () => {
    expect(payAgreesWithProfile(52000, 6.24)).toBe(true);
    expect(payAgreesWithProfile(52000, 7)).toBe(true);
    expect(payAgreesWithProfile(52000, 8)).toBe(false);
    expect(payAgreesWithProfile(52000, null)).toBe(false);
  });

  it('verifies a salary slip when every rule matches, with the fields it confirms', () => {
    const verdict = evaluateDocument('salary_slip', SLIP, profile);
    expect(verdict.flags.map((flag) => [flag.rule, flag.outcome])).toEqual([
      ['name', 'match'],
      ['employer', 'match'],
      ['uan', 'match'],
      ['net_pay', 'match'],
    ]);
    expect(verdict).toMatchObject({ status: 'verified', netPay: 52000, verifiedFields: ['full_name', 'current_employer', 'uan', 'current_pay_lakh'] });
    // Pay far from the profile: still verified, without current_pay_lakh.
    expect(evaluateDocument('salary_slip', SLIP, { ...profile, currentPayLakh: 20 }).verifiedFields).not.toContain('current_pay_lakh');
  });

  it('sends any mismatch or missing value to review, with no fields confirmed', () => {
    expect(evaluateDocument('salary_slip', SLIP, { ...profile, uan: '100999999999' })).toMatchObject({ status: 'in_review', verifiedFields: [] });
    expect(evaluateDocument('experience_letter', SLIP, { ...profile, currentEmployer: 'Globex Corporation' })).toMatchObject({ status: 'in_review' });
    expect(evaluateDocument('salary_slip', SLIP.replace('Net Pay: Rs. 52,000.00', ''), profile).flags.at(-1)).toMatchObject({ rule: 'net_pay', outcome: 'missing' });
  });

  it('checks the bank statement against the slip’s net pay only when there is one', () => {
    expect(evaluateDocument('bank_statement', STATEMENT, profile)).toMatchObject({ status: 'verified', verifiedFields: ['full_name'] });
    expect(evaluateDocument('bank_statement', STATEMENT, profile, { salarySlipNetPay: 52000 })).toMatchObject({ status: 'verified', verifiedFields: ['full_name', 'salary_credits'] });
    expect(evaluateDocument('bank_statement', STATEMENT, profile, { salarySlipNetPay: 75000 })).toMatchObject({ status: 'in_review' });
  });

  it('flags a document without a text layer as unreadable', () => {
    expect(evaluateDocument('resume', '   \n  ', profile, {}, 'No text')).toMatchObject({ status: 'in_review', flags: [{ rule: 'readable', outcome: 'missing', found: 'No text' }] });
  });
});
