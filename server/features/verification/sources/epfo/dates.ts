import type { EpfoDate, EpfoMonth } from './provider.ts';

const MONTHS: Record<string, string> = { jan: '01', feb: '02', mar: '03', apr: '04', may: '05', jun: '06', jul: '07', aug: '08', sep: '09', oct: '10', nov: '11', dec: '12' };

function validDate(year: string, month: string, day: string): EpfoDate | null {
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  // Placeholders stand for "no date": Surepass answers 1800-01-01 (its documented samples use it
  // for empty dates), EPFO's own screens 01/01/1900. Nobody paid PF before 1952.
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== iso || Number(year) < 1950) return null;
  return iso;
}

/**
 * A provider's date as YYYY-MM-DD, or null for none. Both providers document YYYY-MM-DD; the
 * DD/MM/YYYY and DD-MM-YYYY forms EPFO's own passbook prints are accepted too, because an
 * aggregator passing those through unchanged must not turn a real date into "no date".
 */
export function epfoDate(value: unknown): EpfoDate | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  let match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
  if (match) return validDate(match[1]!, match[2]!, match[3]!);
  match = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(text);
  if (match) return validDate(match[3]!, match[2]!, match[1]!);
  return null;
}

/**
 * A wage month as YYYY-MM: "May-2022" (Surepass's wage_month), "MAY-22", "05/2022", "2022-05", or
 * the month of a full date.
 */
export function epfoMonth(value: unknown): EpfoMonth | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const date = epfoDate(text);
  if (date) return date.slice(0, 7);
  let match = /^([A-Za-z]{3})[A-Za-z]*[\s-]+(\d{4}|\d{2})$/.exec(text);
  if (match) {
    const month = MONTHS[match[1]!.toLowerCase()];
    const year = match[2]!.length === 2 ? `20${match[2]}` : match[2]!;
    return month && Number(year) >= 1950 ? `${year}-${month}` : null;
  }
  match = /^(\d{4})-(\d{1,2})$/.exec(text) ?? null;
  if (match) return monthOf(match[1]!, match[2]!);
  match = /^(\d{1,2})[/-](\d{4})$/.exec(text);
  if (match) return monthOf(match[2]!, match[1]!);
  return null;
}

function monthOf(year: string, month: string): EpfoMonth | null {
  const number = Number(month);
  return number >= 1 && number <= 12 && Number(year) >= 1950 ? `${year}-${String(number).padStart(2, '0')}` : null;
}

/** A text field, trimmed; empty and "NA" (as EPFO prints blanks) become null. */
export function epfoText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' || /^(na|n\/a|null|-)$/i.test(text) ? null : text;
}
