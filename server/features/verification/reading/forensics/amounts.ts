import type { TextLine } from './types.ts';

/** A labelled amount on a line: "Basic   30,000.00" → { label: 'basic', amount: 30000 }. */
export interface LabelledAmount {
  label: string;
  amount: number;
  line: TextLine;
}

// A label (words), optional ":" or "-", an optional currency, then an amount with Indian or Western grouping.
const PAIR = /([A-Za-z][A-Za-z .&/()'’-]*?)\s*[:-]?\s*(?:Rs\.?|INR|₹)?\s*((?:\d{1,3}(?:,\d{2,3})+|\d+)(?:\.\d{1,2})?)(?![\d,]*\d)/g;

export const toNumber = (printed: string) => Number(printed.replace(/,/g, ''));

export function labelledAmounts(lines: TextLine[]): LabelledAmount[] {
  const found: LabelledAmount[] = [];
  for (const line of lines) {
    for (const match of line.text.matchAll(PAIR)) {
      const label = (match[1] ?? '').replace(/[\s.:()-]+$/, '').replace(/\s+/g, ' ').trim().toLowerCase();
      if (label) found.push({ label, amount: toNumber(match[2] ?? ''), line });
    }
  }
  return found;
}

export const inr = (value: number) => `₹${value.toLocaleString('en-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;
