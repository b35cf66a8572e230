import { messages } from '@shared/messages.ts';
import { isIsoDate } from '@shared/schemas/jobs.ts';
import { employeeImportColumns, employeeImportExample, type EmployeeImportValues } from '@shared/schemas/employee-import.ts';
import { CsvImportDialog, type CsvImportColumn } from '@web/components/csv-import-dialog.tsx';
import { fill } from '@web/lib/fill.ts';
import { toast } from '@web/lib/toast.ts';
import { previewEmployeeImport, useImportEmployees } from '../api/import-employees.ts';
import { formatDay } from '../lib/format-dates.ts';

const text = messages.employment;

const RENDER: Partial<Record<keyof EmployeeImportValues, CsvImportColumn<EmployeeImportValues>['render']>> = {
  candidate_code: (values) => <span className="font-mono text-xs">{values.candidate_code}</span>,
  // A date as it was read (1 Apr 2024 from 01/04/2024), so a month-first sheet shows itself.
  joining_date: (values) => <span className="whitespace-nowrap">{isIsoDate(values.joining_date) ? formatDay(values.joining_date) : values.joining_date}</span>,
};
const columns: CsvImportColumn<EmployeeImportValues>[] = employeeImportColumns.map((column) => ({ key: column.key, header: column.header, render: RENDER[column.key] }));

/** Team → Employees → Import from CSV: existing employees by candidate ID, all rows or none. */
export function ImportEmployeesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const importing = useImportEmployees();
  return (
    <CsvImportDialog
      open={open}
      onOpenChange={onOpenChange}
      title={text.importTitle}
      description={text.importDescription}
      columns={columns}
      example={employeeImportExample}
      templateName="workcred-employees.csv"
      preview={previewEmployeeImport}
      runImport={importing.mutateAsync}
      onImported={(count) => toast.success(count === 1 ? text.importedOne : fill(text.imported, { count }))}
      failedLabel={text.importFailed}
      cancelLabel={text.cancel}
    />
  );
}
