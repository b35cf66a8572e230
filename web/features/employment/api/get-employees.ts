import { queryOptions, useQuery } from '@tanstack/react-query';
import { employeeListSchema, type Employee, type EmployeeStatusFilter } from '@shared/schemas/employment.ts';
import { api } from '@web/lib/api-client.ts';

export const employeesQueryKey = (status: EmployeeStatusFilter) => ['employees', status] as const;
/** Every status's list: invalidated together after a change. */
export const allEmployeesQueryKey = ['employees'] as const;

/** GET /api/employees?status=: the company's employees (the company comes from the session). */
export function getEmployees(status: EmployeeStatusFilter, signal?: AbortSignal): Promise<Employee[]> {
  return api(`/api/employees?status=${status}`, { schema: employeeListSchema, signal });
}

export function useEmployees(status: EmployeeStatusFilter, enabled: boolean) {
  return useQuery(queryOptions({ queryKey: employeesQueryKey(status), queryFn: ({ signal }) => getEmployees(status, signal), enabled, staleTime: 0 }));
}
