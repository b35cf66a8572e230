import { describe, expect, it } from 'vitest';
import { matchPersonName } from '../../server/features/verification/decision/match-person-name.ts';
import { nameWords, phoneticKey } from '../../server/features/verification/decision/person-name-words.ts';

/** [name on the EPFO record, the candidate's name, expected verdict]. */
type Case = [string, string, 'strong' | 'weak' | 'none'];

describe('EPFO name match: strong', () => {
  it.each<Case>([
    ['RAMESH KUMAR', 'Ramesh Kumar', 'strong'],
    ['Priya.Sharma', 'priya  sharma', 'strong'],
    ['KUMAR RAMESH', 'Ramesh Kumar', 'strong'],
    ['K. RAMESH', 'Kumar Ramesh', 'strong'],
    ['Kumar Ramesh', 'K Ramesh', 'strong'],
    ['S. LAKSHMI', 'Lakshmi Subramanian', 'strong'],
    ['R SENTHIL KUMAR', 'Senthil Kumar Rajendran', 'strong'],
    ['R SENTHIL KUMAR', 'Senthil Kumar', 'strong'],
    ['SENTHILKUMAR R', 'R. Senthil Kumar', 'strong'],
    ['KVS RAO', 'K.V.S. Rao', 'strong'],
    ['A R RAHMAN', 'Allah Rakha Rahman', 'strong'],
    ['MR. MOHD IRFAN', 'Mohammed Irfan', 'strong'],
    ['MUHAMMAD ASIF SHAIKH', 'Mohammad Asif Sheikh', 'strong'],
    ['SMT LAXMI DEVI', 'Lakshmi Devi', 'strong'],
    ['SHRINIVAS RAO', 'Sreenivas Rao', 'strong'],
    ['SRINIVAS MURTHY', 'Shrinivas Murthy', 'strong'],
    ['AMIT CHOUDHARY', 'Amit Chowdhury', 'strong'],
    ['SUNIL CHAUDHARI', 'Sunil Chaudhary', 'strong'],
    ['VISHWANATH HEGDE', 'Viswanath Hegde', 'strong'],
    ['KAVITHA NAIR', 'Kavita Nair', 'strong'],
    ['AARTI JOSHI', 'Arti Joshi', 'strong'],
    ['POOJA SINGH', 'Puja Singh', 'strong'],
    ['DEEPAK REDDY', 'Dipak Reddi', 'strong'],
    ['GAURAV SINGH', 'Gourav Singh', 'strong'],
    ['SANJAY VERMA', 'Sanjai Verma', 'strong'],
    ['MS. ANJALI BANERJEE', 'Anjali Bandyopadhyay', 'strong'],
    ['DR. SUBRAMANIAM IYER', 'Subramanian Aiyar', 'strong'],
    ['SHRI RAJESH GUPTA', 'Rajesh Gupta', 'strong'],
    ['SRI LAKSHMI NARAYANAN', 'Lakshmi Narayanan', 'strong'],
    ['Thiru. Murugan K', 'K Murugan', 'strong'],
    ['Kumari Anitha S', 'S Anitha', 'strong'],
    ['RAMESH SHARMA-JI', 'Ramesh Sharma', 'strong'],
    ['SURESH PATIL S/O RAMRAO PATIL', 'Suresh Patil', 'strong'],
    ['Ramésh Kumar', 'Ramesh Kumar', 'strong'],
  ])('%s ↔ %s is %s', (record, candidate, verdict) => {
    const result = matchPersonName(record, candidate);
    expect(result.verdict, result.reasons.join('; ')).toBe(verdict);
    expect(result.score).toBeGreaterThanOrEqual(0.7);
  });
});

describe('EPFO name match: weak (for the verification team)', () => {
  it.each<Case>([
    ['S LAKSHMI', 'Lakshmi', 'weak'],
    ['RAMESH KUMAR YADAV', 'Ramesh Yadav', 'weak'],
    ['PRIYA SHARMA', 'Priya', 'weak'],
    ['MANISH GUPTA', 'Manisha Gupta', 'weak'],
    ['MEENA IYER', 'Mona Iyer', 'weak'],
    ['K RAMESH BABU', 'S Ramesh Babu', 'weak'],
    ['K R RAMESH', 'Ramesh', 'weak'],
  ])('%s ↔ %s is %s', (record, candidate, verdict) => {
    const result = matchPersonName(record, candidate);
    expect(result.verdict, result.reasons.join('; ')).toBe(verdict);
    expect(result.score).toBeLessThan(1);
  });
});

