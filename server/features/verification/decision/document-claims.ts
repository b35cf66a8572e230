import type { DocumentEmploymentClaim } from '../../../db/schema-candidates.ts';
import { dayText, daysInMonth } from './calendar.ts';

export type { DocumentEmploymentClaim };

/**
 * The employment a document states, as the EPFO history compares it (issue 34 §2: "the employers
 * on their experience letters and salary slips"). Pure: from the document's text (its text layer,
 * or what the OCR read of a scan).
 *
 * - An experience or relieving letter names the employer ("has been working with Infosys Limited",
 *   else its letterhead) and the dates it certifies: "from 1 June 2019 to 31 March 2024", "since
 *   1 June 2021" (employed on the letter's date), "Date of joining: 01/06/2019", "last working day
 *   31-03-2024".
 * - A salary slip names the employer in its header and the month it pays ("for the month of March
 *   2026"): the person was employed there that month.
 */

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAME = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
/** A date as Indian letters write it: "1 June 2019", "1st June, 2019", "June 1, 2019", "01/06/2019", "01-06-2019", "June 2019". */
const DATE = `(\\d{1,2}(?:st|nd|rd|th)?[\\s-]+${MONTH_NAME}[\\s,-]+\\d{4}|${MONTH_NAME}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}|\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{4}|${MONTH_NAME}[\\s,'-]+\\d{4})`;

const monthOf = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

function validDay(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || year < 1950 || year > 2100) return null;
  return dayText({ year, month, day });
}

/** A date as the document writes it → 'YYYY-MM-DD', or 'YYYY-MM' for a month alone; null when it is none. */
export function parseDocumentDate(text: string): string | null {
  const value = text.trim().replace(/\s+/g, ' ');
  let match = /^(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]+)\.?[\s,-]+(\d{4})$/i.exec(value);
  if (match) return validDay(Number(match[3]), monthOf(match[2]!), Number(match[1]));
  match = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/i.exec(value);
  if (match) return validDay(Number(match[3]), monthOf(match[1]!), Number(match[2]));
  // Day first, as India writes it.
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (match) return validDay(Number(match[3]), Number(match[2]), Number(match[1]));
  match = /^([a-z]+)\.?[\s,'-]+(\d{4})$/i.exec(value);
  if (match && monthOf(match[1]!) > 0) return `${match[2]}-${String(monthOf(match[1]!)).padStart(2, '0')}`;
  return null;
}

const COMPANY_SUFFIX = /\b(?:pvt\.?\s*ltd\.?|private\s+limited|ltd\.?|limited|llp|inc\.?|corporation|corp\.?|technologies|solutions|services|industries|bank)\b/i;
/** After these words comes the employer: "working with", "employed at", "associated with M/s.". */
const EMPLOYED_WITH = /\b(?:working|worked|employed|associated|serving|served)\s+(?:with|at|in|for)\s+(?:us\s+at\s+)?(?:[Mm]\/[Ss]\.?\s+)?([A-Z][\w&.'-]*(?:\s+[A-Z&][\w&.'-]*){0,6})/;
const TRAILING = /\s+(?:as|from|since|on|in|during|till|until|for|w\.e\.f\.?)$/i;

function cleanEmployer(name: string): string {
  let value = name.trim().replace(/[,;:.]+$/, (dots) => (/\b(?:ltd|pvt|inc|corp)$/i.test(name.trim().slice(0, -dots.length)) ? '.' : ''));
  while (TRAILING.test(value)) value = value.replace(TRAILING, '');
  return value.replace(/\s+/g, ' ').trim();
}

/** The letterhead: the first line that names a company, or the first line in capitals. */
function letterhead(lines: string[]): string | null {
  for (const line of lines.slice(0, 6)) {
    const text = line.trim();
    if (!text || /\b(?:payslip|pay slip|salary slip|statement|to whom|certificate|date)\b/i.test(text)) continue;
    if (COMPANY_SUFFIX.test(text) || (/^[A-Z0-9&.,'() -]{4,}$/.test(text) && /[A-Z]{3}/.test(text))) return cleanEmployer(text.split(/\s{3,}/)[0]!);
  }
  return null;
}

function employerOf(text: string, lines: string[]): string | null {
  const stated = EMPLOYED_WITH.exec(text);
  if (stated?.[1] && !/^us\b/i.test(stated[1])) return cleanEmployer(stated[1]);
  return letterhead(lines);
}

function firstDateAfter(text: string, words: string): string | null {
  const match = new RegExp(`\\b(?:${words})\\b[\\s:,-]*(?:on\\s+|from\\s+|is\\s+|was\\s+)?${DATE}`, 'i').exec(text);
  return match?.[1] ? parseDocumentDate(match[1]) : null;
}

function letterDates(text: string): { from: string | null; to: string | null } {
  const span = new RegExp(`\\bfrom\\s+${DATE}\\s+(?:to|till|until|-)\\s+(${DATE.slice(1, -1)}|date|the present)`, 'i').exec(text);
  if (span?.[1]) {
    const to = /date|present/i.test(span[2] ?? '') ? null : parseDocumentDate(span[2] ?? '');
    return { from: parseDocumentDate(span[1]), to };
  }
  const from = firstDateAfter(text, 'since|joined|date of joining|joining date|w\\.e\\.f\\.?');
  const to = firstDateAfter(text, 'last working day|date of relieving|relieved|date of leaving|till|until');
  return { from, to };
}

/** The date a letter is written on: a line of the letterhead that is a date and nothing else. */
function letterMonth(lines: string[]): string | null {
  for (const line of lines.slice(0, 8)) {
    const date = parseDocumentDate(line.replace(/^\s*(?:date|dated)\s*[:.-]?\s*/i, ''));
    if (date) return date.slice(0, 7);
  }
  return null;
}

function payslipMonth(text: string): string | null {
  const stated = new RegExp(`\\b(?:month|period|payslip|pay slip|salary slip|salary for)\\b[^\\n]{0,20}?(${MONTH_NAME})[\\s,'-]+(\\d{4})`, 'i').exec(text);
  if (stated?.[1]) return `${stated[2]}-${String(monthOf(stated[1])).padStart(2, '0')}`;
  const numeric = /\b(?:month|period)\b[^\n]{0,20}?\b(\d{1,2})[/-](\d{4})\b/i.exec(text);
  if (numeric && Number(numeric[1]) >= 1 && Number(numeric[1]) <= 12) return `${numeric[2]}-${numeric[1]!.padStart(2, '0')}`;
  return null;
}

export function documentEmploymentClaim(subject: string, text: string): DocumentEmploymentClaim | null {
  if (subject !== 'experience_letter' && subject !== 'salary_slip') return null;
  const lines = text.split('\n');
  const employer = employerOf(text, lines);
  if (!employer) return null;
  if (subject === 'salary_slip') {
    const month = payslipMonth(text);
    return { employer, from: null, to: null, ...(month ? { month } : {}) };
  }
  const dates = letterDates(text);
  // "Has been working with us since…": employed when the letter was written, not necessarily after.
  const month = dates.to === null ? letterMonth(lines) : null;
  return { employer, ...dates, ...(month ? { month } : {}) };
}
