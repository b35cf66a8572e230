import type { VerificationFlag } from '../../db/schema.ts';

/**
 * The automatic pass's rules, on a document's extracted text (pdf-text.ts). Pure functions: no
 * database, no files, so tests/unit/verification-rules.test.ts runs them on plain strings.
 *
 * Every rule yields a flag with what was expected, what was found and a short evidence snippet
 * (about 40 characters either side of the match). A check is verified only when every rule
 * matches; anything else goes to the verification team.
 */

export type DocumentSubject = 'resume' | 'bank_statement' | 'experience_letter' | 'salary_slip';

export interface ProfileFacts {
  fullName: string;
  uan: string | null;
  currentEmployer: string | null;
  /** Annual pay in lakh rupees. */
  currentPayLakh: number | null;
}

export interface DocumentContext {
  /** The net pay read from the candidate's salary slip, for the bank statement's salary rule. */
  salarySlipNetPay?: number | null;
  /** The text is what the OCR recognised in a scan (its usual misreadings are allowed for). */
  readByOcr?: boolean;
}

export interface DocumentVerdict {
  status: 'verified' | 'in_review';
  flags: VerificationFlag[];
  /** Set only when verified. */
  verifiedFields: string[];
  /** The salary slip's net pay, when one was found. */
  netPay: number | null;
}

const EVIDENCE_RADIUS = 40;
/** Fewer characters than this is no text layer (a scan): nothing to compare. */
export const MIN_TEXT_CHARS = 20;
const PAY_TOLERANCE = 0.01;
const ANNUAL_PAY_TOLERANCE = 0.15;

// ── Text helpers ────────────────────────────────────────────────────────────────────────────

interface Normalised {
  text: string;
  /** map[i]: the index in the original text of normalised character i. */
  map: number[];
}

/** Lower case, letters and digits kept, every run of anything else one space; with a map back to the original. */
export function normalise(input: string): Normalised {
  let text = '';
  const map: number[] = [];
  let pendingSpace = false;
  for (let index = 0; index < input.length; index += 1) {
    const char = input[index] ?? '';
    if (/[\p{L}\p{N}]/u.test(char)) {
      if (pendingSpace && text.length > 0) {
        text += ' ';
        map.push(index - 1);
      }
      pendingSpace = false;
      const lower = char.toLowerCase();
      // toLowerCase keeps length for the scripts we meet; keep the map in step if it does not.
      for (const part of lower) {
        text += part;
        map.push(index);
      }
    } else {
      pendingSpace = true;
    }
  }
  return { text, map };
}

/** About 40 characters either side of [start, end) of the original text, on one line. */
export function snippet(input: string, start: number, end: number): string {
  const from = Math.max(0, start - EVIDENCE_RADIUS);
  const to = Math.min(input.length, end + EVIDENCE_RADIUS);
  const body = input.slice(from, to).replace(/\s+/g, ' ').trim();
  return `${from > 0 ? '…' : ''}${body}${to < input.length ? '…' : ''}`;
}

/** Where the phrase occurs as whole words (case, punctuation and spacing ignored), in the original text. */
export function findPhrase(input: string, phrase: string, normalisedInput: Normalised = normalise(input)): { start: number; end: number } | null {
  const needle = normalise(phrase).text;
  if (!needle) return null;
  const haystack = ` ${normalisedInput.text} `;
  const at = haystack.indexOf(` ${needle} `);
  if (at < 0) return null;
  const start = normalisedInput.map[at] ?? 0;
  const end = (normalisedInput.map[at + needle.length - 1] ?? start) + 1;
  return { start, end };
}

// ── Amounts ─────────────────────────────────────────────────────────────────────────────────

/** 52,000 / 1,23,456.00 / 52000.5: Indian or Western grouping, up to two decimals. */
const AMOUNT = /(?<![\d.,])((?:\d{1,3}(?:,\d{2,3})+|\d+)(?:\.\d{1,2})?)(?![\d,]*\d)/g;
const DATE = /\b\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}\b|\b\d{1,2}[- ]?[A-Za-z]{3,9}[- ,]+\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b/g;

/** Number from an amount as printed: "₹ 1,23,456.00", "Rs. 52,000", "INR 52000" → 123456, 52000, 52000. */
export function parseAmount(printed: string): number | null {
  const digits = printed.replace(/₹|rs\.?|inr/gi, '').replace(/[\s,]/g, '');
  if (!/^\d+(?:\.\d{1,2})?$/.test(digits)) return null;
  return Number(digits);
}

