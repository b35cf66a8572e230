import type { Employee } from '@shared/schemas/employment.ts';

/**
 * How a row names the person: their name once the company may know it (they confirmed the
 * employment, or applied to the company), else the candidate ID the company typed (issue 33 A1).
 */
export function employeeName(employee: Pick<Employee, 'full_name' | 'candidate_code'>): string {
  return employee.full_name ?? employee.candidate_code ?? '—';
}
