import { OPTIONAL_TITLES, SPELLINGS, TITLES, TRAILING_SUFFIXES } from './name-spellings.ts';
import { foldToWords } from './words.ts';

/**
 * A person's name as words to compare: titles and "-ji" dropped, initials split out, each word
 * with a phonetic key that brings common romanisations of one Indian name together.
 */
export interface NameWord {
  /** As written, folded to lower case ASCII ("k", "senthil"). */
  text: string;
  key: string;
  /** A single letter standing for a name: "K." in "K. Ramesh", each letter of "KVS". */
  initial: boolean;
  /** A leading "Sri"/"Kumari"…: pairs if the other side has it, not held against a match if not. */
  optional: boolean;
}

const CANONICAL = new Map<string, string>(SPELLINGS.flatMap((row) => row.map((spelling): [string, string] => [spelling, row[0] ?? spelling])));

/**
 * The phonetic key of one word. Each rewrite is a spelling choice that romanisations of the same
 * Indian name make differently:
 * - x → ksh (Laxmi/Lakshmi), ph → f, w → v (Vishwanath/Viswanath), q → k, ck → k;
 * - an h after a consonant is dropped (aspirates and sibilants: th/t, dh/d, bh/b, kh/k, sh/s,
 *   ch/c: Senthil/Sentil, Shrinivas/Srinivas, Ramesh/Rames);
 * - ee → i, oo → u (Sreenivas/Srinivas, Pooja/Puja); ou, au, ow before a consonant → o
 *   (Gaurav/Gourav);
 * - doubled letters collapse (aa/a, Kumaar/Kumar, Reddy/Redy); a final y is
 *   i (Sanjay/Sanjai, Reddy/Reddi).
 */
export function phoneticKey(word: string): string {
  return word
    .replace(/x/g, 'ksh')
    .replace(/ph/g, 'f')
    .replace(/w/g, 'v')
    .replace(/q/g, 'k')
    .replace(/ck/g, 'k')
    .replace(/([bcdgjkpst])h/g, '$1')
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/(?:ou|au|ov)(?![aeiou])/g, 'o')
    .replace(/(.)\1+/g, '$1')
    .replace(/y$/, 'i');
}

/** The key of a whole word, through the spelling table first ("Mohd" → "muhamad"). */
export function wordKey(text: string): string {
  return phoneticKey(CANONICAL.get(text) ?? text);
}

/** The same key with vowels removed: two words with one skeleton differ only in vowels. */
export function consonantSkeleton(key: string): string {
  return key.replace(/[aeiou]/g, '');
}

/** "S/O Suresh", "W/o", "D/O", "C/O": the relation and the name after it are not the person's name. */
const RELATION = /\b[sdwc]\s*\/\s*o\b.*$/i;
/** Two or three letters with no vowel, written together ("KVS", "RS"): initials, unless a known name ("Md"). */
const INITIALS_RUN = /^[b-df-hj-np-tv-xz]{2,3}$/;

export function nameWords(name: string): NameWord[] {
  const words = foldToWords(name.replace(RELATION, '')).filter((word) => !/\d/.test(word));
  let start = 0;
  const optional = new Set<number>();
  while (start < words.length - 1) {
    const word = words[start] ?? '';
    if (TITLES.has(word)) start += 1;
    else if (OPTIONAL_TITLES.has(word)) {
      optional.add(start);
      start += 1;
    } else break;
  }
  let end = words.length;
  while (end - start > 1 && TRAILING_SUFFIXES.has(words[end - 1] ?? '')) end -= 1;

  const out: NameWord[] = [];
  for (let index = 0; index < end; index += 1) {
    const text = words[index] ?? '';
    const isOptional = optional.has(index);
    if (index < start && !isOptional) continue;
    if (text.length === 1 || (INITIALS_RUN.test(text) && !CANONICAL.has(text))) {
      for (const letter of text) out.push({ text: letter, key: phoneticKey(letter).charAt(0), initial: true, optional: false });
    } else {
      out.push({ text, key: wordKey(text), initial: false, optional: isOptional });
    }
  }
  return out;
}
