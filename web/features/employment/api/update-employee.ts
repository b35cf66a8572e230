import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employeeSchema, type Employee, type UpdateEmploymentInput } from '@shared/schemas/employment.ts';
import { api } from '@web/lib/api-client.ts';
import { allEmployeesQueryKey } from './get-employees.ts';

/** PATCH /api/employees/:employmentId: corrects an active employment's title or joining date. */
export function updateEmployee({ id, values }: { id: string; values: UpdateEmploymentInput }): Promise<Employee> {
  return api(`/api/employees/${encodeURIComponent(id)}`, { method: 'PATCH', body: values, schema: employeeSchema });
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateEmployee, onSettled: () => queryClient.invalidateQueries({ queryKey: allEmployeesQueryKey }) });
}
