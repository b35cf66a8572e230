import { inr, toNumber } from './amounts.ts';
import type { ForensicFlag, TextLine } from './types.ts';

const DATE = /^\s*(\d{1,2}[-/.](\d{1,2}|[A-Za-z]{3})[-/.]\d{2,4}|\d{1,2}\s+[A-Za-z]{3}\s+\d{2,4}|\d{4}-\d{2}-\d{2})\b/;
/** Statement amounts carry paise: "1,23,456.78" (a cheque or reference number does not). */
const MONEY = /(?<![\d.,])((?:\d{1,3}(?:,\d{2,3})+|\d+)\.\d{2})(?![\d,]*\d)(\s*(?:cr|dr)\b)?/gi;
const OPENING = /opening\s+balance|balance\s+(b\/f|brought\s+forward)/i;
const TOTALS = /\b(total|closing\s+balance|grand\s+total)\b/i;
const PAISA = 0.01;
const MAX_FLAGS = 3;

interface Row {
  line: TextLine;
  amounts: number[];
  /** null: a dated line whose amount or balance could not be read (an OCR misreading, a day's subtotal row). */
  balance: number | null;
}

function rowsOf(lines: TextLine[]): { opening: Row | null; rows: Row[] } {
  let opening: Row | null = null;
  const rows: Row[] = [];
  for (const line of lines) {
    const amounts = [...line.text.matchAll(MONEY)].map((match) => toNumber(match[1] ?? '') * (/dr/i.test(match[2] ?? '') ? -1 : 1));
    if (amounts.length === 0) continue;
    const balance = amounts.at(-1)!;
    if (OPENING.test(line.text)) opening ??= { line, amounts: [], balance };
    else if (TOTALS.test(line.text)) continue;
    else if (DATE.test(line.text)) rows.push(amounts.length >= 2 ? { line, amounts: amounts.slice(0, -1), balance } : { line, amounts: [], balance: null });
  }
  return { opening, rows };
}

/** Where the balance does not follow from the one before it and the row's amount (credit or debit). */
function mismatches(rows: Row[], start: number | null): { row: Row & { balance: number }; previous: number }[] {
  const found: { row: Row & { balance: number }; previous: number }[] = [];
  let previous = start;
  for (const row of rows) {
    // A row that could not be read breaks the chain: the next balance is not compared across it.
    if (row.balance === null) {
      previous = null;
      continue;
    }
    const balance = row.balance;
    if (previous !== null) {
      const before = previous;
      const follows = row.amounts.some((amount) => Math.abs(before + Math.abs(amount) - balance) <= PAISA || Math.abs(before - Math.abs(amount) - balance) <= PAISA);
      if (!follows) found.push({ row: { ...row, balance }, previous: before });
    }
    previous = balance;
  }
  return found;
}

/**
 * Signal 6, bank statement: the running balance reconciles line by line (each balance is the one
 * before plus the credit or minus the debit, to the paisa). Statements listed newest first are
 * read in that order. Needs at least three transaction lines.
 */
export function statementArithmetic(lines: TextLine[]): ForensicFlag[] {
  const { opening, rows } = rowsOf(lines);
  if (rows.filter((row) => row.balance !== null).length < 3) return [];
  const forward = mismatches(rows, opening?.balance ?? null);
  const backward = mismatches([...rows].reverse(), null);
  const found = backward.length < forward.length ? backward : forward;
  return found.slice(0, MAX_FLAGS).map(({ row, previous }) => ({
    signal: 'arithmetic',
    rule: 'forensic_running_balance',
    weight: 'high',
    found: `Balance ${inr(row.balance)} does not follow from the previous balance ${inr(previous)} and this line’s amount`,
    expected: `${inr(previous)} plus or minus ${row.amounts.map((amount) => inr(Math.abs(amount))).join(' or ')}`,
    evidence: row.line.text.trim().slice(0, 200),
    ...(row.line.page !== null ? { page: row.line.page } : {}),
    ...(row.line.rect ? { rect: row.line.rect } : {}),
  }));
}
