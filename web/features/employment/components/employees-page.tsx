/** /dashboard/team/employees: the company's employees, current and relieved (placeholder until its feature lands). */
export function EmployeesPage() {
  return null;
}
