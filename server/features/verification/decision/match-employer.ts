import { EMPLOYER_ALIASES, type EmployerAlias } from './employer-aliases.ts';
import type { MatchVerdict } from './match-person-name.ts';
import { editDistance, foldToWords, mergeJoinedWords, q, round2, type Keyed } from './words.ts';

/**
 * Matches the employer a candidate claims to an EPFO establishment name. Pure: no I/O.
 *
 * Both names are reduced to their words: case and punctuation ignored; "&" is "and"; the legal
 * form (Pvt. Ltd., Private Limited, LLP, Ltd, Inc, Corporation…), "the", "and", "of" and
 * "India"/"(India)" left out; a bracketed part, anything after " - " or a comma, and anything after
 * the legal form ("INFOSYS LIMITED BANGALORE") read as a branch or location; words with digits
 * (establishment codes) and branch words (Branch, Unit, Division…) dropped; "I.B.M." read as
 * "IBM"; Technologies/Technology/Tech read as one word.
 *
 * Verdict:
 * - strong: the same words, in any order ("Infosys Ltd" / "INFOSYS LIMITED"), or both names in one
 *   row of the alias table (employer-aliases.ts: "TCS" / "Tata Consultancy Services").
 *   An abbreviation is never expanded without the table.
 * - weak, for the verification team: the names differ only in a descriptive word (Solutions,
 *   Services, Technologies…: "Cognizant" / "Cognizant Technology Solutions"), in one letter of a
 *   long word ("Cognisant"), or one name is the other with words added ("Infosys" / "Infosys
 *   BPM": a group company may be another employer).
 * - none: otherwise, such as each name having words the other lacks ("Tata Steel" / "Tata
 *   Motors", "Reliance Industries" / "Reliance Retail").
 */

export interface EmployerMatch {
  verdict: MatchVerdict;
  /** 0 to 1: the share of words in common (1 for a strong match). */
  score: number;
  reasons: string[];
}

interface EmployerWord extends Keyed {
  /** A generic word (Solutions, Services…): its absence alone does not make another company. */
  descriptor: boolean;
}

const LEGAL = new Set(['pvt', 'private', 'ltd', 'limited', 'llp', 'inc', 'incorporated', 'plc', 'corp', 'corporation', 'co', 'company', 'opc', 'pte']);
const FILLER = new Set(['the', 'and', 'of', 'india']);
const BRANCH = new Set(['branch', 'unit', 'division', 'office', 'plant', 'factory', 'site', 'region', 'zone']);
const DESCRIPTOR: Record<string, string> = {
  technologies: 'tech', technology: 'tech', tech: 'tech', techno: 'tech',
  solutions: 'solutions', solution: 'solutions', services: 'services', service: 'services',
  systems: 'systems', system: 'systems', software: 'software', softwares: 'software', infotech: 'infotech',
  consultancy: 'consultancy', consulting: 'consulting', consultants: 'consulting',
  global: 'global', international: 'international', enterprises: 'enterprises', enterprise: 'enterprises',
  industries: 'industries', industry: 'industries', group: 'group', labs: 'labs',
};
const NEAR_MIN_LENGTH = 5;

interface Reduced {
  words: EmployerWord[];
  /** Parts read as a branch or a location, for the reasons. */
  dropped: string[];
}

export function employerWords(name: string): Reduced {
  const dropped: string[] = [];
  let text = name.replace(/\(([^)]*)\)/g, (_whole, inner: string) => {
    if (inner.trim() && !/^\s*india\s*$/i.test(inner)) dropped.push(inner.trim());
    return ' ';
  });
  text = text.replace(/[&+]/g, ' and ').replace(/\bco[\s.-]*op(?:erative)?\b/gi, 'cooperative');
  const [first = '', ...rest] = text.split(/\s[-–—|/]\s|[,;]/);
  const tail = rest.map((part) => part.trim()).filter(Boolean);
  if (tail.length > 0) dropped.push(tail.join(', '));

  let words = foldToWords(first);
  const legalAt = words.findIndex((word, index) => index > 0 && LEGAL.has(word));
  if (legalAt > 0) {
    let end = legalAt;
    while (end < words.length && (LEGAL.has(words[end] ?? '') || FILLER.has(words[end] ?? ''))) end += 1;
    if (end < words.length) dropped.push(words.slice(end).join(' '));
    words = words.slice(0, end);
  }
  words = words.filter((word) => !LEGAL.has(word) && !FILLER.has(word) && !BRANCH.has(word) && !/\d/.test(word));

  const joined: string[] = [];
  for (const [index, word] of words.entries()) {
    // "I.B.M." and "L&T" arrive as single letters: read a run of them as one abbreviation.
    const last = joined[joined.length - 1];
    if (word.length === 1 && last !== undefined && (words[index - 1] ?? '').length === 1) joined[joined.length - 1] = last + word;
    else joined.push(word);
  }
  return {
    words: joined.map((word) => ({ text: word, key: DESCRIPTOR[word] ?? word, descriptor: word in DESCRIPTOR })),
    dropped,
  };
}

