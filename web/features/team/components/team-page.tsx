import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Settings2, UserPlus } from 'lucide-react';
import { toast } from '@web/lib/toast.ts';
import { canAssignRole, companyRoleLabels } from '@shared/permissions.ts';
import { messages } from '@shared/messages.ts';
import type { TeamMember } from '@shared/schemas/dashboard.ts';
import { ConfirmButton } from '@web/components/confirm-button.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useLiveEvents, type LiveEvent } from '@web/lib/live/use-live-events.ts';
import { roleLabel } from '@web/lib/role-label.ts';
import { useMe } from '@web/lib/session/get-me.ts';
import { useCan } from '@web/lib/session/use-can.ts';
import { TeamNav } from '@web/features/employment/components/team-nav.tsx';
import { teamQueryKey, useTeam } from '../api/get-team.ts';
import { useInvites, useResendInvite, useRevokeInvite } from '../api/team-invites.ts';
import { useJoinRequests } from '../api/join-requests.ts';
import { AddMemberDialog } from './add-member-dialog.tsx';
import { JoinRequests } from './join-requests.tsx';
import { ManageMemberDialog } from './manage-member-dialog.tsx';

const text = messages.dashboardOverview;
const teamText = messages.team;
const day = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
const cell = 'px-4 py-3 sm:px-6';

