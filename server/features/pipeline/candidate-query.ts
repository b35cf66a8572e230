/**
 * What an employer typed in "Find a candidate", read as one kind of search (issue 36 §2). Pure, so
 * the unit tests hold each rule; the terms it searches for are the ones migrations 0060 and 0071
 * keep: 'n:' a word of the name, 'm:' a pair of them, 'e:' the email, 'p:' the phone's digits (an
 * Indian number without +91).
 */
export type CandidateQuery =
  | { kind: 'candidate_code'; code: string }
  | { kind: 'email'; prefix: string }
  /** Each prefix is one way to read the digits (with or without a country code). */
  | { kind: 'phone'; prefixes: string[] }
  /** Every word must begin a word of the name; a single token may also begin the email. */
  | { kind: 'name'; words: string[]; emailPrefix: string | null };

/** Split as the migration's workcred_candidate_search_terms splits: at ASCII spaces and punctuation (and characters beyond U+FFFF). */
const WORD_SEPARATORS = /[^a-z0-9\u0080-\uffff]+/u;
/** A candidate code as shown (WC-7K2M9Q), with or without its dash, any case: Crockford's letters only. */
const CANDIDATE_CODE = /^wc[-\s]?([0-9a-hjkmnp-tv-z]{6})$/i;
const PHONE_LIKE = /^[+\d\s().-]+$/;
const MIN_PHONE_DIGITS = 3;
const MAX_NAME_WORDS = 8;

function phonePrefixes(text: string): string[] {
  let digits = text.replace(/\D/g, '');
  let international = text.replace(/[\s(]/g, '').startsWith('+');
  if (!international && digits.startsWith('00')) {
    digits = digits.slice(2);
    international = true;
  }
  if (international) {
    // Stored without India's country code; any other country's number keeps it.
    if (digits.startsWith('91')) return digits.length > 2 ? [digits.slice(2)] : [];
    return [digits];
  }
  // A trunk 0 (098765…) is not stored.
  if (digits.startsWith('0')) {
    const national = digits.replace(/^0+/, '');
    return national ? [national] : [];
  }
  // 919876543210 is +91 98765 43210; a ten-digit number beginning 91 is a number of its own.
  return digits.length > 10 && digits.startsWith('91') ? [digits, digits.slice(2)] : [digits];
}

/** The query's kind and terms, or null when it holds nothing to search for (only punctuation). */
export function parseCandidateQuery(input: string): CandidateQuery | null {
  const text = input.trim();
  const code = CANDIDATE_CODE.exec(text);
  if (code) return { kind: 'candidate_code', code: `WC-${code[1]!.toUpperCase()}` };
  if (text.includes('@')) {
    const prefix = text.toLowerCase().replace(/\s+/g, '');
    return { kind: 'email', prefix };
  }
  if (PHONE_LIKE.test(text) && text.replace(/\D/g, '').length >= MIN_PHONE_DIGITS) return { kind: 'phone', prefixes: phonePrefixes(text) };
  const words = text.toLowerCase().split(WORD_SEPARATORS).filter(Boolean);
  if (words.length === 0) return null;
  const single = !/\s/.test(text);
  return { kind: 'name', words: [...new Set(words)].slice(0, MAX_NAME_WORDS), emailPrefix: single ? text.toLowerCase() : null };
}