const coreKey = (words: EmployerWord[]): string => [...new Set(words.map((word) => word.key))].sort().join(' ');

const aliasIndexes = new WeakMap<readonly EmployerAlias[], Map<string, number>>();

function aliasGroupOf(words: EmployerWord[], aliases: readonly EmployerAlias[]): number | undefined {
  let index = aliasIndexes.get(aliases);
  if (!index) {
    index = new Map();
    for (const [row, alias] of aliases.entries()) {
      for (const name of [alias.name, ...alias.aliases]) index.set(coreKey(employerWords(name).words), row);
    }
    aliasIndexes.set(aliases, index);
  }
  return index.get(coreKey(words));
}

const joinWords = (a: EmployerWord, b: EmployerWord): EmployerWord => ({ text: `${a.text} ${b.text}`, key: a.key + b.key, descriptor: false });

const isNear = (a: string, b: string): boolean =>
  Math.min(a.length, b.length) >= NEAR_MIN_LENGTH && a.charAt(0) === b.charAt(0) && editDistance(a, b) <= 1;

export function matchEmployer(claimed: string, establishment: string, aliases: readonly EmployerAlias[] = EMPLOYER_ALIASES): EmployerMatch {
  const claim = employerWords(claimed);
  const epfo = employerWords(establishment);
  const reasons = [
    ...claim.dropped.map((part) => `${q(part)} in the claimed name read as a branch or location`),
    ...epfo.dropped.map((part) => `${q(part)} in the EPFO establishment read as a branch or location`),
  ];
  if (claim.words.length === 0 || epfo.words.length === 0) return { verdict: 'none', score: 0, reasons: [...reasons, 'No company name to compare'] };

  const claimGroup = aliasGroupOf(claim.words, aliases);
  if (claimGroup !== undefined && claimGroup === aliasGroupOf(epfo.words, aliases) && coreKey(claim.words) !== coreKey(epfo.words)) {
    return { verdict: 'strong', score: 1, reasons: [...reasons, `${q(claimed.trim())} is listed as another name of ${q(aliases[claimGroup]?.name ?? establishment)}`] };
  }

  const [a, b] = mergeJoinedWords(claim.words, epfo.words, joinWords);
  const keysA = new Set(a.map((word) => word.key));
  const keysB = new Set(b.map((word) => word.key));
  const common = [...keysA].filter((key) => keysB.has(key));
  const score = round2((2 * common.length) / (keysA.size + keysB.size));
  const onlyA = a.filter((word) => !keysB.has(word.key));
  const onlyB = b.filter((word) => !keysA.has(word.key));
  const list = (words: EmployerWord[]) => words.map((word) => q(word.text)).join(', ');

  if (onlyA.length === 0 && onlyB.length === 0) {
    return { verdict: 'strong', score: 1, reasons: [...reasons, 'The same name once the legal form, case and punctuation are set aside'] };
  }
  const distinctA = onlyA.filter((word) => !word.descriptor);
  const distinctB = onlyB.filter((word) => !word.descriptor);
  const commonDistinct = a.some((word) => !word.descriptor && keysB.has(word.key));
  if (commonDistinct && distinctA.length === 0 && distinctB.length === 0) {
    return { verdict: 'weak', score, reasons: [...reasons, `The names differ only in descriptive words: ${list([...onlyA, ...onlyB])}`] };
  }
  if (onlyA.length === onlyB.length && onlyA.every((word, index) => isNear(word.key, onlyB[index]?.key ?? ''))) {
    return { verdict: 'weak', score, reasons: [...reasons, `Spelled differently: ${list(onlyA)} and ${list(onlyB)}`] };
  }
  if (commonDistinct && (onlyA.length === 0 || onlyB.length === 0)) {
    const extra = distinctA.length > 0 ? `${list(distinctA)} only in the claimed name` : `${list(distinctB)} only in the EPFO establishment`;
    return { verdict: 'weak', score, reasons: [...reasons, `${extra}: perhaps another company of the same group`] };
  }
  const abbreviation = [claim.words, epfo.words].some((words) => words.length === 1 && (words[0]?.text.length ?? 0) <= 4);
  return {
    verdict: 'none',
    score,
    reasons: [...reasons, abbreviation ? 'Different names (an abbreviation matches only through the alias table)' : `Different names: ${list(onlyA)} against ${list(onlyB)}`],
  };
}
