import { consonantSkeleton, nameWords, phoneticKey, type NameWord } from './person-name-words.ts';
import { editDistance, mergeJoinedWords, q, round2 } from './words.ts';

/**
 * Compares the name on an EPFO member record with the candidate's name, the way Indian names
 * vary between records. Pure: the rules below, no I/O.
 *
 * Both names are read into words (person-name-words.ts): titles (Mr, Smt, Dr, Thiru…) and a
 * trailing "-ji" dropped, "S/O …" cut, initials split out ("K.", "KVS"), and each word keyed so
 * common romanisations meet (Laxmi/Lakshmi, Sreenivas/Srinivas, Mohd/Mohammed). A word written
 * as two on the other side is joined first (Senthilkumar / Senthil Kumar). Words then pair in
 * any order, strongest first:
 *   exact (1.0) → same key, a spelling variant (0.95) → same consonants, only vowels differ
 *   (0.7, "near": Meena/Mona may be two names) → an initial and a word starting with it (0.6).
 *
 * Verdict:
 * - none: no whole word in common, or each side has a whole word the other lacks (a different
 *   given name or surname: "Priya Sharma" / "Priya Verma").
 * - strong: every whole word on both sides paired, none only "near", and initials left over on
 *   at most one side, and then only beside two or more paired words. So "K. Ramesh" / "Kumar
 *   Ramesh" and "S. Lakshmi" / "Lakshmi Subramanian" are strong: in the south the first initial
 *   is the father's name (or the village), and the expanded form is the same person's name;
 *   "R Senthil Kumar" / "Senthil Kumar" is strong (the father's initial left out, two words
 *   agree) but "S Lakshmi" / "Lakshmi" is weak (one word is too little to stand on).
 * - weak, for the verification team: anything between, such as a middle name on one side only
 *   ("Ramesh Kumar Yadav" / "Ramesh Yadav"), a near word, different initials on each side.
 *
 * The score is the pairs' weight over the words considered (a leftover initial counts half); it
 * orders matches for the team and does not decide the verdict.
 */

export type MatchVerdict = 'strong' | 'weak' | 'none';

export interface PersonNameMatch {
  verdict: MatchVerdict;
  /** 0 to 1. */
  score: number;
  /** Why, one line each, for the verification team. */
  reasons: string[];
}

type PairKind = 'exact' | 'spelling' | 'near' | 'initial';

interface Pair {
  kind: PairKind;
  record: NameWord;
  candidate: NameWord;
}

const WEIGHT: Record<PairKind, number> = { exact: 1, spelling: 0.95, near: 0.7, initial: 0.6 };
const NEAR_MIN_LENGTH = 4;
const NEAR_MAX_EDITS = 2;

const isNear = (a: string, b: string): boolean =>
  Math.min(a.length, b.length) >= NEAR_MIN_LENGTH &&
  a.charAt(0) === b.charAt(0) &&
  consonantSkeleton(a) === consonantSkeleton(b) &&
  editDistance(a, b) <= NEAR_MAX_EDITS;

const initialOf = (letter: NameWord, word: NameWord): boolean =>
  letter.text === word.text.charAt(0) || letter.key === word.key.charAt(0);

const STAGES: { kind: PairKind; fits: (a: NameWord, b: NameWord) => boolean }[] = [
  { kind: 'exact', fits: (a, b) => a.initial === b.initial && a.text === b.text },
  { kind: 'spelling', fits: (a, b) => !a.initial && !b.initial && a.key === b.key },
  { kind: 'near', fits: (a, b) => !a.initial && !b.initial && isNear(a.key, b.key) },
  { kind: 'initial', fits: (a, b) => (a.initial && !b.initial ? initialOf(a, b) : b.initial && !a.initial && initialOf(b, a)) },
];

function pairWords(record: NameWord[], candidate: NameWord[]): Pair[] {
  const pairs: Pair[] = [];
  const usedRecord = new Set<NameWord>();
  const usedCandidate = new Set<NameWord>();
  for (const stage of STAGES) {
    for (const a of record) {
      if (usedRecord.has(a)) continue;
      const b = candidate.find((word) => !usedCandidate.has(word) && stage.fits(a, word));
      if (!b) continue;
      usedRecord.add(a);
      usedCandidate.add(b);
      pairs.push({ kind: stage.kind, record: a, candidate: b });
    }
  }
  return pairs;
}