export function formatRupees(amount: number): string {
  return `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;
}

/** Amounts on a piece of text, dates left out. */
function amountsIn(line: string): { value: number; index: number; length: number }[] {
  const cleaned = line.replace(DATE, (date) => ' '.repeat(date.length));
  const found: { value: number; index: number; length: number }[] = [];
  for (const match of cleaned.matchAll(AMOUNT)) {
    const value = parseAmount(match[1] ?? '');
    // Reference numbers (long digit runs without grouping) are not amounts.
    if (value === null || value < 1 || value >= 1e9) continue;
    found.push({ value, index: match.index, length: match[0].length });
  }
  return found;
}

const NET_PAY_LABEL = /\b(?:net\s*(?:pay|salary|amount(?:\s*payable)?|take[\s-]*home)|take[\s-]*home(?:\s*pay)?)\b/gi;

/** The slip's net pay: the first amount of at least ₹100 within 60 characters after a "Net pay" / "Net salary" label on its line. */
export function findNetPay(input: string): { amount: number; start: number; end: number } | null {
  for (const label of input.matchAll(NET_PAY_LABEL)) {
    const after = label.index + label[0].length;
    const lineEnd = input.indexOf('\n', after);
    const window = input.slice(after, Math.min(after + 60, lineEnd < 0 ? input.length : lineEnd));
    const amount = amountsIn(window).find((candidate) => candidate.value >= 100);
    if (amount) return { amount: amount.value, start: label.index, end: after + amount.index + amount.length };
  }
  return null;
}

const CREDIT_LINE = /\b(?:cr|credit|credited|salary|sal)\b/i;

/** Amounts on the statement's credit lines (a line saying CR, credit or salary). */
export function findCredits(input: string): { amount: number; start: number; end: number }[] {
  const credits: { amount: number; start: number; end: number }[] = [];
  let offset = 0;
  for (const line of input.split('\n')) {
    if (CREDIT_LINE.test(line)) {
      for (const amount of amountsIn(line)) {
        if (amount.value >= 100) credits.push({ amount: amount.value, start: offset, end: offset + line.length });
      }
    }
    offset += line.length + 1;
  }
  return credits;
}

export const withinTolerance = (value: number, target: number, tolerance: number) => target > 0 && Math.abs(value - target) <= target * tolerance;

// ── Rules ───────────────────────────────────────────────────────────────────────────────────

const NAME_LABEL = /(?:employee\s*name|name\s*of\s*(?:the\s*)?employee|account\s*holder(?:\s*name)?|customer\s*name|candidate\s*name|\bname)\s*[:-]\s*([\p{L}][\p{L} .'-]{1,60})/iu;

/** The candidate's name: every word of it on the document (case and spacing ignored). */
export function nameRule(input: string, fullName: string, normalised = normalise(input), { readByOcr = false } = {}): VerificationFlag {
  const expected = fullName.trim();
  const whole = findPhrase(input, expected, normalised);
  if (whole) return { rule: 'name', outcome: 'match', expected, found: input.slice(whole.start, whole.end), evidence: snippet(input, whole.start, whole.end) };
  const tokens = normalise(expected).text.split(' ').filter(Boolean);
  // In a scan, the OCR reads a capital I as a small l in most sans-serif fonts ("Iyer" as "lyer").
  const readings = (token: string) => (readByOcr && token.startsWith('i') ? [token, `l${token.slice(1)}`] : [token]);
  const positions = tokens.map((token) => readings(token).reduce<{ start: number; end: number } | null>((found, reading) => found ?? findPhrase(input, reading, normalised), null));
  if (tokens.length > 0 && positions.every(Boolean)) {
    const first = positions[0] as { start: number; end: number };
    return { rule: 'name', outcome: 'match', expected, found: tokens.join(' '), evidence: snippet(input, first.start, first.end) };
  }
  const labelled = NAME_LABEL.exec(input);
  if (labelled?.[1]) {
    const start = labelled.index;
    return { rule: 'name', outcome: 'mismatch', expected, found: labelled[1].split('\n')[0]?.trim() ?? labelled[1].trim(), evidence: snippet(input, start, start + labelled[0].length) };
  }
  return { rule: 'name', outcome: 'missing', expected };
}

const UAN_LABEL = /\buan\b(?:\s*(?:no\.?|number))?\s*[:-]?\s*(\d(?:[ -]?\d){11})(?!\d)/i;
const TWELVE_DIGITS = /(?<!\d)\d(?:[ -]?\d){11}(?!\d)/g;

/** The candidate's UAN (12 digits, spaces or dashes between them allowed) on the salary slip. */
export function uanRule(input: string, uan: string): VerificationFlag {
  for (const match of input.matchAll(TWELVE_DIGITS)) {
    if (match[0].replace(/\D/g, '') === uan) return { rule: 'uan', outcome: 'match', expected: uan, found: uan, evidence: snippet(input, match.index, match.index + match[0].length) };
  }
  const labelled = UAN_LABEL.exec(input);
  if (labelled?.[1]) return { rule: 'uan', outcome: 'mismatch', expected: uan, found: labelled[1].replace(/\D/g, ''), evidence: snippet(input, labelled.index, labelled.index + labelled[0].length) };
  return { rule: 'uan', outcome: 'missing', expected: uan };
}

const COMPANY_SUFFIXES = new Set(['pvt', 'private', 'ltd', 'limited', 'llp', 'inc', 'co', 'corp', 'corporation', 'company', 'the', 'india']);
const COMPANY_NAME = /\b((?:[A-Z][\w&'-]*\.?\s+){1,5}(?:Pvt\.?\s*Ltd\.?|Private\s+Limited|Ltd\.?|Limited|LLP|Inc\.?|Corporation|Corp\.?))/;

/** The core of a company name, legal suffixes left out: "Acme Technologies Pvt. Ltd." → "acme technologies". */
export function employerCore(name: string): string {
  const words = normalise(name).text.split(' ').filter(Boolean);
  const core = words.filter((word) => !COMPANY_SUFFIXES.has(word));
  return (core.length > 0 ? core : words).join(' ');
}

/** The candidate's current employer on the document, legal suffixes (Pvt. Ltd., Limited…) ignored. */
export function employerRule(input: string, employer: string, normalised = normalise(input)): VerificationFlag {
  const expected = employer.trim();
  const at = findPhrase(input, employerCore(expected), normalised);
  if (at) return { rule: 'employer', outcome: 'match', expected, found: input.slice(at.start, at.end), evidence: snippet(input, at.start, at.end) };
  const other = COMPANY_NAME.exec(input);
  if (other?.[1]) return { rule: 'employer', outcome: 'mismatch', expected, found: other[1].replace(/\s+/g, ' ').trim(), evidence: snippet(input, other.index, other.index + other[0].length) };
  return { rule: 'employer', outcome: 'missing', expected };
}

export function netPayRule(input: string): { flag: VerificationFlag; netPay: number | null } {
  const netPay = findNetPay(input);
  if (!netPay) return { flag: { rule: 'net_pay', outcome: 'missing', expected: 'Net pay' }, netPay: null };
  return {
    flag: { rule: 'net_pay', outcome: 'match', expected: 'Net pay', found: formatRupees(netPay.amount), evidence: snippet(input, netPay.start, netPay.end) },
    netPay: netPay.amount,
  };
}

/** A credit on the statement equal to the slip's net pay, within ±1%. */
export function salaryCreditedRule(input: string, netPay: number): VerificationFlag {
  const expected = formatRupees(netPay);
  const credits = findCredits(input);
  const hit = credits.find((credit) => withinTolerance(credit.amount, netPay, PAY_TOLERANCE));
  if (hit) return { rule: 'salary_credited', outcome: 'match', expected, found: formatRupees(hit.amount), evidence: snippet(input, hit.start, hit.end) };
  if (credits.length === 0) return { rule: 'salary_credited', outcome: 'missing', expected };
  const first = credits[0] as { start: number; end: number };
  return {
    rule: 'salary_credited',
    outcome: 'mismatch',
    expected,
    found: [...new Set(credits.map((credit) => formatRupees(credit.amount)))].slice(0, 5).join(', '),
    evidence: snippet(input, first.start, first.end),
  };
}

/** Whether a monthly net pay agrees with the profile's annual pay (lakh rupees), within 15%. */
export function payAgreesWithProfile(netPay: number, currentPayLakh: number | null): boolean {
  return currentPayLakh !== null && withinTolerance(netPay * 12, currentPayLakh * 100_000, ANNUAL_PAY_TOLERANCE);
}

export const unreadableFlag = (found: string): VerificationFlag => ({ rule: 'readable', outcome: 'missing', expected: 'Text of a PDF document', found });

/** Runs the subject's rules on the document's text and decides: verified when every rule matches. */
export function evaluateDocument(subject: DocumentSubject, input: string, profile: ProfileFacts, context: DocumentContext = {}, unreadableText = 'No text'): DocumentVerdict {
  if (input.replace(/\s+/g, '').length < MIN_TEXT_CHARS) {
    return { status: 'in_review', flags: [unreadableFlag(unreadableText)], verifiedFields: [], netPay: null };
  }
  const normalised = normalise(input);
  const flags: VerificationFlag[] = [nameRule(input, profile.fullName, normalised, { readByOcr: context.readByOcr === true })];
  const fields = ['full_name'];
  let netPay: number | null = null;

  if ((subject === 'experience_letter' || subject === 'salary_slip') && profile.currentEmployer) {
    flags.push(employerRule(input, profile.currentEmployer, normalised));
    fields.push('current_employer');
  }
  if (subject === 'salary_slip') {
    if (profile.uan) {
      flags.push(uanRule(input, profile.uan));
      fields.push('uan');
    }
    const pay = netPayRule(input);
    flags.push(pay.flag);
    netPay = pay.netPay;
    if (netPay !== null && payAgreesWithProfile(netPay, profile.currentPayLakh)) fields.push('current_pay_lakh');
  }
  if (subject === 'bank_statement' && context.salarySlipNetPay) {
    flags.push(salaryCreditedRule(input, context.salarySlipNetPay));
    fields.push('salary_credits');
  }

  const verified = flags.every((flag) => flag.outcome === 'match');
  return { status: verified ? 'verified' : 'in_review', flags, verifiedFields: verified ? fields : [], netPay };
}
