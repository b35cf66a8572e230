import { BarChart3, Briefcase, CalendarClock, CreditCard, FileText, LayoutDashboard, LifeBuoy, Lock, Settings, UserSearch, Users } from 'lucide-react';
import { NavLink } from 'react-router';
import { messages } from '@shared/messages.ts';
import { can, type CompanyPermission } from '@shared/permissions.ts';
import { cn } from '@web/lib/cn.ts';
import { useMe } from '@web/lib/session/get-me.ts';

/**
 * Sidebar entries of spec point 2; "Dashboard" matches /dashboard exactly. An entry with a
 * permission shows only to company members whose role has it (the server refuses the rest anyway).
 */
const entries: readonly { label: string; to: string; icon: typeof LayoutDashboard; end: boolean; permission?: CompanyPermission }[] = [
  { label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard, end: true, permission: 'overview.view' },
  { label: 'Jobs', to: '/dashboard/jobs', icon: Briefcase, end: false, permission: 'jobs.view' },
  { label: 'Candidates', to: '/dashboard/candidates', icon: UserSearch, end: false, permission: 'candidates.search' },
  { label: 'Interviews', to: '/dashboard/interviews', icon: CalendarClock, end: false, permission: 'interviews.view' },
  { label: 'Team', to: '/dashboard/team', icon: Users, end: false, permission: 'team.view' },
  { label: 'Documents', to: '/dashboard/documents', icon: FileText, end: false, permission: 'documents.view' },
  { label: 'Analytics', to: '/dashboard/analytics', icon: BarChart3, end: false, permission: 'analytics.view' },
  { label: 'Billing', to: '/dashboard/billing', icon: CreditCard, end: false, permission: 'billing.view' },
  { label: 'Support', to: '/dashboard/support', icon: LifeBuoy, end: false },
  // Candidates only (issue 18): their data rights.
  { label: messages.privacy.navLabel, to: '/dashboard/privacy', icon: Lock, end: false },
  { label: 'Settings', to: '/dashboard/settings', icon: Settings, end: false },
];

/** A candidate has no jobs to manage, team, analytics, billing or settings: only their own screens. */
const candidateEntries = new Set<string>(['/dashboard', '/dashboard/documents', '/dashboard/support', '/dashboard/privacy']);
const candidateOnly = new Set<string>(['/dashboard/privacy']);

export function DashboardNav({ onNavigate }: { onNavigate?: () => void }) {
  const user = useMe().data?.user;
  const isCandidate = user?.role === 'candidate';
  const inCompany = user?.role === 'employer' && user.company_id !== null;
  const shown = isCandidate
    ? entries.filter((entry) => candidateEntries.has(entry.to))
    : entries.filter((entry) => !candidateOnly.has(entry.to) && (!inCompany || !entry.permission || can(user.company_role, entry.permission)));
  return (
    <nav aria-label={messages.shell.mainNavigation}>
      <ul className="space-y-1">
        {shown.map(({ label, to, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                  isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