/** Team Management (spec point 2; issue 13): members with their roles, pending invites, Add Team Member and Manage. */
export function TeamPage() {
  const user = useMe().data?.user;
  const hasCompany = Boolean(user?.company_id);
  const mayManage = useCan('team.manage');
  const team = useTeam(hasCompany);
  const invites = useInvites(hasCompany);
  const joinRequests = useJoinRequests(hasCompany && mayManage);
  const [adding, setAdding] = useState(false);
  const [managing, setManaging] = useState<TeamMember | null>(null);
  const queryClient = useQueryClient();
  // A colleague's change (someone joined, a role changed) refreshes the table.
  const onEvent = useCallback(
    (event: LiveEvent | { type: 'ready' }) => {
      if (event.type === 'team' || event.type === 'ready') void queryClient.invalidateQueries({ queryKey: teamQueryKey });
    },
    [queryClient],
  );
  useLiveEvents(onEvent, { enabled: hasCompany, key: user?.company_id ?? '' });
  const actorRole = user?.company_role ?? null;
  const companyName = user?.company_name ?? '';

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {/* Team members | Employees (issue 7 point 5). */}
      <TeamNav />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">{text.teamTitle}</h2>
        {mayManage && hasCompany ? (
          <Button onClick={() => setAdding(true)}>
            <UserPlus className="size-4" aria-hidden="true" />
            {text.addTeamMember}
          </Button>
        ) : null}
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
            <TableHead joined />
            <tbody className="divide-y divide-slate-100">
              {team.data.length === 0 ? (
                <tr>
                  <td colSpan={4} className={`${cell} text-slate-500`}>
                    {text.noTeamMembers}
                  </td>
                </tr>
              ) : (
                team.data.map((member) => {
                  const isSelf = member.id === user?.id;
                  const manageable = mayManage && (canAssignRole(actorRole, member.company_role, null) || (actorRole === 'owner' && !isSelf));
                  return (
                    <tr key={member.id} data-testid="team-member-row">
                      <td className={`${cell} w-full max-w-0 sm:w-auto sm:max-w-none`}>
                        <p className="truncate font-medium text-slate-900">
                          {member.full_name}
                          {isSelf ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-600">{teamText.you}</span> : null}
                        </p>
                        <p className="truncate text-xs text-slate-500" title={member.email}>
                          {member.email}
                        </p>
                      </td>
                      <td className={`${cell} text-slate-700`}>{member.company_role ? companyRoleLabels[member.company_role] : roleLabel(member.role)}</td>
                      <td className={`${cell} hidden text-slate-700 sm:table-cell`}>{day(member.created_at)}</td>
                      <td className={`${cell} text-right`}>
                        {manageable ? (
                          <Button variant="outline" size="sm" onClick={() => setManaging(member)} aria-label={fill(teamText.manageMember, { name: member.full_name || member.email })}>
                            <Settings2 className="size-4" aria-hidden="true" />
                            {/* On a phone the icon alone, so the name keeps the width; the button's name stays "Manage …". */}
                            <span className="hidden sm:inline">{text.manage}</span>
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        )}
      </Card>

      {mayManage && joinRequests.data && joinRequests.data.length > 0 ? <JoinRequests requests={joinRequests.data} actorRole={actorRole} /> : null}

      {hasCompany && invites.data && invites.data.length > 0 ? <PendingInvites invites={invites.data} mayManage={mayManage} actorRole={actorRole} /> : null}

      {mayManage ? <AddMemberDialog open={adding} onOpenChange={setAdding} companyName={companyName} actorRole={actorRole} /> : null}
      {managing ? (
        <ManageMemberDialog
          key={managing.id}
          member={managing}
          actorRole={actorRole}
          isSelf={managing.id === user?.id}
          companyName={companyName}
          onOpenChange={(open) => {
            if (!open) setManaging(null);
          }}
        />
      ) : null}
    </div>
  );
}

/** The spec's columns: Name, Role, Joined (members only; from sm up), Actions. */
function TableHead({ joined }: { joined: boolean }) {
  return (
    <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
      <tr>
        <th scope="col" className={`${cell} font-medium`}>
          {text.teamName}
        </th>
        <th scope="col" className={`${cell} font-medium`}>
          {text.teamRole}
        </th>
        {joined ? (
          <th scope="col" className={`${cell} hidden font-medium sm:table-cell`}>
            {text.teamJoined}
          </th>
        ) : null}
        <th scope="col" className={`${cell} text-right font-medium`}>
          {text.teamActions}
        </th>
      </tr>
    </thead>
  );
}

function PendingInvites({ invites, mayManage, actorRole }: { invites: NonNullable<ReturnType<typeof useInvites>['data']>; mayManage: boolean; actorRole: TeamMember['company_role'] }) {
  const resend = useResendInvite();
  const revoke = useRevokeInvite();
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, messages.auth.unexpected));
    }
  };
  return (
    <section aria-labelledby="pending-invites" className="space-y-3">
      <h3 id="pending-invites" className="text-lg font-semibold text-slate-900">
        {teamText.pendingInvites}
      </h3>
      <Card className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <TableHead joined={false} />
          <tbody className="divide-y divide-slate-100">
            {invites.map((invite) => (
              <tr key={invite.id} data-testid="team-invite-row">
                <td className={`${cell} w-full max-w-0 sm:w-auto sm:max-w-none`}>
                  <p className="truncate font-medium text-slate-900" title={invite.email}>
                    {invite.email}
                  </p>
                  <p className={invite.expired ? 'text-xs text-red-700' : 'text-xs text-slate-500'}>
                    {invite.expired ? teamText.expiredStatus : fill(teamText.invitedStatus, { date: day(invite.expires_at) })}
                  </p>
                </td>
                <td className={`${cell} text-slate-700`}>{companyRoleLabels[invite.company_role]}</td>
                <td className={`${cell} text-right`}>
                  {mayManage && canAssignRole(actorRole, null, invite.company_role) ? (
                    <div className="flex flex-wrap justify-end gap-2">
                      <Button variant="outline" size="sm" aria-label={fill(teamText.resendInvite, { email: invite.email })} onClick={() => void act(() => resend.mutateAsync(invite.id), fill(teamText.resent, { email: invite.email }))}>
                        {teamText.resend}
                      </Button>
                      {/* Revoking cannot be undone (the link dies): asked first (issue 33 B8). */}
                      <ConfirmButton
                        label={teamText.revoke}
                        ariaLabel={fill(teamText.revokeInvite, { email: invite.email })}
                        title={teamText.revokeTitle}
                        body={fill(teamText.revokeConfirm, { email: invite.email })}
                        action={teamText.revokeConfirmButton}
                        destructive
                        done={fill(teamText.revoked, { email: invite.email })}
                        cancelLabel={teamText.cancel}
                        onConfirm={async () => {
                          await revoke.mutateAsync(invite.id);
                        }}
                      />
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </section>
  );
}
