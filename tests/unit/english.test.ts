import { describe, expect, it } from 'vitest';
import { forCount, withArticle } from '../../shared/english.ts';
import { messages } from '../../shared/messages.ts';

describe('withArticle', () => {
  // Issue 33 C5: the privacy page said "Asked for a experience letter check".
  it.each([
    ['experience letter', 'an experience letter'],
    ['education certificate', 'an education certificate'],
    ['employment record', 'an employment record'],
    ['offer letter', 'an offer letter'],
    ['identity proof', 'an identity proof'],
    ['upload', 'an upload'],
    ['hour', 'an hour'],
    ['resume', 'a resume'],
    ['bank statement', 'a bank statement'],
    ['salary slip', 'a salary slip'],
    ['mobile number', 'a mobile number'],
    ['UAN (EPFO)', 'a UAN (EPFO)'],
    ['user', 'a user'],
    ['unique code', 'a unique code'],
    ['one-time code', 'a one-time code'],
    ['HR head', 'an HR head'],
    ['SMS', 'an SMS'],
    ['PAN card', 'a PAN card'],
  ])('%s → %s', (phrase, expected) => {
    expect(withArticle(phrase)).toBe(expected);
  });

  it('gives every verification subject the article its sound takes', () => {
    const subjects = messages.verification.subjectsInSentence;
    expect(Object.fromEntries(Object.entries(subjects).map(([key, phrase]) => [key, withArticle(phrase)]))).toEqual({
      phone: 'a mobile number',
      uan: 'a UAN (EPFO)',
      resume: 'a resume',
      bank_statement: 'a bank statement',
      experience_letter: 'an experience letter',
      salary_slip: 'a salary slip',
    });
  });
});

describe('forCount', () => {
  // Issue 33 C5: "1 applications" on a job card.
  it('takes the singular for exactly one and the plural otherwise', () => {
    expect([0, 1, 2, 11].map((count) => forCount(count, 'one', 'many'))).toEqual(['many', 'one', 'many', 'many']);
  });
});
