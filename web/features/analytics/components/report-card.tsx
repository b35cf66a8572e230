import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import { analyticsMessages as text } from '@shared/messages/analytics.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { downloadCsv, toCsv, type CsvCell } from '../lib/csv.ts';

export interface TableData {
  header: readonly string[];
  rows: readonly (readonly CsvCell[])[];
}

interface ReportCardProps {
  id: string;
  title: string;
  description: string;
  /** The query's state: the card shows a spinner, the error with Try again, or its content. */
  state: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** The table behind the chart, also what Download CSV saves; absent while loading. */
  table: TableData | null;
  filename: string;
  children?: ReactNode;
}

/** One report: its title, what it counts, a chart (hidden from screen readers) and the table that holds the same figures. */
export function ReportCard({ id, title, description, state, table, filename, children }: ReportCardProps) {
  return (
    <Card aria-labelledby={`${id}-title`} role="region" className="min-w-0">
      <CardHeader className="flex flex-col items-start gap-3 space-y-0 sm:flex-row sm:justify-between">
        <div className="min-w-0 flex-1 space-y-1">
          <CardTitle id={`${id}-title`}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <Button variant="outline" size="sm" disabled={!table} onClick={() => table && downloadCsv(filename, toCsv(table.header, table.rows))} aria-label={`${text.downloadCsv}: ${title}`}>
          <Download className="size-4" aria-hidden="true" />
          {text.downloadCsv}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {state.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label={text.loading} />
          </div>
        ) : state.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            {errorMessage(state.error, text.loadFailed)}
            <Button variant="outline" size="sm" onClick={() => void state.refetch()}>
              {text.retry}
            </Button>
          </div>
        ) : (
          <>
            {children}
            {table ? <DataTable caption={title} table={table} /> : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The figures as a table: what screen readers read, and what the chart draws. */
export function DataTable({ caption, table }: { caption: string; table: TableData }) {
  // Figures line up on the right; words (a job's title, who posted it) read from the left.
  const numeric = table.header.map((_, index) => index > 0 && table.rows.every((row) => row[index] === null || typeof row[index] === 'number' || /^[\d.]+%$/.test(String(row[index]))));
  return (
    <>
      <StackedRows caption={caption} table={table} />
      {/* From 640 px up; focusable so a keyboard can scroll a wide table sideways. */}
      <div tabIndex={0} role="group" aria-label={caption} className="relative hidden overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 sm:block">
        <table className="w-full min-w-max text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs font-semibold text-slate-600 uppercase">
            <tr>
              {table.header.map((heading, index) => (
                <th key={heading} scope="col" className={`px-3 py-2 ${numeric[index] ? 'text-right' : ''}`}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {table.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row" className="px-3 py-2 font-medium text-slate-900">
                      {cell ?? '—'}
                    </th>
                  ) : (
                    <td key={index} className={`px-3 py-2 text-slate-700 ${numeric[index] ? 'text-right tabular-nums' : ''}`}>
                      {cell ?? '—'}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * The table on a phone: one block per row, each figure beside its column's name. At 375 px the
 * table showed its first column only, the rest scrolled out of sight (issue 33 C5).
 */
function StackedRows({ caption, table }: { caption: string; table: TableData }) {
  if (table.rows.length === 0) return null;
  return (
    <ul aria-label={caption} className="divide-y divide-slate-100 rounded-lg border border-slate-200 sm:hidden" data-testid="stacked-rows">
      {table.rows.map((row, rowIndex) => (
        <li key={rowIndex} className="px-3 py-2 text-sm">
          <p className="font-medium break-words text-slate-900">{row[0] ?? '—'}</p>
          <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5">
            {table.header.slice(1).map((heading, index) => (
              <div key={heading} className="contents">
                <dt className="text-slate-600">{heading}</dt>
                <dd className="text-right break-words text-slate-800 tabular-nums">{row[index + 1] ?? '—'}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** A share as a percentage for people (0.6667 → 66.7%); the CSV keeps the same text. */
export const percent = (share: number | null) => (share === null ? null : `${Math.round(share * 1000) / 10}%`);