/** "senthil kumar" → "Senthil Kumar": reasons are read by people. */
const show = (word: NameWord): string => q(word.initial ? word.text.toUpperCase() : word.text.replace(/\b[a-z]/g, (letter) => letter.toUpperCase()));

function describePair(pair: Pair): string {
  const a = show(pair.record);
  const b = show(pair.candidate);
  switch (pair.kind) {
    case 'exact':
      return pair.record.initial ? `Initial ${a} on both` : `${a} on both`;
    case 'spelling':
      return a.includes(' ') || b.includes(' ') ? `${a} and ${b}: one name written as one word or two` : `${a} and ${b} read as spellings of one name`;
    case 'near':
      return `${a} and ${b} differ only in vowels: perhaps the same name, perhaps not`;
    case 'initial':
      return pair.record.initial ? `${a} on the EPFO record read as the initial of ${b}` : `${b} in the candidate's name read as the initial of ${a}`;
  }
}

const joinWords = (a: NameWord, b: NameWord): NameWord => ({ text: `${a.text} ${b.text}`, key: phoneticKey(a.key + b.key), initial: false, optional: false });

export function matchPersonName(epfoName: string, candidateName: string): PersonNameMatch {
  const [record, candidate] = mergeJoinedWords(nameWords(epfoName), nameWords(candidateName), joinWords);
  if (record.length === 0 || candidate.length === 0) {
    return { verdict: 'none', score: 0, reasons: [record.length === 0 ? 'No name on the EPFO record' : 'No candidate name to compare'] };
  }
  const pairs = pairWords(record, candidate);
  const paired = new Set(pairs.flatMap((pair) => [pair.record, pair.candidate]));
  const left = (words: NameWord[]) => words.filter((word) => !paired.has(word) && !word.optional);
  const loneRecord = left(record);
  const loneCandidate = left(candidate);
  const wholeRecord = loneRecord.filter((word) => !word.initial);
  const wholeCandidate = loneCandidate.filter((word) => !word.initial);
  const initialsRecord = loneRecord.length - wholeRecord.length;
  const initialsCandidate = loneCandidate.length - wholeCandidate.length;

  const wholePairs = pairs.filter((pair) => !pair.record.initial && (pair.kind === 'exact' || pair.kind === 'spelling')).length;
  const nearPairs = pairs.filter((pair) => pair.kind === 'near').length;

  const reasons = pairs.map(describePair);
  if (inDifferentOrder(pairs, record, candidate)) reasons.push('The words are in a different order');
  for (const word of loneRecord) reasons.push(`${word.initial ? 'Initial ' : ''}${show(word)} is on the EPFO record but not in the candidate's name`);
  for (const word of loneCandidate) reasons.push(`${word.initial ? 'Initial ' : ''}${show(word)} is in the candidate's name but not on the EPFO record`);

  const weight = pairs.reduce((sum, pair) => sum + WEIGHT[pair.kind], 0);
  const considered = pairs.length + wholeRecord.length + wholeCandidate.length + 0.5 * (initialsRecord + initialsCandidate);
  const score = round2(considered === 0 ? 0 : weight / considered);

  if (wholePairs + nearPairs === 0) return { verdict: 'none', score, reasons: [...reasons, 'No whole name in common'] };
  if (wholeRecord.length > 0 && wholeCandidate.length > 0) return { verdict: 'none', score, reasons: [...reasons, 'Each name has a word the other lacks: different names'] };

  const strong =
    nearPairs === 0 &&
    wholeRecord.length === 0 &&
    wholeCandidate.length === 0 &&
    (initialsRecord === 0 || initialsCandidate === 0) &&
    (initialsRecord + initialsCandidate === 0 || wholePairs >= 2);
  return { verdict: strong ? 'strong' : 'weak', score, reasons };
}

function inDifferentOrder(pairs: Pair[], record: NameWord[], candidate: NameWord[]): boolean {
  const whole = pairs.filter((pair) => !pair.record.initial && !pair.candidate.initial);
  const order = whole.sort((a, b) => record.indexOf(a.record) - record.indexOf(b.record)).map((pair) => candidate.indexOf(pair.candidate));
  return order.some((position, index) => index > 0 && position < (order[index - 1] ?? 0));
}
