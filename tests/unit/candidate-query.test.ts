import { describe, expect, it } from 'vitest';
import { parseCandidateQuery } from '../../server/features/pipeline/candidate-query.ts';

/** How "Find a candidate" reads what was typed (issue 36 §2); the API test proves the matches. */
describe('parseCandidateQuery', () => {
  it('reads a candidate ID exactly, any case, with or without its dash', () => {
    for (const q of ['WC-7K2M9Q', 'wc-7k2m9q', 'WC7K2M9Q', ' wc 7k2m9q ']) expect(parseCandidateQuery(q), q).toEqual({ kind: 'candidate_code', code: 'WC-7K2M9Q' });
    // Letters a code never holds (I, L, O, U): a name.
    expect(parseCandidateQuery('wc-priyau')?.kind).toBe('name');
  });

  it('reads text with an @ as the start of an email, lowered', () => {
    expect(parseCandidateQuery('Priya.Sharma@Gmail')).toEqual({ kind: 'email', prefix: 'priya.sharma@gmail' });
  });

  it('reads a phone number in any format as its digits, with and without India’s +91', () => {
    const prefixes = (q: string) => {
      const parsed = parseCandidateQuery(q);
      return parsed?.kind === 'phone' ? parsed.prefixes : parsed;
    };
    expect(prefixes('+91 98765 43210')).toEqual(['9876543210']);
    expect(prefixes('(+91) 98765-43210')).toEqual(['9876543210']);
    expect(prefixes('0091 98765 43210')).toEqual(['9876543210']);
    expect(prefixes('098765 43210')).toEqual(['9876543210']);
    expect(prefixes('9876543210')).toEqual(['9876543210']);
    expect(prefixes('919876543210')).toEqual(['919876543210', '9876543210']);
    // A ten-digit mobile that begins 91 is a number, not a country code.
    expect(prefixes('9123456789')).toEqual(['9123456789']);
    expect(prefixes('+44 7911 123456')).toEqual(['447911123456']);
    expect(prefixes('+91 9')).toEqual(['9']);
    // Two digits are not yet a phone number: they are searched as a word.
    expect(parseCandidateQuery('98')?.kind).toBe('name');
  });

  it('reads anything else as words of a name, split at spaces and punctuation as the database splits them', () => {
    expect(parseCandidateQuery('Pri  SHA')).toEqual({ kind: 'name', words: ['pri', 'sha'], emailPrefix: null });
    expect(parseCandidateQuery("D'Souza")).toEqual({ kind: 'name', words: ['d', 'souza'], emailPrefix: "d'souza" });
    expect(parseCandidateQuery('प्रिया शर्मा')).toEqual({ kind: 'name', words: ['प्रिया', 'शर्मा'], emailPrefix: null });
    expect(parseCandidateQuery('priya')).toEqual({ kind: 'name', words: ['priya'], emailPrefix: 'priya' });
  });

  it('finds nothing to search in punctuation alone', () => {
    expect(parseCandidateQuery('!!!')).toBeNull();
    expect(parseCandidateQuery('   ')).toBeNull();
  });
});
