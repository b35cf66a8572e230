/**
 * Calendar arithmetic on 'YYYY-MM-DD' days and 'YYYY-MM' months, in UTC, for the history rules.
 * Pure: `now` is always passed in.
 */

export interface Day {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

/** 'YYYY-MM-DD' → Day; anything else → null. */
export function parseDay(text: string | null): Day | null {
  const match = text ? DAY.exec(text) : null;
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** 'YYYY-MM' → its month index (year × 12 + month − 1); 'YYYY-MM-DD' gives its month too. */
export function monthIndexOf(text: string | null): number | null {
  if (!text) return null;
  const match = MONTH.exec(text) ?? DAY.exec(text);
  return match ? Number(match[1]) * 12 + Number(match[2]) - 1 : null;
}

export const monthIndex = (day: Day): number => day.year * 12 + day.month - 1;

export const monthText = (index: number): string => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

export const dayText = (day: Day): string => `${day.year}-${String(day.month).padStart(2, '0')}-${String(day.day).padStart(2, '0')}`;

const serial = (day: Day): number => Date.UTC(day.year, day.month - 1, day.day) / 86_400_000;

export const daysBetween = (from: Day, to: Day): number => serial(to) - serial(from);

/** The same day `months` later, kept within the month: 31 Jan + 1 month = 28 (or 29) Feb. */
export function addMonths(day: Day, months: number): Day {
  const index = monthIndex(day) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: Math.min(day.day, daysInMonth(year, month)) };
}

/** Is `later` more than `months` calendar months after `earlier`? */
export const moreThanMonthsAfter = (earlier: Day, later: Day, months: number): boolean => serial(later) > serial(addMonths(earlier, months));

export const lastDayOfMonth = (index: number): Day => {
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { year, month, day: daysInMonth(year, month) };
};

export const dayFromDate = (date: Date): Day => ({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
