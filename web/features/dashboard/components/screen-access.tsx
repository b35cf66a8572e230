import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';
import { fill } from '@shared/fill.ts';
import { messages } from '@shared/messages.ts';
import { can, companyPermissionLabels, companyRoleLabels, rolesWith, type CompanyPermission, type CompanyRole } from '@shared/permissions.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { useScreenPermission } from '@web/lib/session/screen-permission.ts';

const text = messages.team;

/** "owners and admins": the roles that may, in the words of the permission table. */
function rolesPhrase(permission: CompanyPermission): string {
  const plural = rolesWith(permission).map((role) => `${companyRoleLabels[role].toLowerCase()}s`);
  return plural.length > 1 ? `${plural.slice(0, -1).join(', ')}${text.rolesJoin}${plural.at(-1)}` : (plural[0] ?? '');
}

/** The sentence a member reads on a screen their role cannot open: who can, and whom to ask. */
export function screenRefusal(permission: CompanyPermission, role: CompanyRole): string {
  return fill(text.screenNotForRole, { roles: rolesPhrase(permission), action: companyPermissionLabels[permission], role: companyRoleLabels[role] });
}

/**
 * A dashboard screen whose route asks for a permission the member's role lacks (reached by a link
 * or a typed address: the sidebar does not offer it) says who may open it, instead of loading
 * data the server would refuse ("Failed to load…" and a 403 in the console, issue 33 B6).
 */
export function ScreenAccess({ children }: { children: ReactNode }) {
  const permission = useScreenPermission();
  const user = useMe().data?.user;
  const member = user?.role === 'employer' && user.company_id && user.company_role ? user.company_role : null;
  if (!permission || !member || can(member, permission)) return children;
  return (
    <section aria-labelledby="screen-refused-title" className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white px-6 py-10 text-center" data-testid="screen-refused">
      <Lock className="mx-auto size-8 text-slate-400" aria-hidden="true" />
      <h2 id="screen-refused-title" className="mt-3 text-lg font-semibold text-slate-900">
        {text.screenNotForRoleTitle}
      </h2>
      <p className="mt-2 text-slate-600">{screenRefusal(permission, member)}</p>
    </section>
  );
}
