import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employeeSchema, type Employee, type RelieveInput } from '@shared/schemas/employment.ts';
import { api } from '@web/lib/api-client.ts';
import { allEmployeesQueryKey } from './get-employees.ts';

/** POST /api/employees/:employmentId/relieve: ends the employment with the last working day and reason. */
export function relieveEmployee({ id, values }: { id: string; values: RelieveInput }): Promise<Employee> {
  return api(`/api/employees/${encodeURIComponent(id)}/relieve`, { method: 'POST', body: values, schema: employeeSchema });
}

export function useRelieveEmployee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: relieveEmployee, onSettled: () => queryClient.invalidateQueries({ queryKey: allEmployeesQueryKey }) });
}
