import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employeeImportPreviewSchema, employeeImportResultSchema, type EmployeeImportPreview, type EmployeeImportResult } from '@shared/schemas/employee-import.ts';
import { api } from '@web/lib/api-client.ts';
import { allEmployeesQueryKey } from './get-employees.ts';

/** POST /api/employees/import/preview: every row of the file with its problems; nothing is written. */
export function previewEmployeeImport(csv: string): Promise<EmployeeImportPreview> {
  return api('/api/employees/import/preview', { method: 'POST', body: { csv }, schema: employeeImportPreviewSchema });
}

/** POST /api/employees/import: every row, or none (400 IMPORT_ROWS_INVALID). */
export function importEmployees(csv: string): Promise<EmployeeImportResult> {
  return api('/api/employees/import', { method: 'POST', body: { csv }, schema: employeeImportResultSchema });
}

export function useImportEmployees() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importEmployees, onSettled: () => queryClient.invalidateQueries({ queryKey: allEmployeesQueryKey }) });
}
