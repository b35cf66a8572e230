import { useId, useState } from 'react';
import { toast } from '@web/lib/toast.ts';
import { messages } from '@shared/messages.ts';
import { canAssignRole, companyRoleLabels, companyRoles, type CompanyRole } from '@shared/permissions.ts';
import type { JoinRequest } from '@shared/schemas/team.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { errorMessage } from '@web/lib/api-client.ts';
import { fill } from '@web/lib/fill.ts';
import { useDecideJoinRequest } from '../api/join-requests.ts';

const text = messages.team;

/** Team Management → Requests to join: people on the company's verified domain; approve with a role, or decline. */
export function JoinRequests({ requests, actorRole }: { requests: JoinRequest[]; actorRole: CompanyRole | null }) {
  return (
    <section aria-labelledby="join-requests" className="space-y-3">
      <h3 id="join-requests" className="text-lg font-semibold text-slate-900">
        {text.joinRequestsHeading}
      </h3>
      <Card>
        <ul className="divide-y divide-slate-100">
          {requests.map((request) => (
            <JoinRequestRow key={request.id} request={request} actorRole={actorRole} />
          ))}
        </ul>
      </Card>
    </section>
  );
}

function JoinRequestRow({ request, actorRole }: { request: JoinRequest; actorRole: CompanyRole | null }) {
  const id = useId();
  const [role, setRole] = useState<CompanyRole>('recruiter');
  const decide = useDecideJoinRequest();
  const name = request.full_name || request.email;
  const act = async (chosen: CompanyRole | null) => {
    try {
      await decide.mutateAsync({ id: request.id, role: chosen });
      toast.success(chosen ? fill(text.joinRequestApproved, { name, role: companyRoleLabels[chosen] }) : fill(text.joinRequestDeclined, { name }));
    } catch (error) {
      toast.error(errorMessage(error, messages.auth.unexpected));
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6" data-testid="join-request-row">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{name}</p>
        <p className="truncate text-xs text-slate-500">{request.email}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-role`} className="sr-only">
          {fill(text.joinRequestApproveAs, { name })}
        </label>
        <select
          id={`${id}-role`}
          value={role}
          onChange={(event) => setRole(event.target.value as CompanyRole)}
          className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        >
          {companyRoles
            .filter((option) => canAssignRole(actorRole, null, option))
            .map((option) => (
              <option key={option} value={option}>
                {companyRoleLabels[option]}
              </option>
            ))}
        </select>
        <Button size="sm" disabled={decide.isPending} onClick={() => void act(role)}>
          {text.joinRequestApprove}
        </Button>
        <Button size="sm" variant="outline" disabled={decide.isPending} onClick={() => void act(null)}>
          {text.joinRequestDecline}
        </Button>
      </div>
    </li>
  );
}
