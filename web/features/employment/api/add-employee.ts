import { useMutation, useQueryClient } from '@tanstack/react-query';
import { employeeSchema, type AddEmployeeInput, type Employee } from '@shared/schemas/employment.ts';
import { api } from '@web/lib/api-client.ts';
import { allEmployeesQueryKey } from './get-employees.ts';

/** POST /api/employees: records someone not hired through WorkCred, by candidate ID. */
export function addEmployee(values: AddEmployeeInput): Promise<Employee> {
  return api('/api/employees', { method: 'POST', body: values, schema: employeeSchema });
}

export function useAddEmployee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addEmployee, onSettled: () => queryClient.invalidateQueries({ queryKey: allEmployeesQueryKey }) });
}