describe('EPFO name match: none', () => {
  it.each<Case>([
    ['PRIYA SHARMA', 'Priya Verma', 'none'],
    ['RAJESH KUMAR', 'Rakesh Kumar', 'none'],
    ['SURESH KUMAR', 'Ramesh Kumar', 'none'],
    ['RAMESH KUMAR', 'Kumar Swamy', 'none'],
    ['RAMESH KUMAR SINGH', 'Ramesh Kumar Yadav', 'none'],
    ['ANIL MEHTA', 'Sunita Rao', 'none'],
    ['R K', 'Ramesh Kumar', 'none'],
    ['PRIYA SHARMA', '', 'none'],
    ['', 'Priya Sharma', 'none'],
    ['Mr.', 'Priya Sharma', 'none'],
  ])('%s ↔ %s is %s', (record, candidate, verdict) => {
    expect(matchPersonName(record, candidate).verdict).toBe(verdict);
  });
});

describe('EPFO name match: reasons', () => {
  it('names the initial it expanded and the order it ignored', () => {
    const result = matchPersonName('K. RAMESH', 'Ramesh Kumar');
    expect(result.reasons).toContain('"K" on the EPFO record read as the initial of "Kumar"');
    expect(result.reasons).toContain('"Ramesh" on both');
  });

  it('names the spelling variant and a word written as one', () => {
    expect(matchPersonName('LAXMI', 'Lakshmi').reasons).toEqual(['"Laxmi" and "Lakshmi" read as spellings of one name']);
    expect(matchPersonName('SENTHILKUMAR', 'Senthil Kumar').reasons).toEqual(['"Senthilkumar" and "Senthil Kumar": one name written as one word or two']);
  });

  it('says which word is missing on which side', () => {
    const result = matchPersonName('PRIYA SHARMA', 'Priya Verma');
    expect(result.reasons).toContain(`"Sharma" is on the EPFO record but not in the candidate's name`);
    expect(result.reasons).toContain(`"Verma" is in the candidate's name but not on the EPFO record`);
  });

  it('scores an exact match above a spelling variant above an initial', () => {
    const exact = matchPersonName('RAMESH KUMAR', 'Ramesh Kumar').score;
    const spelling = matchPersonName('RAMESH KUMAAR', 'Ramesh Kumar').score;
    const initial = matchPersonName('RAMESH K', 'Ramesh Kumar').score;
    expect(exact).toBe(1);
    expect(spelling).toBeLessThan(exact);
    expect(initial).toBeLessThan(spelling);
  });
});

describe('EPFO name words', () => {
  it('drops titles and a trailing -ji, splits initials, keeps a given name that looks like a title', () => {
    expect(nameWords('Smt. Dr. K.V. Lakshmi-ji').map((word) => [word.text, word.initial])).toEqual([
      ['k', true],
      ['v', true],
      ['lakshmi', false],
    ]);
    expect(nameWords('Sri').map((word) => word.text)).toEqual(['sri']);
    expect(nameWords('Priya Kumari').map((word) => word.text)).toEqual(['priya', 'kumari']);
    expect(nameWords('MD SALIM').map((word) => [word.text, word.initial])).toEqual([
      ['md', false],
      ['salim', false],
    ]);
  });

  it('keys common romanisations together', () => {
    expect(phoneticKey('laxmi')).toBe(phoneticKey('lakshmi'));
    expect(phoneticKey('sreenivas')).toBe(phoneticKey('shrinivas'));
    expect(phoneticKey('senthil')).toBe(phoneticKey('sentil'));
    expect(phoneticKey('ramesh')).toBe(phoneticKey('rames'));
    expect(phoneticKey('vishwanath')).toBe(phoneticKey('viswanath'));
    expect(phoneticKey('meena')).not.toBe(phoneticKey('mona'));
    expect(phoneticKey('manish')).not.toBe(phoneticKey('manisha'));
  });
});
