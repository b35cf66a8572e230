import { useId, useState } from 'react';
import { Download } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { CSV_IMPORT_MAX_BYTES, type CsvImportPreview } from '@shared/schemas/csv-import.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog.tsx';
import { errorMessage, isApiError } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { CsvImportTable, type CsvImportColumn } from './csv-import-table.tsx';

export type { CsvImportColumn } from './csv-import-table.tsx';

const text = messages.csvImport;

/** One CSV line, quoting a cell as a spreadsheet would when it holds a comma, a quote or a line break. */
const csvLine = (cells: readonly string[]) => cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',');

/** The template as a data URL: the header row and one example row, with a BOM so Excel reads it as UTF-8. */
function templateHref<Values>(columns: readonly CsvImportColumn<Values>[], example: Partial<Record<Extract<keyof Values, string>, string>>): string {
  const csv = `\uFEFF${csvLine(columns.map((column) => column.header))}\r\n${csvLine(columns.map((column) => example[column.key] ?? ''))}\r\n`;
  return `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`;
}

export interface CsvImportDialogProps<Values> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The file's columns in the template's order, and how each shows in the preview. */
  columns: readonly CsvImportColumn<Values>[];
  /** The template's example row, by column key. */
  example: Partial<Record<Extract<keyof Values, string>, string>>;
  /** The template's file name, e.g. "employees.csv". */
  templateName: string;
  /** Checks the file on the server, writing nothing. */
  preview: (csv: string) => Promise<CsvImportPreview<Values>>;
  /** Imports every row or none; a refusal (400 IMPORT_ROWS_INVALID) shows the rows again. */
  runImport: (csv: string) => Promise<{ imported: number }>;
  /** After an import: say how many (a toast); the dialog closes itself. */
  onImported: (imported: number) => void;
  /** The toast's title when an import fails for another reason. */
  failedLabel: string;
  cancelLabel: string;
}

/** Where the check stands: nothing yet, under way, the server's answer for the file's text, or the file refused as a whole. */
type Check<Values> = { state: 'idle' } | { state: 'checking' } | { state: 'checked'; csv: string; preview: CsvImportPreview<Values> } | { state: 'refused'; message: string };

/**
 * Import from CSV, for any import: download the template, choose a file, check it (every row with
 * Ready or its problems, nothing written), then import every row, enabled only when all are ready.
 * The server decides everything again on import; this screen only shows what it said.
 */
export function CsvImportDialog<Values>(props: CsvImportDialogProps<Values>) {
  const { open, onOpenChange, title, description, columns, example, templateName, preview, runImport, onImported, failedLabel, cancelLabel } = props;
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<Check<Values>>({ state: 'idle' });
  const [importing, setImporting] = useState(false);
  const checked = check.state === 'checked' ? check : null;

  async function checkFile(chosen: File) {
    if (chosen.size > CSV_IMPORT_MAX_BYTES) {
      setCheck({ state: 'refused', message: fill(text.fileTooLarge, { max: CSV_IMPORT_MAX_BYTES / 1000 }) });
      return;
    }
    setCheck({ state: 'checking' });
    try {
      const csv = await chosen.text();
      setCheck({ state: 'checked', csv, preview: await preview(csv) });
    } catch (error) {
      setCheck({ state: 'refused', message: errorMessage(error, failedLabel) });
    }
  }

  async function importRows(csv: string) {
    setImporting(true);
    try {
      const { imported } = await runImport(csv);
      onImported(imported);
      onOpenChange(false);
    } catch (error) {
      // A row went wrong since the check (a teammate added someone): show every row again.
      if (isApiError(error, 400) && error.code === 'IMPORT_ROWS_INVALID') await checkFile(new File([csv], file?.name ?? templateName));
      const reason = errorMessage(error, '');
      toast.error(failedLabel, reason ? { description: reason } : undefined);
    } finally {
      setImporting(false);
    }
  }

  const total = checked?.preview.rows.length ?? 0;
  const summary = !checked ? '' : checked.preview.invalid > 0 ? fill(text.previewProblems, { invalid: checked.preview.invalid, total }) : fill(text.previewReady, { valid: checked.preview.valid, total });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl" data-testid="csv-import-dialog">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <div className="mt-4 space-y-4">
          <a href={templateHref(columns, example)} download={templateName} className="inline-flex items-center gap-2 text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
            <Download className="size-4" aria-hidden="true" />
            {text.template}
          </a>
          <div>
            <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
              {text.chooseFile}
            </label>
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,text/csv"
              className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:cursor-pointer file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setCheck({ state: 'idle' });
              }}
            />
          </div>
          {check.state === 'refused' ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {check.message}
            </p>
          ) : null}
          {checked ? (
            <>
              <p role="status" className={`text-sm ${checked.preview.invalid > 0 ? 'text-red-800' : 'text-emerald-800'}`}>
                {summary}
              </p>
              <CsvImportTable preview={checked.preview} columns={columns} label={summary} />
            </>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2 pt-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {cancelLabel}
            </Button>
            <Button variant={checked ? 'outline' : 'primary'} disabled={!file || check.state === 'checking' || importing} onClick={() => file && void checkFile(file)}>
              {check.state === 'checking' ? text.checking : text.preview}
            </Button>
            {checked ? (
              <Button disabled={checked.preview.invalid > 0 || total === 0 || importing} onClick={() => void importRows(checked.csv)}>
                {importing ? text.importing : fill(text.importRows, { count: total })}
              </Button>
            ) : null}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
