import { NavLink } from 'react-router';
import { messages } from '@shared/messages.ts';
import { cn } from '@web/lib/cn.ts';

const text = messages.employment;
const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none',
    isActive ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
  );

/** Team members | Employees: the two views of the Team area. */
export function TeamNav() {
  return (
    <nav aria-label={text.teamNavLabel} className="inline-flex h-10 items-center gap-1 rounded-lg bg-slate-100 p-1">
      <NavLink to="/dashboard/team" end className={linkClass}>
        {text.teamMembersTab}
      </NavLink>
      <NavLink to="/dashboard/team/employees" className={linkClass}>
        {text.employeesTab}
      </NavLink>
    </nav>
  );
}
