/**
 * Data for the person-name matcher (match-person-name.ts). Extend here, not in the code.
 *
 * SPELLINGS: one row per name whose romanisations differ in ways the phonetic key in
 * person-name-words.ts does not bring together (a vowel chosen differently, an abbreviation, a
 * Bengali and a Hindi form of one surname). Every spelling in a row counts as the same name.
 * Vowel-only differences are not generalised on purpose: Meena/Mona, Manish/Manisha and
 * Amit/Amita are different names, so they are listed here only when they are the same name.
 */
export const SPELLINGS: readonly (readonly string[])[] = [
  ['muhammad', 'mohammed', 'mohammad', 'mohamed', 'mohamad', 'muhammed', 'mahomed', 'mohd', 'md'],
  ['chaudhary', 'choudhary', 'chowdhury', 'chaudhari', 'choudhari', 'choudhury', 'chaudhuri', 'chowdhary', 'chowdary'],
  ['shaikh', 'sheikh', 'shaik', 'shekh'],
  ['syed', 'sayed', 'sayyed', 'saiyed', 'sayyad'],
  ['lakshmi', 'laxmi', 'lakshmy', 'luxmi'],
  ['srinivas', 'shrinivas', 'sreenivas', 'shreenivas', 'srinivasa', 'sreenivasa', 'shrinivasa'],
  ['venkatesh', 'venkatesha', 'venkatesa'],
  ['narayan', 'narayana'],
  ['manjunath', 'manjunatha'],
  ['abdul', 'abdool'],
  ['banerjee', 'banerji', 'bannerjee', 'bandyopadhyay', 'bandopadhyay'],
  ['chatterjee', 'chatterji', 'chattopadhyay'],
  ['mukherjee', 'mukherji', 'mukerjee', 'mukhopadhyay'],
  ['upadhyay', 'upadhyaya', 'upadhya'],
  ['iyer', 'aiyar', 'ayyar'],
  ['reddy', 'reddi'],
  ['subramanian', 'subramaniam', 'subramanyam', 'subrahmanyam'],
];

/**
 * Courtesy titles dropped from the start of a name. "Sri"/"Shri"/"Shree" and "Kumari"/"Selvi"
 * are also given names (Sri Lakshmi, Priya Kumari), so those are in OPTIONAL_TITLES instead: they
 * pair when the other side has them and are not held against a match when it does not.
 */
export const TITLES: ReadonlySet<string> = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mister', 'master', 'smt', 'shrimati', 'srimati', 'dr', 'prof', 'late',
  'thiru', 'thirumathi', 'tmt', 'kum', 'km',
]);

export const OPTIONAL_TITLES: ReadonlySet<string> = new Set(['sri', 'shri', 'shree', 'sree', 'kumari', 'selvi']);

/** Dropped from the end of a name: the respectful "-ji" and a junior marker. */
export const TRAILING_SUFFIXES: ReadonlySet<string> = new Set(['ji', 'jr']);
