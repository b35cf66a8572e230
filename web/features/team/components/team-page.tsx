import { Settings2, UserPlus } from 'lucide-react';
import { companyRoleLabels } from '@shared/permissions.ts';
import { messages } from '@shared/messages.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { roleLabel } from '@web/lib/role-label.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { TeamNav } from '@web/features/employment/components/team-nav.tsx';
import { useTeam } from '../api/get-team.ts';

const text = messages.dashboardOverview;

/** Team Management (spec point 2): the members of the user's own company. */
export function TeamPage() {
  const user = useMe().data?.user;
  const hasCompany = Boolean(user?.company_id);
  // Without a company there is no team to ask for: the server would refuse it anyway.
  const team = useTeam(hasCompany);

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {/* Team members | Employees (issue 7 point 5). */}
      <TeamNav />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">{text.teamTitle}</h2>
        {/* Inert for now: team invitations come in a later release. */}
        <Button>
          <UserPlus className="size-4" aria-hidden="true" />
          {text.addTeamMember}
        </Button>
      </div>
      <Card className="overflow-x-auto">
        {!hasCompany || team.isError ? (
          <div className="p-6 text-sm text-slate-700" role="alert">
            <p>{text.teamLoadFailed}</p>
            {!hasCompany ? <p className="mt-1 text-slate-500">{text.noCompany}</p> : null}
          </div>
        ) : team.isPending ? (
          <div className="flex justify-center p-10">
            <Spinner label={text.loadingTeam} />
          </div>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-6 py-3 font-medium">
                  {text.teamName}
                </th>
                <th scope="col" className="px-6 py-3 font-medium">
                  {text.teamRole}
                </th>
                <th scope="col" className="px-6 py-3 font-medium">
                  {text.teamJoined}
                </th>
                <th scope="col" className="px-6 py-3 text-right font-medium">
                  {text.teamActions}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {team.data.length === 0 ? (
                <tr>
                  <td colSpan={4} className="px-6 py-6 text-slate-500">
                    {text.noTeamMembers}
                  </td>
                </tr>
              ) : (
                team.data.map((member) => (
                  <tr key={member.id}>
                    <td className="px-6 py-3 font-medium text-slate-900">{member.full_name}</td>
                    <td className="px-6 py-3 text-slate-700">{member.company_role ? companyRoleLabels[member.company_role] : roleLabel(member.role)}</td>
                    <td className="px-6 py-3 text-slate-700">{new Date(member.created_at).toLocaleDateString()}</td>
                    <td className="px-6 py-3 text-right">
                      {/* Inert for now: member management comes in a later release. */}
                      <Button variant="outline" size="sm">
                        <Settings2 className="size-4" aria-hidden="true" />
                        {text.manage}
                      </Button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}
