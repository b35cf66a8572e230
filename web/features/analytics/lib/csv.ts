import { saveBlob } from '../../../lib/save-blob.ts';

export type CsvCell = string | number | null;

/**
 * RFC 4180 CSV (CRLF, quotes doubled). A cell that a spreadsheet would run as a formula (=, +, -,
 * @, tab or carriage return first) is prefixed with an apostrophe: job titles are typed by users.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const cell = (value: CsvCell) => {
    if (value === null) return '';
    if (typeof value === 'number') return String(value);
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Saves the CSV as a file (with a BOM so Excel reads ₹ and Indian names as UTF-8). */
export function downloadCsv(filename: string, csv: string): void {
  saveBlob(filename, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
}
