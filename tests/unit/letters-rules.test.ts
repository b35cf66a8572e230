import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.ts';
import { issueLetterBodySchema, lakhToPaise, LETTER_CODE_PATTERN, letterDate, letterTemplateBodySchema, mergeFieldsIn, paiseInLakh, renderLetterText, type LetterValues } from '../../shared/schemas/letters.ts';
import { newLetterCode } from '../../server/features/letters/issue-letter.ts';
import { printable, wrapToWidth } from '../../server/pdf/pdf-text.ts';
import { PDFDocument, StandardFonts } from 'pdf-lib';

const values: LetterValues = {
  candidate_name: 'Kavya Menon',
  candidate_id: 'WC-7K2M9X',
  job_title: 'Data Analyst',
  company_name: 'Sahyadri Foods',
  joining_date: '4 January 2027',
  last_working_day: '',
  annual_ctc_lakh: '18.5 lakh',
  issue_date: '26 November 2026',
};

describe('letter templates', () => {
  it('finds merge fields, fills them, and leaves text without braces alone', () => {
    expect(mergeFieldsIn('Dear {{candidate_name}}, {{ job_title }} at {{company_name}} ({{candidate_name}})')).toEqual(['candidate_name', 'job_title', 'company_name']);
    expect(renderLetterText('Dear {{candidate_name}}, welcome to {{ company_name }} on {{joining_date}}.', values)).toBe('Dear Kavya Menon, welcome to Sahyadri Foods on 4 January 2027.');
    expect(renderLetterText('No fields; {single} braces stay.', values)).toBe('No fields; {single} braces stay.');
  });

  it('refuses a template with an unknown merge field, naming it', () => {
    const result = letterTemplateBodySchema.safeParse({ subject: 'Offer', body: 'Dear {{candidate_name}}, CTC {{salary}} and {{}}' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/^Unknown merge field \{\{salary\}\}\. Use one of: candidate_name, /);
    expect(letterTemplateBodySchema.safeParse({ subject: ' ', body: 'x' }).error?.issues[0]?.message).toBe(messages.letters.subjectRequired);
    expect(letterTemplateBodySchema.safeParse({ subject: 'a', body: 'x'.repeat(10_001) }).error?.issues[0]?.message).toBe(messages.letters.bodyTooLong);
  });
});

describe('letter figures and dates', () => {
  it('writes pay in lakh and reads lakh as integer paise', () => {
    expect(paiseInLakh(18_50_000_00)).toBe('18.5 lakh');
    expect(paiseInLakh(1_25_00_000_00)).toBe('125 lakh');
    expect(paiseInLakh(9_75_432_10)).toBe('9.75 lakh');
    expect(lakhToPaise('9.75')).toBe(97_500_000);
    expect(lakhToPaise(' 12 ')).toBe(120_000_000);
    expect(lakhToPaise('0.1')).toBe(1_000_000);
    for (const bad of ['', '0', '-3', '1.234', 'twelve', '1e3', '.5']) expect(lakhToPaise(bad)).toBeNull();
  });

  it('writes dates in IST as letters do', () => {
    expect(letterDate('2027-01-04')).toBe('4 January 2027');
    // 20:00 UTC on 31 March is already 1 April in India.
    expect(letterDate(new Date('2027-03-31T20:00:00Z'))).toBe('1 April 2027');
  });

  it('asks an offer for its terms and the other letters for an employment', () => {
    const id = '0b7f3c1e-4a5d-4c2b-9a8e-1f2d3c4b5a69';
    expect(issueLetterBodySchema.safeParse({ kind: 'offer', application_id: id, joining_date: '2027-01-04', annual_ctc_paise: 100 }).success).toBe(true);
    expect(issueLetterBodySchema.safeParse({ kind: 'offer', application_id: id }).error?.issues.map((issue) => issue.message)).toEqual([messages.letters.offerNeedsTerms]);
    expect(issueLetterBodySchema.safeParse({ kind: 'relieving', application_id: id }).error?.issues.map((issue) => issue.message)).toEqual([messages.letters.exactlyOneTarget]);
    expect(issueLetterBodySchema.safeParse({ kind: 'appointment', employment_id: id, annual_ctc_paise: 1.5 }).success).toBe(false);
  });
});

describe('verification codes and PDF text', () => {
  it('makes 12-character Crockford codes that do not repeat', () => {
    const codes = new Set(Array.from({ length: 2000 }, newLetterCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(LETTER_CODE_PATTERN);
  });

  it('keeps text printable in the standard fonts and wraps it to the width', async () => {
    expect(printable('₹12 lakh – “Kavya’s” offer, ಕನ್ನಡ')).toBe('Rs. 12 lakh - "Kavya\'s" offer, ?????');
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const lines = wrapToWidth(`We are pleased to offer you the position of Data Analyst ${'x'.repeat(200)}`, font, 11, 200);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 11)).toBeLessThanOrEqual(200);
    expect(lines.join('').replace(/ /g, '')).toBe(`We are pleased to offer you the position of Data Analyst ${'x'.repeat(200)}`.replace(/ /g, ''));
  });
});
