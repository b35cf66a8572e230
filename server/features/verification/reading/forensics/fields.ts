import { labelledAmounts } from './amounts.ts';
import type { ForensicFlag, TextLine } from './types.ts';

/** Fields a document states once: the same label with two different values is a sign of an edit. */
const AMOUNT_FIELDS: [string, RegExp][] = [
  ['Net pay', /^(net (pay|salary|amount( payable)?|take ?home)|take ?home( pay)?)$/],
  ['Gross earnings', /^(gross (earnings|salary|pay)|total earnings)$/],
  ['Total deductions', /^total deductions?$/],
  ['Basic', /^basic( (pay|salary))?$/],
];
const ID_FIELDS: [string, RegExp][] = [
  ['UAN', /\bUAN\b(?:\s*(?:No\.?|Number))?\s*[:-]?\s*(\d(?:[ -]?\d){11})(?!\d)/i],
  ['PAN', /\bPAN\b(?:\s*(?:No\.?|Number))?\s*[:-]?\s*([A-Z]{5}\d{4}[A-Z])\b/],
  ['Account number', /\bA\/?c(?:count)?\.?\s*(?:No\.?|Number)\s*[:-]?\s*(\d[\d -]{6,20}\d)\b/i],
  ['Employee name', /\bEmployee\s*Name\s*[:-]\s*([A-Za-z][A-Za-z .']{1,50}?)(?:\s{2,}|$)/i],
];

interface Seen {
  value: string;
  line: TextLine;
}

/** Signal 3 (text part): a field such as Net pay, UAN or PAN shown with two different values. */
export function fieldsSignal(lines: TextLine[]): ForensicFlag[] {
  const values = new Map<string, Seen[]>();
  const note = (field: string, value: string, line: TextLine) => {
    const seen = values.get(field) ?? [];
    if (!seen.some((entry) => entry.value === value)) seen.push({ value, line });
    values.set(field, seen);
  };
  for (const pair of labelledAmounts(lines)) {
    const field = AMOUNT_FIELDS.find(([, pattern]) => pattern.test(pair.label));
    if (field) note(field[0], String(pair.amount), pair.line);
  }
  for (const line of lines) {
    for (const [field, pattern] of ID_FIELDS) {
      const match = pattern.exec(line.text);
      if (match?.[1]) note(field, match[1].replace(/[\s-]/g, '').toUpperCase(), line);
    }
  }
  const flags: ForensicFlag[] = [];
  for (const [field, seen] of values) {
    if (seen.length < 2) continue;
    const second = seen[1]!;
    flags.push({
      signal: 'edits',
      rule: 'forensic_field_two_values',
      weight: 'high',
      found: `${field} shown as ${seen.map((entry) => entry.value).join(' and ')}`,
      evidence: seen.map((entry) => entry.line.text.trim()).join(' | ').slice(0, 200),
      ...(second.line.page !== null ? { page: second.line.page } : {}),
      ...(second.line.rect ? { rect: second.line.rect } : {}),
    });
  }
  return flags;
}
