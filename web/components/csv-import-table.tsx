import type { ReactNode } from 'react';
import { messages } from '@shared/messages.ts';
import type { CsvImportPreview } from '@shared/schemas/csv-import.ts';

const text = messages.csvImport;

/** A column of an import: its key in a row's values, its header (as the template writes it), and how a value shows in the preview. */
export interface CsvImportColumn<Values> {
  key: Extract<keyof Values, string>;
  header: string;
  render?: (values: Values) => ReactNode;
}

/**
 * The checked rows: their number in the spreadsheet, their values and Ready or their problems.
 * Scrolls sideways inside its frame on a phone, never the page.
 */
export function CsvImportTable<Values>({ preview, columns, label }: { preview: CsvImportPreview<Values>; columns: readonly CsvImportColumn<Values>[]; label: string }) {
  return (
    // Focusable, so the rows can be scrolled from the keyboard.
    <div className="max-h-[50dvh] overflow-auto rounded-md border border-slate-200" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <thead className="sticky top-0 border-b border-slate-200 bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {text.rowHeader}
            </th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="px-3 py-2 font-medium">
                {column.header}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 font-medium">
              {text.problemsHeader}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {preview.rows.map((row) => (
            <tr key={row.row} data-testid="csv-import-row" data-ready={row.errors.length === 0} className={row.errors.length > 0 ? 'bg-red-50/60' : undefined}>
              <th scope="row" className="px-3 py-2 font-medium text-slate-700">
                {row.row}
              </th>
              {columns.map((column) => (
                <td key={column.key} className="px-3 py-2 break-words text-slate-700">
                  {column.render ? column.render(row.values) : String(row.values[column.key] ?? '')}
                </td>
              ))}
              <td className="px-3 py-2">
                {row.errors.length === 0 ? (
                  <span className="inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">{text.ok}</span>
                ) : (
                  <ul className="space-y-0.5 text-red-700">
                    {row.errors.map((error) => (
                      <li key={error}>{error}</li>
                    ))}
                  </ul>
                )}
                {row.note ? <p className="mt-0.5 text-xs text-slate-500">{row.note}</p> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
